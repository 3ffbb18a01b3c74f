import { randomUUID } from 'node:crypto'
import type { ChatStyle } from '../../shared/schemas/chat'
import { writeTransaction, type Db } from '../db/connection'
import { ChatReads } from './reads'
import { nameKey } from '../db/nameKey'
import {
  toPreset,
  type ConversationPatch,
  type ConversationRecord,
  type MessageRecord,
  type NewConversation,
  type PresetRecord,
  type PresetRow,
  type ReplyPatch,
  type StoredAttachment
} from './rows'

/** Another preset already has this name. */
export class PresetNameTaken extends Error {
  constructor(readonly presetName: string) {
    super(`A preset named "${presetName}" already exists.`)
  }
}

const json = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value)

/**
 * Every write to chat_conversations, chat_messages, chat_attachments and chat_presets, over the queries of
 * `ChatReads`; plain SQL, no gateway here.
 */
export class ChatRepository extends ChatReads {
  constructor(
    db: Db,
    /** The backend's one clock (`Clock.now`). */
    private readonly now: () => number
  ) {
    super(db)
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

  /** Shows another branch: the conversation continues from `leafId` from now on. */
  setLeaf(conversationId: string, leafId: string): ConversationRecord {
    this.db.prepare('UPDATE chat_conversations SET leaf_id = ? WHERE id = ?').run(leafId, conversationId)
    return this.mustGetConversation(conversationId)
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
   * Another reply to the same message (regenerate, with the same model or another): a new branch
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

  /** Creates a preset, or renames / rewrites one; a name is used once (case-insensitively). */
  savePreset(input: { id?: string | undefined; name: string; systemPrompt: string }): PresetRecord {
    const at = this.now()
    const id = input.id ?? randomUUID()
    writeTransaction(this.db, () => {
      const clash = this.db
        .prepare<[string, string], { id: string }>(
          'SELECT id FROM chat_presets WHERE name_key = ? AND id != ?'
        )
        .get(nameKey(input.name), id)
      if (clash) throw new PresetNameTaken(input.name)
      this.db
        .prepare(
          `INSERT INTO chat_presets (id, name, name_key, system_prompt, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT(id) DO UPDATE SET name = excluded.name, name_key = excluded.name_key,
             system_prompt = excluded.system_prompt, updated_at = excluded.updated_at`
        )
        .run(id, input.name, nameKey(input.name), input.systemPrompt, at, at)
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
}
