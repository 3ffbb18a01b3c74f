import { z } from 'zod'
import { Empty } from '../schemas/app'
// One namespace rather than a list of twenty names: every schema of a command below comes from it.
import * as chat from '../schemas/chat'

/** Chat: conversations, messages, streaming replies. */
export const chatCommands = {
  'chat.list': { input: chat.ChatListInput, output: z.array(chat.ConversationView) },
  'chat.get': { input: chat.ConversationGetInput, output: chat.ConversationDetail },
  'chat.search': { input: chat.ChatSearchInput, output: z.array(chat.SearchHit) },
  'chat.update': { input: chat.ConversationUpdateInput, output: chat.ConversationView },
  'chat.delete': { input: chat.ConversationRef, output: z.object({ deleted: z.boolean() }) },
  /** Writes both messages and starts the reply; the reply itself arrives as `chat.delta` / `chat.messageUpdated`. */
  'chat.send': { input: chat.ChatSendInput, output: chat.ChatSendResult },
  'chat.stop': { input: chat.MessageRef, output: chat.ChatStopResult },
  'chat.retry': { input: chat.ChatRetryInput, output: chat.ChatMessageView },
  /** Edit-and-resend and another reply add branches; `chat.branch` shows another one. */
  'chat.edit': { input: chat.ChatEditInput, output: chat.ChatSendResult },
  'chat.regenerate': { input: chat.ChatRegenerateInput, output: chat.ChatSendResult },
  'chat.branch': { input: chat.ChatBranchInput, output: chat.ConversationDetail },
  'chat.presets': { input: Empty, output: z.array(chat.ChatPreset) },
  'chat.savePreset': { input: chat.ChatPresetSaveInput, output: chat.ChatPreset },
  'chat.deletePreset': { input: chat.PresetRef, output: z.object({ deleted: z.boolean() }) },
  'chat.export': { input: chat.ConversationRef, output: chat.ChatExport }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export const chatEvents = {
  'chat.conversationUpdated': chat.ConversationView,
  'chat.conversationRemoved': z.object({ id: z.string() }),
  'chat.messageUpdated': chat.ChatMessageView,
  'chat.delta': chat.ChatDelta
} as const satisfies Record<string, z.ZodType>
