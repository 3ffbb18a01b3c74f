import { isTruncated, STYLE_LABELS, usageParts, type ChatStyle } from '../../shared/schemas/chat'
import type { ConversationRecord, MessageRecord } from './rows'
import { usageView } from './usage'
import { GATEWAY_LIMITS, parseJson } from '../../shared/json'

const stamp = (ms: number): string => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`

/** A fence longer than any backtick run inside, so the content can never close it early. */
function fenced(text: string, info = ''): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length))
  const fence = '`'.repeat(Math.max(3, longest + 1))
  return `${fence}${info}\n${text}\n${fence}`
}

function prettyJson(text: string): string {
  if (text.trim() === '') return '{}'
  try {
    return JSON.stringify(parseJson(text, GATEWAY_LIMITS), null, 2)
  } catch {
    return text
  }
}

/** One line of plain text for a heading: no line breaks, no leading `#`. */
const headingText = (text: string): string => text.replace(/\s+/g, ' ').trim()

function statusNote(message: MessageRecord): string | null {
  switch (message.status) {
    case 'stopped':
      return '_Stopped before the end._'
    case 'interrupted':
      return '_The app closed before this reply finished._'
    case 'error':
      return `> **Error:** ${headingText(message.error?.message ?? 'The reply failed.')}`
    case 'pending':
    case 'streaming':
      return '_Still arriving when exported._'
    default:
      return isTruncated(message.finishReason) ? '_Cut short at the token limit._' : null
  }
}

function usageLine(style: ChatStyle | null, raw: Record<string, unknown> | null): string | null {
  const usage = usageView(raw)
  if (!usage) return null
  const parts = usageParts(style, usage).map((part) => `${part.label.toLowerCase()} ${part.value}`)
  return parts.length > 0 ? `_Tokens: ${parts.join(' · ')}_` : null
}

function messageBlock(message: MessageRecord): string {
  const who =
    message.role === 'user'
      ? 'You'
      : `Assistant${message.model ? ` · ${message.model}` : ''}${message.style ? ` (${STYLE_LABELS[message.style]})` : ''}`
  const parts: string[] = [`## ${who}`, `_${stamp(message.createdAt)}_`]
  if (message.attachments.length > 0) {
    parts.push(
      message.attachments
        .map((a) => `- Image attachment (${a.mime}${a.width && a.height ? `, ${a.width}×${a.height}` : ''})`)
        .join('\n')
    )
  }
  if (message.reasoning.trim() !== '') {
    parts.push(`**Thinking**\n\n${fenced(message.reasoning.trim(), 'text')}`)
  }
  if (message.text.trim() !== '') parts.push(message.text.trim())
  for (const call of message.toolCalls) {
    parts.push(
      `**Tool call** \`${headingText(call.name) || 'unnamed'}\` (not run)\n\n${fenced(prettyJson(call.arguments), 'json')}`
    )
  }
  const note = statusNote(message)
  if (note) parts.push(note)
  const usage = message.role === 'assistant' ? usageLine(message.style, message.usage) : null
  if (usage) parts.push(usage)
  return parts.join('\n\n')
}

/** The conversation as a Markdown document: settings first, then every message in order. */
export function conversationMarkdown(
  conversation: ConversationRecord,
  messages: readonly MessageRecord[],
  profileName: string | null,
  exportedAt: number
): string {
  const facts = [
    `- Model: ${conversation.model} (${STYLE_LABELS[conversation.style]})`,
    `- Gateway: ${profileName ?? 'a gateway that was removed'}`,
    `- Started: ${stamp(conversation.createdAt)}`,
    `- Exported: ${stamp(exportedAt)}`
  ]
  const { temperature, maxTokens } = conversation.settings
  if (temperature !== null) facts.push(`- Temperature: ${temperature}`)
  if (maxTokens !== null) facts.push(`- Max tokens: ${maxTokens}`)
  const sections = [`# ${headingText(conversation.title) || 'Conversation'}`, facts.join('\n')]
  if (conversation.systemPrompt.trim() !== '') {
    sections.push(`## System prompt\n\n${fenced(conversation.systemPrompt.trim(), 'text')}`)
  }
  for (const message of messages) sections.push(messageBlock(message))
  return `${sections.join('\n\n')}\n`
}
