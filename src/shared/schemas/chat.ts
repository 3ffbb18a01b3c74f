import { z } from 'zod'
import { say, type Said, type SentenceCode } from '../sentences'
import { modelSupports } from '../gateway/preflight'
import type { ModelEndpointKey } from '../gateway/spec'
import { AppErrorSchema } from '../result'

/** The three request styles a chat can use; one conversation may switch between them. */
export const CHAT_STYLES = ['chat', 'messages', 'responses'] as const
export const ChatStyle = z.enum(CHAT_STYLES)
export type ChatStyle = z.output<typeof ChatStyle>

export const STYLE_ENDPOINT_KEYS: Readonly<Record<ChatStyle, ModelEndpointKey>> = {
  chat: 'chatCompletions',
  messages: 'messages',
  responses: 'responses'
}

export const STYLE_LABELS: Readonly<Record<ChatStyle, string>> = {
  chat: 'Chat completions',
  messages: 'Messages',
  responses: 'Responses'
}

/** The styles a model's listing allows, in our order of preference (chat completions first). */
export function stylesFor(supportedEndpoints: readonly string[] | undefined): ChatStyle[] {
  return CHAT_STYLES.filter((style) => modelSupports(supportedEndpoints, STYLE_ENDPOINT_KEYS[style]))
}

/** The user's preferred style when the model has it, else the model's first; null for a non-chat model. */
export function pickStyle(supported: readonly ChatStyle[], preferred?: ChatStyle | null): ChatStyle | null {
  if (preferred && supported.includes(preferred)) return preferred
  return supported[0] ?? null
}

/** `max_tokens` is required by the messages style; this is what a new conversation starts with (ours). */
export const DEFAULT_MAX_TOKENS = 1024
export const MAX_TOKENS_LIMIT = 1_000_000
/** Temperature ranges of the three formats (OpenAI 0–2, Anthropic 0–1). */
export const TEMPERATURE_MAX: Readonly<Record<ChatStyle, number>> = { chat: 2, messages: 1, responses: 2 }

/** A function the model may call; sent in each style's own tool shape. Gateway Studio never runs it. */
export const ToolDefinition = z
  .object({
    name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'a tool name is 1-64 letters, digits, _ or -'),
    description: z.string().max(4000).optional(),
    /** JSON Schema of the arguments; an empty object schema when left out. */
    parameters: z.record(z.string(), z.unknown()).optional()
  })
  .strict()
export type ToolDefinition = z.output<typeof ToolDefinition>

export const ChatSettings = z
  .object({
    /** null: the model's default. */
    temperature: z.number().min(0).max(2).nullable().default(null),
    /** null: the model's default (the messages style then sends DEFAULT_MAX_TOKENS). */
    maxTokens: z.number().int().min(1).max(MAX_TOKENS_LIMIT).nullable().default(null),
    /** Off when the model refused to stream: replies then arrive whole. */
    stream: z.boolean().default(true),
    tools: z.array(ToolDefinition).max(32).default([])
  })
  .strict()
export type ChatSettings = z.output<typeof ChatSettings>
export type ChatSettingsInput = z.input<typeof ChatSettings>

export const defaultChatSettings = (): ChatSettings => ChatSettings.parse({})

/** Only the settings that change; the backend merges them, so two quick edits never undo each other. */
export const ChatSettingsPatch = z
  .object({
    temperature: z.number().min(0).max(2).nullable().optional(),
    maxTokens: z.number().int().min(1).max(MAX_TOKENS_LIMIT).nullable().optional(),
    stream: z.boolean().optional(),
    tools: z.array(ToolDefinition).max(32).optional()
  })
  .strict()
export type ChatSettingsPatch = z.output<typeof ChatSettingsPatch>

/** Settings with a patch applied; fields the patch leaves out stay as they were. */
export function patchSettings(settings: ChatSettings, patch: ChatSettingsPatch): ChatSettings {
  const next = { ...settings }
  if (patch.temperature !== undefined) next.temperature = patch.temperature
  if (patch.maxTokens !== undefined) next.maxTokens = patch.maxTokens
  if (patch.stream !== undefined) next.stream = patch.stream
  if (patch.tools !== undefined) next.tools = patch.tools
  return next
}

