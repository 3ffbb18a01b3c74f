import { conversationHandlers } from './chatConversations'
import { messageHandlers } from './chatMessages'
import { presetHandlers } from './chatPresets'
import { openChat, type ChatHandlers, type ChatServiceOptions } from './chatScope'
import type { ServiceContext } from './context'

/**
 * Chat (issue 6): conversations in SQLite, replies streamed from the gateway in three styles. Commands
 * answer at once; a reply arrives as `chat.delta` events and ends with `chat.messageUpdated`.
 */
export function createChatHandlers(ctx: ServiceContext, options: ChatServiceOptions = {}): ChatHandlers {
  const chat = openChat(ctx, options)
  return {
    ...conversationHandlers(ctx, chat),
    ...messageHandlers(ctx, chat),
    ...presetHandlers(chat)
  }
}
