import type { ChatDelta } from '@shared/schemas/chat'
import type { Connection } from '../../api'
import { loadConversation, loadList } from './actions'
import { useChatStore } from './store'

/**
 * Feeds chat events into the store. Deltas are gathered and applied once per animation frame, so a fast
 * stream re-renders the growing reply at most once a frame, never the whole list per token.
 */
export function bridgeChat({ api }: Connection): () => void {
  let pending: ChatDelta[] = []
  let frame: number | null = null

  const flush = (): void => {
    frame = null
    if (pending.length === 0) return
    const batch = pending
    pending = []
    const gaps = useChatStore.getState().applyDeltas(batch)
    for (const conversationId of gaps) void loadConversation(api, conversationId)
  }

  const offs = [
    api.on('chat.delta', (delta) => {
      pending.push(delta)
      frame ??= requestAnimationFrame(flush)
    }),
    api.on('chat.messageUpdated', (message) => {
      // Deltas queued before this update come first, so the update's text is never overtaken.
      flush()
      useChatStore.getState().upsertMessage(message)
    }),
    api.on('chat.conversationUpdated', (conversation) =>
      useChatStore.getState().upsertConversation(conversation)
    ),
    api.on('chat.conversationRemoved', ({ id }) => useChatStore.getState().removeConversation(id))
  ]
  return () => {
    if (frame !== null) cancelAnimationFrame(frame)
    offs.forEach((off) => off())
  }
}

/** After an outage: the list again, and the open conversation (replies may have ended meanwhile). */
export async function resyncChat({ api }: Connection): Promise<void> {
  const { currentId } = useChatStore.getState()
  await Promise.all([loadList(api), currentId ? loadConversation(api, currentId) : Promise.resolve()])
}
