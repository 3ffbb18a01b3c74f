import type { ChatDelta, ChatMessageView, ConversationView } from '@shared/schemas/chat'

export const FINAL_STATUSES: ReadonlySet<ChatMessageView['status']> = new Set([
  'complete',
  'stopped',
  'error',
  'interrupted'
])

export const isLive = (message: ChatMessageView | undefined): boolean =>
  message !== undefined && message.role === 'assistant' && !FINAL_STATUSES.has(message.status)

/** Appends a delta's text at its offset: text already there is skipped; null means a gap (reload). */
export function appendAt(current: string, offset: number, piece: string): string | null {
  if (offset > current.length) return null
  const end = offset + piece.length
  if (end <= current.length) return current
  return current + piece.slice(current.length - offset)
}

/**
 * Applies a frame's worth of deltas to the messages they belong to. Returns the changed messages, and the
 * conversations that missed text (a delta whose offset is past what we have) so they can be reloaded.
 */
export function applyDeltas(
  messages: Readonly<Record<string, ChatMessageView>>,
  deltas: readonly ChatDelta[]
): { changed: Record<string, ChatMessageView>; gaps: Set<string> } {
  const changed: Record<string, ChatMessageView> = {}
  const gaps = new Set<string>()
  for (const delta of deltas) {
    const message = changed[delta.messageId] ?? messages[delta.messageId]
    // Unknown (not loaded here) or already final: the final state is authoritative.
    if (!message || FINAL_STATUSES.has(message.status)) continue
    const text = appendAt(message.text, delta.textOffset, delta.text)
    const reasoning = appendAt(message.reasoning, delta.reasoningOffset, delta.reasoning)
    if (text === null || reasoning === null) {
      gaps.add(delta.conversationId)
      continue
    }
    changed[delta.messageId] = {
      ...message,
      status: 'streaming',
      text,
      reasoning,
      toolCalls: delta.toolCalls ?? message.toolCalls
    }
  }
  return { changed, gaps }
}

/**
 * A message update from the backend. Final states replace what we have; while a reply is still arriving,
 * a row read from the database may be behind the deltas already shown, so the longer text is kept.
 */
export function mergeMessage(current: ChatMessageView | undefined, next: ChatMessageView): ChatMessageView {
  if (!current || FINAL_STATUSES.has(next.status) || !isLive(current)) return next
  if (current.text.length <= next.text.length && current.reasoning.length <= next.reasoning.length)
    return next
  return {
    ...next,
    text: current.text.length > next.text.length ? current.text : next.text,
    reasoning: current.reasoning.length > next.reasoning.length ? current.reasoning : next.reasoning,
    toolCalls: current.text.length > next.text.length ? current.toolCalls : next.toolCalls
  }
}

/** Newest first, as the list shows them. */
export function sortConversations(list: Iterable<ConversationView>): ConversationView[] {
  return [...list].sort((a, b) => b.updatedAt - a.updatedAt)
}
