import { SNIPPET_MARK_END, SNIPPET_MARK_START, type AttachmentView } from '../../shared/schemas/chat'
import type { Db } from '../db/connection'
import {
  pathIn,
  toAttachment,
  toConversation,
  toMessage,
  toPreset,
  type AttachmentRow,
  type ConversationRecord,
  type ConversationRow,
  type MessageRecord,
  type MessageRow,
  type PresetRecord,
  type PresetRow,
  type RawSearchHit
} from './rows'

const CONVERSATION_COLUMNS = `c.*, (SELECT count(*) FROM chat_messages m WHERE m.conversation_id = c.id) AS message_count`

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

/** Attachments by the message they belong to, each message's in the order the rows came. */
function byMessageOf(rows: readonly AttachmentRow[]): Map<string, AttachmentView[]> {
  const byMessage = new Map<string, AttachmentView[]>()
  for (const row of rows) {
    const list = byMessage.get(row.message_id) ?? []
    list.push(toAttachment(row))
    byMessage.set(row.message_id, list)
  }
  return byMessage
}

const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * The queries of the chat tables (migration 004): SELECT only, so nothing here writes; `ChatRepository`
 * adds the writes. No gateway here.
 */
export class ChatReads {
  constructor(protected readonly db: Db) {}

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

  /**
   * The branch shown: from the first message to the conversation's leaf, following parents.
   * Other branches stay stored; `allMessages` has every message.
   */
  messages(conversationId: string): MessageRecord[] {
    const all = this.allMessages(conversationId)
    const leafId = this.getConversation(conversationId)?.leafId ?? all.at(-1)?.id ?? null
    return pathIn(all, leafId)
  }

  /**
   * The ids of the branch shown, first first: what `messages` returns, without reading any message's
   * text, so a part of a long conversation is read without all of it.
   */
  branchIds(conversationId: string): string[] {
    const all = this.db
      .prepare<[string], { id: string; parentId: string | null }>(
        'SELECT id, parent_id AS parentId FROM chat_messages WHERE conversation_id = ? ORDER BY seq'
      )
      .all(conversationId)
    const leafId = this.getConversation(conversationId)?.leafId ?? all.at(-1)?.id ?? null
    return pathIn(all, leafId).map((message) => message.id)
  }

  /** These messages of a conversation, in the order of `ids` (one not there is left out). */
  messagesIn(conversationId: string, ids: readonly string[]): MessageRecord[] {
    const wanted = JSON.stringify(ids)
    const rows = this.db
      .prepare<[string, string], MessageRow>(
        'SELECT * FROM chat_messages WHERE conversation_id = ? AND id IN (SELECT value FROM json_each(?))'
      )
      .all(conversationId, wanted)
    const attachments = this.db
      .prepare<[string], AttachmentRow>(
        `SELECT message_id, media_id, mime, width, height FROM chat_attachments
         WHERE message_id IN (SELECT value FROM json_each(?)) ORDER BY message_id, idx`
      )
      .all(wanted)
    const byMessage = byMessageOf(attachments)
    const byId = new Map(rows.map((row) => [row.id, toMessage(row, byMessage.get(row.id) ?? [])]))
    return ids.flatMap((id) => byId.get(id) ?? [])
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
    const byMessage = byMessageOf(attachments)
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

  listPresets(): PresetRecord[] {
    return this.db
      .prepare<[], PresetRow>('SELECT * FROM chat_presets ORDER BY name COLLATE NOCASE')
      .all()
      .map(toPreset)
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

  protected mustGetConversation(id: string): ConversationRecord {
    const record = this.getConversation(id)
    if (!record) throw new Error(`conversation ${id} vanished`)
    return record
  }

  protected mustGetMessage(id: string): MessageRecord {
    const record = this.getMessage(id)
    if (!record) throw new Error(`message ${id} vanished`)
    return record
  }

  private attachmentsOf(messageId: string): AttachmentView[] {
    return this.db
      .prepare<[string], AttachmentRow>(
        'SELECT message_id, media_id, mime, width, height FROM chat_attachments WHERE message_id = ? ORDER BY idx'
      )
      .all(messageId)
      .map(toAttachment)
  }
}