/** A temperature above what a newly chosen style allows is lowered to its maximum (Messages takes 0-1). */
export function fitSettings(style: ChatStyle, settings: ChatSettings): ChatSettings {
  const max = TEMPERATURE_MAX[style]
  return settings.temperature !== null && settings.temperature > max
    ? { ...settings, temperature: max }
    : settings
}

/** The sentence of a temperature out of range, by style: each style has its own name in each language. */
const TEMPERATURE_SENTENCE = {
  chat: 'temperatureChat',
  messages: 'temperatureMessages',
  responses: 'temperatureResponses'
} as const satisfies Record<ChatStyle, SentenceCode>

/** Problems with settings for a style, as sentences the renderer words; empty when all is well. */
export function settingsIssues(style: ChatStyle, settings: ChatSettings): Said[] {
  const issues: Said[] = []
  const max = TEMPERATURE_MAX[style]
  if (settings.temperature !== null && settings.temperature > max) {
    issues.push(say(TEMPERATURE_SENTENCE[style], { max }))
  }
  return issues
}

const Id = z.string().min(1).max(64)
const Timestamp = z.number()

export const ConversationView = z.object({
  id: z.string(),
  title: z.string(),
  profileId: z.string(),
  /** Name of the gateway profile; null when that profile was deleted. */
  profileName: z.string().nullable(),
  model: z.string(),
  style: ChatStyle,
  systemPrompt: z.string(),
  settings: ChatSettings,
  messageCount: z.number().int(),
  createdAt: Timestamp,
  updatedAt: Timestamp
})
export type ConversationView = z.output<typeof ConversationView>

export const ToolCallView = z.object({
  /** The call id the model gave (`call_…`, `toolu_…`, a responses `call_id`). */
  id: z.string(),
  name: z.string(),
  /** The JSON arguments as assembled from the streamed fragments (may be incomplete while streaming). */
  arguments: z.string()
})
export type ToolCallView = z.output<typeof ToolCallView>

export const AttachmentView = z.object({
  mediaId: z.string(),
  mime: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable()
})
export type AttachmentView = z.output<typeof AttachmentView>

/** Token counts of one reply in common names; a field is null when the gateway did not report it. */
export const UsageView = z.object({
  inputTokens: z.number().nullable(),
  outputTokens: z.number().nullable(),
  totalTokens: z.number().nullable(),
  /** `prompt_tokens_details.cached_tokens` (chat) / `input_tokens_details.cached_tokens` (responses). */
  cachedTokens: z.number().nullable(),
  /** `cache_creation_input_tokens` (messages). */
  cacheCreationTokens: z.number().nullable(),
  /** `cache_read_input_tokens` (messages). */
  cacheReadTokens: z.number().nullable(),
  reasoningTokens: z.number().nullable()
})
export type UsageView = z.output<typeof UsageView>

export const MESSAGE_STATUSES = [
  'pending',
  'streaming',
  'complete',
  'stopped',
  'error',
  'interrupted'
] as const
export const MessageStatus = z.enum(MESSAGE_STATUSES)
export type MessageStatus = z.output<typeof MessageStatus>

export const ChatMessageView = z.object({
  id: z.string(),
  conversationId: z.string(),
  role: z.enum(['user', 'assistant']),
  status: MessageStatus,
  text: z.string(),
  reasoning: z.string(),
  toolCalls: z.array(ToolCallView),
  attachments: z.array(AttachmentView),
  usage: UsageView.nullable(),
  error: AppErrorSchema.nullable(),
  /** For replies: the model and style that produced it. */
  model: z.string().nullable(),
  style: ChatStyle.nullable(),
  /** `stop`, `length`, `end_turn`, `max_tokens`, `tool_calls`, `completed`, `max_output_tokens`… */
  finishReason: z.string().nullable(),
  /** False when the reply arrived whole (the model refused streaming, or streaming is off). */
  streamed: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp
})
export type ChatMessageView = z.output<typeof ChatMessageView>

