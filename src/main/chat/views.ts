import type { ChatMessageView, ConversationView } from '../../shared/schemas/chat'
import type { ConversationRecord, MessageRecord } from './rows'
import { usageView } from './usage'

export function conversationView(record: ConversationRecord, profileName: string | null): ConversationView {
  return {
    id: record.id,
    title: record.title,
    profileId: record.profileId,
    profileName,
    model: record.model,
    style: record.style,
    systemPrompt: record.systemPrompt,
    settings: record.settings,
    messageCount: record.messageCount,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt
  }
}

export function messageView(record: MessageRecord): ChatMessageView {
  return {
    id: record.id,
    conversationId: record.conversationId,
    role: record.role,
    status: record.status,
    text: record.text,
    reasoning: record.reasoning,
    toolCalls: record.toolCalls,
    attachments: record.attachments,
    usage: usageView(record.usage),
    error: record.error,
    model: record.model,
    style: record.style,
    finishReason: record.finishReason,
    streamed: record.streamed,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt
  }
}

const TITLE_MAX = 60

/** A conversation's first title: the first line of its first message, cut on a word near 60 characters. */
export function titleFrom(text: string, hasImages: boolean): string {
  const line =
    text
      .split('\n')
      .map((l) =>
        l
          .replace(/^#+\s*/, '')
          .replace(/\s+/g, ' ')
          .trim()
      )
      .find((l) => l !== '') ?? ''
  if (line === '') return hasImages ? 'Image' : 'New conversation'
  const chars = [...line]
  if (chars.length <= TITLE_MAX) return line
  const cut = chars.slice(0, TITLE_MAX).join('')
  const space = cut.lastIndexOf(' ')
  return `${(space > TITLE_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}
