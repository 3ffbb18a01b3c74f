import { conversationHandlers } from './chatConversations'
import { messageHandlers } from './chatMessages'
import { presetHandlers } from './chatPresets'
import { chatScope, type ChatDeps, type ChatHandlers } from './chatScope'

/**
 * Chat: conversations in SQLite, replies streamed from the gateway in three styles. Commands answer at
 * once; a reply arrives as `chat.delta` events and ends with `chat.messageUpdated`.
 */
export function createChatHandlers(deps: ChatDeps): ChatHandlers {
  const scope = chatScope(deps)
  return {
    ...conversationHandlers(deps, scope),
    ...messageHandlers(deps, scope),
    ...presetHandlers(scope)
  }
}
