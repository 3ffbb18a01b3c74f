import { z } from 'zod'
import {
  ChatSettings,
  ToolCallView,
  defaultChatSettings,
  type AttachmentView,
  type ChatStyle,
  type MessageStatus
} from '../../shared/schemas/chat'
import { AppErrorSchema, type AppError } from '../../shared/result'
import { readJsonColumn } from '../db/json'

/**
 * The chat tables' rows as SQLite returns them, the records the rest of the backend sees, and the shapes
 * the repository writes. No SQL here: `ChatReads` queries, `ChatRepository` writes.
 */

export interface ConversationRecord {
  id: string
  title: string
  /** The user named it; the first message no longer sets the title. */
  titleSet: boolean
  profileId: string
  model: string
  style: ChatStyle
  systemPrompt: string
  settings: ChatSettings
  messageCount: number
  /** The last message of the branch shown and continued; null before the first message. */
  leafId: string | null
  createdAt: number
  updatedAt: number
}

export interface MessageRecord {
  seq: number
  id: string
  conversationId: string
  /** The message this one follows; null for the first. Siblings are other branches from the same point. */
  parentId: string | null
  role: 'user' | 'assistant'
  status: MessageStatus
  text: string
  reasoning: string
  toolCalls: ToolCallView[]
  /** The gateway's usage object as it came (merged over the stream). */
  usage: Record<string, unknown> | null
  error: AppError | null
  model: string | null
  style: ChatStyle | null
  finishReason: string | null
  streamed: boolean
  requestKey: string | null
  attachments: AttachmentView[]
  createdAt: number
  updatedAt: number
}

export interface NewConversation {
  profileId: string
  model: string
  style: ChatStyle
  systemPrompt: string
  settings: ChatSettings
  title: string
}

export interface ConversationPatch {
  title?: string
  titleSet?: boolean
  profileId?: string
  model?: string
  style?: ChatStyle
  systemPrompt?: string
  settings?: ChatSettings
}

/** What may change on a reply while and after it streams. */
export interface ReplyPatch {
  status?: MessageStatus
  text?: string
  reasoning?: string
  toolCalls?: ToolCallView[]
  usage?: Record<string, unknown> | null
  error?: AppError | null
  finishReason?: string | null
  streamed?: boolean
}

export interface StoredAttachment {
  mediaId: string
  mime: string
  width: number | null
  height: number | null
}

export interface RawSearchHit {
  conversationId: string
  messageId: string | null
  snippet: string
}

export interface PresetRecord {
  id: string
  name: string
  systemPrompt: string
  createdAt: number
  updatedAt: number
}

export interface ConversationRow {
  id: string
  title: string
  title_set: number
  profile_id: string
  model: string
  style: ChatStyle
  system_prompt: string
  settings: string
  message_count: number
  leaf_id: string | null
  created_at: number
  updated_at: number
}

export interface MessageRow {
  seq: number
  id: string
  conversation_id: string
  parent_id: string | null
  role: 'user' | 'assistant'
  status: MessageStatus
  text: string
  reasoning: string
  tool_calls: string | null
  usage: string | null
  error: string | null
  model: string | null
  style: ChatStyle | null
  finish_reason: string | null
  streamed: number
  request_key: string | null
  created_at: number
  updated_at: number
}

export interface AttachmentRow {
  message_id: string
  media_id: string
  mime: string
  width: number | null
  height: number | null
}

export interface PresetRow {
  id: string
  name: string
  system_prompt: string
  created_at: number
  updated_at: number
}

const UsageJson = z.record(z.string(), z.unknown())
const ToolCallsJson = z.array(ToolCallView)

export function toConversation(row: ConversationRow): ConversationRecord {
  return {
    id: row.id,
    title: row.title,
    titleSet: row.title_set === 1,
    profileId: row.profile_id,
    model: row.model,
    style: row.style,
    systemPrompt: row.system_prompt,
    settings: readJsonColumn(ChatSettings, row.settings, defaultChatSettings()),
    messageCount: row.message_count,
    leafId: row.leaf_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at
  }
}

export function toMessage(row: MessageRow, attachments: AttachmentView[]): MessageRecord {
  return {
    seq: row.seq,
    id: row.id,
    conversationId: row.conversation_id,
    parentId: row.parent_id,
    role: row.role,
    status: row.status,
    text: row.text,
    reasoning: row.reasoning,
    toolCalls: readJsonColumn(ToolCallsJson, row.tool_calls, []),
    usage: readJsonColumn(UsageJson.nullable(), row.usage, null),
    error: readJsonColumn(AppErrorSchema.nullable(), row.error, null),
    model: row.model,
    style: row.style,
    finishReason: row.finish_reason,
    streamed: row.streamed === 1,
    requestKey: row.request_key,
    attachments,
    createdAt: row.created_at,
    updatedAt: row.updated_at
  }
}

export const toAttachment = (row: AttachmentRow): AttachmentView => ({
  mediaId: row.media_id,
  mime: row.mime,
  width: row.width,
  height: row.height
})

export const toPreset = (row: PresetRow): PresetRecord => ({
  id: row.id,
  name: row.name,
  systemPrompt: row.system_prompt,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

/** The branch that ends at `leafId`, first message first; empty when there is no such message. */
export function pathIn<T extends { id: string; parentId: string | null }>(
  all: readonly T[],
  leafId: string | null
): T[] {
  const byId = new Map(all.map((message) => [message.id, message]))
  const path: T[] = []
  const seen = new Set<string>()
  let current = leafId ? byId.get(leafId) : undefined
  while (current && !seen.has(current.id)) {
    seen.add(current.id)
    path.push(current)
    current = current.parentId ? byId.get(current.parentId) : undefined
  }
  return path.reverse()
}