/** Where a message of the branch shown sits among its siblings (other branches from the same point). */
export const BranchView = z.object({
  /** 1-based, oldest first. */
  index: z.number().int().min(1),
  count: z.number().int().min(2),
  previousId: z.string().nullable(),
  nextId: z.string().nullable()
})
export type BranchView = z.output<typeof BranchView>

export const ConversationDetail = z.object({
  conversation: ConversationView,
  /** The branch shown, first message first (edits and new replies add branches). */
  messages: z.array(ChatMessageView),
  /** By message id, for messages of that branch that have siblings. */
  branches: z.record(z.string(), BranchView).default({}),
  /**
   * How many messages of the branch come before `messages`, and after them, left out: a read with `tail`
   * (and `before`) answers part of the branch.
   */
  earlier: z.number().int().min(0).default(0),
  later: z.number().int().min(0).default(0)
})
export type ConversationDetail = z.output<typeof ConversationDetail>

export const ConversationRef = z.object({ id: Id }).strict()

/** The most messages a first, partial read of a conversation asks for (its last ones). */
const TAIL_MAX = 200

/**
 * Reads a conversation's branch shown; with `tail`, only its last messages, or with `before` too, the
 * `tail` messages before that one. A long conversation shows its end at once and reads the rest in parts.
 * A `before` no longer on the branch reads as if not given.
 */
export const ConversationGetInput = z
  .object({
    id: Id,
    tail: z.number().int().min(1).max(TAIL_MAX).optional(),
    before: Id.optional()
  })
  .strict()
export const MessageRef = z.object({ messageId: Id }).strict()

export const ChatListInput = z.object({ limit: z.number().int().min(1).max(2000).default(500) }).strict()

export const ChatSearchInput = z
  .object({
    query: z.string().trim().min(1).max(200),
    limit: z.number().int().min(1).max(200).default(50)
  })
  .strict()

/** Start and end of a matched word inside `snippet` (private-use characters, never HTML). */
export const SNIPPET_MARK_START = '\uE000'
export const SNIPPET_MARK_END = '\uE001'

export const SearchHit = z.object({
  conversation: ConversationView,
  /** The best matching message; null when only the title matched. */
  messageId: z.string().nullable(),
  /** Text around the match; matched words sit between SNIPPET_MARK_START and SNIPPET_MARK_END. */
  snippet: z.string()
})
export type SearchHit = z.output<typeof SearchHit>

/** What a new conversation is created with, sent along with its first message. */
export const ConversationDraft = z
  .object({
    model: z.string().trim().min(1, 'Pick a model').max(200),
    style: ChatStyle,
    systemPrompt: z.string().max(100_000).default(''),
    settings: ChatSettings.default(defaultChatSettings)
  })
  .strict()
export type ConversationDraft = z.input<typeof ConversationDraft>

export const ConversationUpdateInput = z
  .object({
    id: Id,
    title: z.string().trim().min(1, 'Give the conversation a title').max(200).optional(),
    /** Picking a model binds the conversation to the gateway now in use. */
    model: z.string().trim().min(1).max(200).optional(),
    style: ChatStyle.optional(),
    systemPrompt: z.string().max(100_000).optional(),
    settings: ChatSettingsPatch.optional()
  })
  .strict()

export const ATTACHMENT_MIMES = ['image/png', 'image/jpeg', 'image/webp'] as const
/** Per image (ours): big enough for screenshots and photos, small enough to send to a gateway. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024
export const MAX_ATTACHMENTS = 4

/** An image the user attached or pasted: its bytes cross the contract once, then live in the library. */
export const ImageUpload = z
  .object({
    name: z.string().max(255).optional(),
    mime: z.enum(ATTACHMENT_MIMES, 'Attach a PNG, JPEG or WebP image'),
    /** Base64 without a `data:` prefix. */
    data: z
      .string()
      .min(1)
      .max(Math.ceil(MAX_ATTACHMENT_BYTES / 3) * 4, 'Images up to 10 MB can be attached')
  })
  .strict()

