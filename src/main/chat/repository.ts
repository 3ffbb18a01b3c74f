import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import {
  ChatSettings,
  SNIPPET_MARK_END,
  SNIPPET_MARK_START,
  ToolCallView,
  defaultChatSettings,
  type AttachmentView,
  type ChatStyle,
  type MessageStatus
} from '../../shared/schemas/chat'
import { AppErrorSchema, type AppError } from '../../shared/result'
import { writeTransaction, type Db } from '../db/connection'
import { readJson } from '../db/json'

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
  /** The last message of the branch shown and continued (issue 15); null before the first message. */
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

interface ConversationRow {
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

interface MessageRow {
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

interface AttachmentRow {
  message_id: string
  media_id: string
  mime: string
  width: number | null
  height: number | null
}

const CONVERSATION_COLUMNS = `c.*, (SELECT count(*) FROM chat_messages m WHERE m.conversation_id = c.id) AS message_count`
const UsageJson = z.record(z.string(), z.unknown())
const ToolCallsJson = z.array(ToolCallView)

function toConversation(row: ConversationRow): ConversationRecord {
  return {
    id: row.id,
    title: row.title,
    titleSet: row.title_set === 1,
    profileId: row.profile_id,
    model: row.model,
    style: row.style,
    systemPrompt: row.system_prompt,
    settings: readJson(ChatSettings, row.settings, defaultChatSettings()),
    messageCount: row.message_count,
    leafId: row.leaf_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at
  }
}

function toMessage(row: MessageRow, attachments: AttachmentView[]): MessageRecord {
  return {
    seq: row.seq,
    id: row.id,
    conversationId: row.conversation_id,
    parentId: row.parent_id,
    role: row.role,
    status: row.status,
    text: row.text,
    reasoning: row.reasoning,
    toolCalls: readJson(ToolCallsJson, row.tool_calls, []),
    usage: readJson(UsageJson.nullable(), row.usage, null),
    error: readJson(AppErrorSchema.nullable(), row.error, null),
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

export interface PresetRecord {
  id: string
  name: string
  systemPrompt: string
  createdAt: number
  updatedAt: number
}

interface PresetRow {
  id: string
  name: string
  system_prompt: string
  created_at: number
  updated_at: number
}

const toPreset = (row: PresetRow): PresetRecord => ({
  id: row.id,
  name: row.name,
  systemPrompt: row.system_prompt,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

/** Another preset already has this name. */
export class PresetNameTaken extends Error {
  constructor(readonly presetName: string) {
    super(`A preset named "${presetName}" already exists.`)
  }
}

/** The branch that ends at `leafId`, first message first; empty when there is no such message. */
function pathIn(all: readonly MessageRecord[], leafId: string | null): MessageRecord[] {
  const byId = new Map(all.map((message) => [message.id, message]))
  const path: MessageRecord[] = []
  const seen = new Set<string>()
  let current = leafId ? byId.get(leafId) : undefined
  while (current && !seen.has(current.id)) {
    seen.add(current.id)
    path.push(current)
    current = current.parentId ? byId.get(current.parentId) : undefined
  }
  return path.reverse()
}

const json = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value)

/**
 * The FTS5 query for what a person typed: each word quoted (so `"`, `-`, `AND` or `NEAR(` are just text),
 * all words required, the last one as a prefix so results follow the typing.
 */
export function ftsQuery(text: string): string | null {
  const words = text
    .split(/\s+/)
    .map((word) => word.replace(/"/g, '""'))
    .filter((word) => word !== '')
  if (words.length === 0) return null
  return words.map((word, i) => `"${word}"${i === words.length - 1 ? '*' : ''}`).join(' ')
}

const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Conversations and their messages in SQLite (migration 004); plain reads and writes, no gateway here. */
export class ChatRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now
  ) {}

  listConversations(limit: number): ConversationRecord[] {
    return this.db
      .prepare<[number], ConversationRow>(
        `SELECT ${CONVERSATION_COLUMNS} FROM chat_conversations c ORDER BY c.updated_at DESC, c.rowid DESC LIMIT ?`
      )
      .all(limit)
      .map(toConversation)
  }

  getConversation(id: string): ConversationRecord | null {
    const row = this.db
      .prepare<[string], ConversationRow>(
        `SELECT ${CONVERSATION_COLUMNS} FROM chat_conversations c WHERE c.id = ?`
      )
      .get(id)
    return row ? toConversation(row) : null
  }

  createConversation(input: NewConversation): ConversationRecord {
    const id = randomUUID()
    const at = this.now()
    this.db
      .prepare(
        `INSERT INTO chat_conversations (id, title, profile_id, model, style, system_prompt, settings, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
      )
      .run(
        id,
        input.title,
        input.profileId,
        input.model,
        input.style,
        input.systemPrompt,
        JSON.stringify(input.settings),
        at,
        at
      )
    return this.mustGetConversation(id)
  }

  updateConversation(id: string, patch: ConversationPatch, touch = true): ConversationRecord {
    const sets: string[] = []
    const values: (string | number)[] = []
    const set = (column: string, value: string | number): void => {
      sets.push(`${column} = ?`)
      values.push(value)
    }
    if (patch.title !== undefined) set('title', patch.title)
    if (patch.titleSet !== undefined) set('title_set', patch.titleSet ? 1 : 0)
    if (patch.profileId !== undefined) set('profile_id', patch.profileId)
    if (patch.model !== undefined) set('model', patch.model)
    if (patch.style !== undefined) set('style', patch.style)
    if (patch.systemPrompt !== undefined) set('system_prompt', patch.systemPrompt)
    if (patch.settings !== undefined) set('settings', JSON.stringify(patch.settings))
    if (touch) set('updated_at', this.now())
    if (sets.length > 0) {
      this.db.prepare(`UPDATE chat_conversations SET ${sets.join(', ')} WHERE id = ?`).run(...values, id)
    }
    return this.mustGetConversation(id)
  }

  /** Deletes a conversation with its messages; returns the media ids no other chat message still uses. */
  deleteConversation(id: string): { deleted: boolean; freedMedia: string[] } {
    return writeTransaction(this.db, () => {
      const media = this.db
        .prepare<[string], { media_id: string }>(
          `SELECT DISTINCT a.media_id FROM chat_attachments a JOIN chat_messages m ON m.id = a.message_id
           WHERE m.conversation_id = ?`
        )
        .all(id)
        .map((row) => row.media_id)
      const deleted = this.db.prepare('DELETE FROM chat_conversations WHERE id = ?').run(id).changes > 0
      const stillUsed = this.db.prepare<[string], { n: number }>(
        'SELECT 1 AS n FROM chat_attachments WHERE media_id = ? LIMIT 1'
      )
      return { deleted, freedMedia: media.filter((mediaId) => !stillUsed.get(mediaId)) }
    })
  }

  /**
   * The branch shown (issue 15): from the first message to the conversation's leaf, following parents.
   * Other branches stay stored; `allMessages` has every message.
   */
  messages(conversationId: string): MessageRecord[] {
    const all = this.allMessages(conversationId)
    const leafId = this.getConversation(conversationId)?.leafId ?? all.at(-1)?.id ?? null
    return pathIn(all, leafId)
  }

  /** A message and every message before it on its branch, first first. */
  pathTo(messageId: string): MessageRecord[] {
    const message = this.getMessage(messageId)
    return message ? pathIn(this.allMessages(message.conversationId), messageId) : []
  }

  /** The messages that share a parent (the branches from that point), oldest first. */
  siblings(conversationId: string, parentId: string | null): string[] {
    return this.db
      .prepare<[string, string | null], { id: string }>(
        'SELECT id FROM chat_messages WHERE conversation_id = ? AND parent_id IS ? ORDER BY seq'
      )
      .all(conversationId, parentId)
      .map((row) => row.id)
  }

  /** Where a branch now ends: from a message, down through its most recently written children. */
  newestLeafUnder(messageId: string): string {
    const next = this.db.prepare<[string], { id: string }>(
      'SELECT id FROM chat_messages WHERE parent_id = ? ORDER BY updated_at DESC, seq DESC LIMIT 1'
    )
    let leaf = messageId
    for (let depth = 0; depth < 100_000; depth++) {
      const child = next.get(leaf)
      if (!child) break
      leaf = child.id
    }
    return leaf
  }

  /** Shows another branch: the conversation continues from `leafId` from now on. */
  setLeaf(conversationId: string, leafId: string): ConversationRecord {
    this.db.prepare('UPDATE chat_conversations SET leaf_id = ? WHERE id = ?').run(leafId, conversationId)
    return this.mustGetConversation(conversationId)
  }

  /** Every message of a conversation, every branch, in the order they were written. */
  allMessages(conversationId: string): MessageRecord[] {
    const rows = this.db
      .prepare<[string], MessageRow>('SELECT * FROM chat_messages WHERE conversation_id = ? ORDER BY seq')
      .all(conversationId)
    const attachments = this.db
      .prepare<[string], AttachmentRow>(
        `SELECT a.message_id, a.media_id, a.mime, a.width, a.height FROM chat_attachments a
         JOIN chat_messages m ON m.id = a.message_id WHERE m.conversation_id = ? ORDER BY a.message_id, a.idx`
      )
      .all(conversationId)
    const byMessage = new Map<string, AttachmentView[]>()
    for (const a of attachments) {
      const list = byMessage.get(a.message_id) ?? []
      list.push({ mediaId: a.media_id, mime: a.mime, width: a.width, height: a.height })
      byMessage.set(a.message_id, list)
    }
    return rows.map((row) => toMessage(row, byMessage.get(row.id) ?? []))
  }

  getMessage(id: string): MessageRecord | null {
    const row = this.db.prepare<[string], MessageRow>('SELECT * FROM chat_messages WHERE id = ?').get(id)
    return row ? toMessage(row, this.attachmentsOf(row.id)) : null
  }

  findByRequestKey(requestKey: string): MessageRecord | null {
    const row = this.db
      .prepare<[string], MessageRow>('SELECT * FROM chat_messages WHERE request_key = ?')
      .get(requestKey)
    return row ? toMessage(row, []) : null
  }

  /**
   * The user's message and the reply that answers it, written together BEFORE any request is sent, so a
   * reload (or a crash) always finds both. A first message also names the conversation, unless renamed.
   */
  insertExchange(input: {
    conversationId: string
    /**
     * What the user's message follows: left out, the end of the branch shown (a new message); an edited
     * message passes the original's own parent.
     */
    parentId?: string | null
    text: string
    attachments: StoredAttachment[]
    model: string
    style: ChatStyle
    requestKey: string
    title: string | null
  }): { user: MessageRecord; assistant: MessageRecord } {
    const userId = randomUUID()
    const assistantId = randomUUID()
    writeTransaction(this.db, () => {
      const at = this.now()
      const parentId =
        input.parentId !== undefined
          ? input.parentId
          : (this.db
              .prepare<[string], { leaf_id: string | null }>(
                'SELECT leaf_id FROM chat_conversations WHERE id = ?'
              )
              .get(input.conversationId)?.leaf_id ?? null)
      const insert = this.db.prepare(
        `INSERT INTO chat_messages (id, conversation_id, parent_id, role, status, text, model, style, request_key, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
      )
      insert.run(
        userId,
        input.conversationId,
        parentId,
        'user',
        'complete',
        input.text,
        null,
        null,
        null,
        at,
        at
      )
      const attach = this.db.prepare(
        'INSERT INTO chat_attachments (message_id, idx, media_id, mime, width, height) VALUES (?, ?, ?, ?, ?, ?)'
      )
      input.attachments.forEach((a, idx) => attach.run(userId, idx, a.mediaId, a.mime, a.width, a.height))
      insert.run(
        assistantId,
        input.conversationId,
        userId,
        'assistant',
        'pending',
        '',
        input.model,
        input.style,
        input.requestKey,
        at,
        at
      )
      const rename = input.title !== null ? ', title = CASE WHEN title_set = 0 THEN ? ELSE title END' : ''
      this.db
        .prepare(`UPDATE chat_conversations SET updated_at = ?, leaf_id = ?${rename} WHERE id = ?`)
        .run(
          ...(input.title !== null ? [at, assistantId, input.title] : [at, assistantId]),
          input.conversationId
        )
    })
    return { user: this.mustGetMessage(userId), assistant: this.mustGetMessage(assistantId) }
  }

  /**
   * Another reply to the same message (issue 15: regenerate, with the same model or another): a new branch
   * beside the earlier replies, which are kept; written before anything is sent, like every reply.
   */
  insertReply(input: {
    conversationId: string
    parentId: string
    model: string
    style: ChatStyle
    requestKey: string
  }): MessageRecord {
    const id = randomUUID()
    writeTransaction(this.db, () => {
      const at = this.now()
      this.db
        .prepare(
          `INSERT INTO chat_messages (id, conversation_id, parent_id, role, status, text, model, style, request_key, created_at, updated_at)
           VALUES (?, ?, ?, 'assistant', 'pending', '', ?, ?, ?, ?, ?)`
        )
        .run(id, input.conversationId, input.parentId, input.model, input.style, input.requestKey, at, at)
      this.db
        .prepare('UPDATE chat_conversations SET updated_at = ?, leaf_id = ? WHERE id = ?')
        .run(at, id, input.conversationId)
    })
    return this.mustGetMessage(id)
  }

  listPresets(): PresetRecord[] {
    return this.db
      .prepare<[], PresetRow>('SELECT * FROM chat_presets ORDER BY name COLLATE NOCASE')
      .all()
      .map(toPreset)
  }

  /** Creates a preset, or renames / rewrites one; a name is used once (case-insensitively). */
  savePreset(input: { id?: string | undefined; name: string; systemPrompt: string }): PresetRecord {
    const at = this.now()
    const id = input.id ?? randomUUID()
    writeTransaction(this.db, () => {
      const clash = this.db
        .prepare<[string, string], { id: string }>(
          'SELECT id FROM chat_presets WHERE name = ? COLLATE NOCASE AND id != ?'
        )
        .get(input.name, id)
      if (clash) throw new PresetNameTaken(input.name)
      this.db
        .prepare(
          `INSERT INTO chat_presets (id, name, system_prompt, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT(id) DO UPDATE SET name = excluded.name, system_prompt = excluded.system_prompt,
             updated_at = excluded.updated_at`
        )
        .run(id, input.name, input.systemPrompt, at, at)
    })
    const row = this.db.prepare<[string], PresetRow>('SELECT * FROM chat_presets WHERE id = ?').get(id)
    if (!row) throw new Error(`preset ${id} vanished`)
    return toPreset(row)
  }

  deletePreset(id: string): boolean {
    return this.db.prepare('DELETE FROM chat_presets WHERE id = ?').run(id).changes > 0
  }

  /** A retry reuses the reply's row: cleared, pending again, under the new click's key. */
  resetReply(id: string, input: { requestKey: string; model: string; style: ChatStyle }): MessageRecord {
    this.db
      .prepare(
        `UPDATE chat_messages SET status = 'pending', text = '', reasoning = '', tool_calls = NULL, usage = NULL,
           error = NULL, finish_reason = NULL, streamed = 1, model = ?, style = ?, request_key = ?, updated_at = ?
         WHERE id = ?`
      )
      .run(input.model, input.style, input.requestKey, this.now(), id)
    return this.mustGetMessage(id)
  }

  updateReply(id: string, patch: ReplyPatch): void {
    const sets: string[] = []
    const values: (string | number | null)[] = []
    const set = (column: string, value: string | number | null): void => {
      sets.push(`${column} = ?`)
      values.push(value)
    }
    if (patch.status !== undefined) set('status', patch.status)
    if (patch.text !== undefined) set('text', patch.text)
    if (patch.reasoning !== undefined) set('reasoning', patch.reasoning)
    if (patch.toolCalls !== undefined)
      set('tool_calls', patch.toolCalls.length > 0 ? json(patch.toolCalls) : null)
    if (patch.usage !== undefined) set('usage', json(patch.usage))
    if (patch.error !== undefined) set('error', json(patch.error))
    if (patch.finishReason !== undefined) set('finish_reason', patch.finishReason)
    if (patch.streamed !== undefined) set('streamed', patch.streamed ? 1 : 0)
    set('updated_at', this.now())
    this.db.prepare(`UPDATE chat_messages SET ${sets.join(', ')} WHERE id = ?`).run(...values, id)
  }

  /** Replies that were streaming when the app stopped: their text is kept, their state says so. */
  markInterrupted(): number {
    return this.db
      .prepare(
        `UPDATE chat_messages SET status = 'interrupted', updated_at = ? WHERE status IN ('pending', 'streaming')`
      )
      .run(this.now()).changes
  }

  /** Best match per conversation, best first; the title counts too (a renamed conversation is found by it). */
  search(text: string, limit: number): RawSearchHit[] {
    const hits: RawSearchHit[] = []
    const seen = new Set<string>()
    const query = ftsQuery(text)
    if (query) {
      const rows = this.db
        .prepare<[string, string, string, number], { conversation_id: string; id: string; snippet: string }>(
          `SELECT m.conversation_id, m.id, snippet(chat_search, 0, ?, ?, '…', 14) AS snippet
           FROM chat_search JOIN chat_messages m ON m.seq = chat_search.rowid
           WHERE chat_search MATCH ? ORDER BY bm25(chat_search) LIMIT ?`
        )
        .all(SNIPPET_MARK_START, SNIPPET_MARK_END, query, limit * 20)
      for (const row of rows) {
        if (seen.has(row.conversation_id)) continue
        seen.add(row.conversation_id)
        hits.push({ conversationId: row.conversation_id, messageId: row.id, snippet: row.snippet })
      }
    }
    const titled = this.db
      .prepare<[string], { id: string; title: string }>(
        `SELECT id, title FROM chat_conversations WHERE title LIKE ? ESCAPE '\\' ORDER BY updated_at DESC LIMIT 200`
      )
      .all(likePattern(text.trim()))
    for (const row of titled) {
      if (seen.has(row.id)) continue
      seen.add(row.id)
      hits.push({ conversationId: row.id, messageId: null, snippet: row.title })
    }
    return hits.slice(0, limit)
  }

  private attachmentsOf(messageId: string): AttachmentView[] {
    return this.db
      .prepare<[string], AttachmentRow>(
        'SELECT message_id, media_id, mime, width, height FROM chat_attachments WHERE message_id = ? ORDER BY idx'
      )
      .all(messageId)
      .map((a) => ({ mediaId: a.media_id, mime: a.mime, width: a.width, height: a.height }))
  }

  private mustGetConversation(id: string): ConversationRecord {
    const record = this.getConversation(id)
    if (!record) throw new Error(`conversation ${id} vanished`)
    return record
  }

  private mustGetMessage(id: string): MessageRecord {
    const record = this.getMessage(id)
    if (!record) throw new Error(`message ${id} vanished`)
    return record
  }
}
