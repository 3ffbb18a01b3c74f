import { z } from 'zod'
import { Empty } from '../schemas/app'
import {
  ChatBranchInput,
  ChatDelta,
  ChatEditInput,
  ChatExport,
  ChatListInput,
  ChatMessageView,
  ChatPreset,
  ChatPresetSaveInput,
  ChatRegenerateInput,
  ChatRetryInput,
  ChatSearchInput,
  ChatSendInput,
  ChatSendResult,
  ChatStopResult,
  ConversationDetail,
  ConversationRef,
  ConversationUpdateInput,
  ConversationView,
  MessageRef,
  PresetRef,
  SearchHit
} from '../schemas/chat'

/** Chat: conversations, messages, streaming replies (issue 6). */
export const chatCommands = {
  'chat.list': { input: ChatListInput, output: z.array(ConversationView) },
  'chat.get': { input: ConversationRef, output: ConversationDetail },
  'chat.search': { input: ChatSearchInput, output: z.array(SearchHit) },
  'chat.update': { input: ConversationUpdateInput, output: ConversationView },
  'chat.delete': { input: ConversationRef, output: z.object({ deleted: z.boolean() }) },
  /** Writes both messages and starts the reply; the reply itself arrives as `chat.delta` / `chat.messageUpdated`. */
  'chat.send': { input: ChatSendInput, output: ChatSendResult },
  'chat.stop': { input: MessageRef, output: ChatStopResult },
  'chat.retry': { input: ChatRetryInput, output: ChatMessageView },
  /** Issue 15: edit-and-resend and another reply add branches; `chat.branch` shows another one. */
  'chat.edit': { input: ChatEditInput, output: ChatSendResult },
  'chat.regenerate': { input: ChatRegenerateInput, output: ChatSendResult },
  'chat.branch': { input: ChatBranchInput, output: ConversationDetail },
  'chat.presets': { input: Empty, output: z.array(ChatPreset) },
  'chat.savePreset': { input: ChatPresetSaveInput, output: ChatPreset },
  'chat.deletePreset': { input: PresetRef, output: z.object({ deleted: z.boolean() }) },
  'chat.export': { input: ConversationRef, output: ChatExport }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export const chatEvents = {
  'chat.conversationUpdated': ConversationView,
  'chat.conversationRemoved': z.object({ id: z.string() }),
  'chat.messageUpdated': ChatMessageView,
  'chat.delta': ChatDelta
} as const satisfies Record<string, z.ZodType>