/** One click on Send or Retry: the backend uses it as the gateway Idempotency-Key, so a click bills once. */
export const RequestId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/)

export const ChatSendInput = z
  .object({
    /** Absent for the first message of a new conversation, which then needs `draft`. */
    conversationId: Id.optional(),
    draft: ConversationDraft.optional(),
    text: z.string().max(200_000),
    attachments: z.array(ImageUpload).max(MAX_ATTACHMENTS).default([]),
    requestId: RequestId
  })
  .strict()

export const ChatSendResult = z.object({
  conversation: ConversationView,
  userMessage: ChatMessageView,
  assistantMessage: ChatMessageView
})

export const ChatRetryInput = z.object({ messageId: Id, requestId: RequestId }).strict()

/** Edit a sent message and send it again: a new branch from the same point; the earlier one is kept. */
export const ChatEditInput = z
  .object({ messageId: Id, text: z.string().max(200_000), requestId: RequestId })
  .strict()

/** Another reply to the same message, by the same model or another one (of the conversation's gateway). */
export const ChatRegenerateInput = z
  .object({
    messageId: Id,
    model: z.string().trim().min(1).max(200).optional(),
    style: ChatStyle.optional(),
    requestId: RequestId
  })
  .strict()

/** Show the branch a message is on (from there, its most recent continuation). */
export const ChatBranchInput = z.object({ messageId: Id }).strict()

/** A named system prompt a conversation can take. */
export const ChatPreset = z.object({
  id: Id,
  name: z.string(),
  systemPrompt: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp
})
export type ChatPreset = z.output<typeof ChatPreset>

export const ChatPresetSaveInput = z
  .object({
    /** Absent: a new preset. */
    id: Id.optional(),
    name: z.string().trim().min(1, 'Name the preset').max(80, 'Keep the name under 80 characters'),
    systemPrompt: z.string().max(100_000)
  })
  .strict()

export const PresetRef = z.object({ id: Id }).strict()

export const ChatStopResult = z.object({ stopped: z.boolean(), message: ChatMessageView.nullable() })

export const ChatExport = z.object({ fileName: z.string(), markdown: z.string() })

/**
 * Text that arrived for a streaming reply since the last delta. Offsets let the renderer append exactly
 * once: a delta whose text it already has is skipped, a gap makes it reload the message.
 */
export const ChatDelta = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  textOffset: z.number().int().nonnegative(),
  text: z.string(),
  reasoningOffset: z.number().int().nonnegative(),
  reasoning: z.string(),
  /** The whole list when it changed (tool-call JSON arrives in fragments). */
  toolCalls: z.array(ToolCallView).optional()
})
export type ChatDelta = z.output<typeof ChatDelta>

/** Finish reasons that mean the reply was cut at the token limit (chat, messages, responses). */
export function isTruncated(finishReason: string | null): boolean {
  return (
    finishReason === 'length' ||
    finishReason === 'max_tokens' ||
    finishReason === 'max_output_tokens' ||
    finishReason === 'incomplete'
  )
}

/** Usage as labelled figures in the words of the reply's style; only what the gateway reported. */
export function usageParts(style: ChatStyle | null, usage: UsageView): { label: string; value: number }[] {
  const openAiChat = style === 'chat'
  const parts: [string, number | null][] = [
    [openAiChat ? 'Prompt' : 'Input', usage.inputTokens],
    [openAiChat ? 'Completion' : 'Output', usage.outputTokens],
    ['Total', usage.totalTokens],
    ['Cached', usage.cachedTokens],
    ['Cache write', usage.cacheCreationTokens],
    ['Cache read', usage.cacheReadTokens],
    ['Reasoning', usage.reasoningTokens]
  ]
  return parts.flatMap(([label, value]) => (value === null ? [] : [{ label, value }]))
}
