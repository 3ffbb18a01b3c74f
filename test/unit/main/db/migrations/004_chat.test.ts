import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../../src/main/db/connection'
import { migrate } from '../../../../../src/main/db/migrate'
import { migrations } from '../../../../../src/main/db/migrations'
import { makeTempDir } from '../../../../helpers/tempDir'

describe('migration 004_chat', () => {
  const temp = makeTempDir()
  let db: Db
  afterEach(() => db?.close())
  afterAll(() => temp.cleanup())

  const open = (name: string): Db => {
    db = openDatabase(`${temp.dir}/${name}`)
    migrate(db, migrations.slice(0, 4))
    return db
  }
  const conversation = (id: string): void => {
    db.prepare(
      `INSERT INTO chat_conversations (id, title, profile_id, model, style, created_at, updated_at)
       VALUES (?, 't', 'demo', 'studio-chat', 'chat', 1, 1)`
    ).run(id)
  }
  const message = (
    id: string,
    conversationId: string,
    text: string,
    requestKey: string | null = null
  ): void => {
    db.prepare(
      `INSERT INTO chat_messages (id, conversation_id, role, status, text, request_key, created_at, updated_at)
       VALUES (?, ?, 'assistant', 'complete', ?, ?, 1, 1)`
    ).run(id, conversationId, text, requestKey)
  }
  const find = (query: string): string[] =>
    (
      db
        .prepare(
          `SELECT m.id FROM chat_search JOIN chat_messages m ON m.seq = chat_search.rowid
           WHERE chat_search MATCH ? ORDER BY m.seq`
        )
        .all(query) as { id: string }[]
    ).map((row) => row.id)

  it('upgrades from version 3', () => {
    db = openDatabase(`${temp.dir}/up.db`)
    migrate(db, migrations.slice(0, 3))
    expect(migrate(db, migrations.slice(0, 4))).toEqual({ from: 3, to: 4 })
  })

  it('refuses an unknown style or status', () => {
    open('a.db')
    expect(() =>
      db
        .prepare(
          `INSERT INTO chat_conversations (id, title, profile_id, model, style, created_at, updated_at)
           VALUES ('c', 't', 'p', 'm', 'completions', 1, 1)`
        )
        .run()
    ).toThrow(/CHECK/)
    conversation('c1')
    expect(() =>
      db
        .prepare(
          `INSERT INTO chat_messages (id, conversation_id, role, status, created_at, updated_at)
           VALUES ('m', 'c1', 'assistant', 'done', 1, 1)`
        )
        .run()
    ).toThrow(/CHECK/)
  })

  it('gives every reply its own request key [P18]', () => {
    open('b.db')
    conversation('c1')
    message('m1', 'c1', 'one', 'chat-k1')
    expect(() => message('m2', 'c1', 'two', 'chat-k1')).toThrow(/UNIQUE/)
  })

  it('keeps the search index in step with inserts, updates and cascaded deletes', () => {
    open('c.db')
    conversation('c1')
    conversation('c2')
    message('m1', 'c1', 'A lighthouse at dawn')
    message('m2', 'c2', 'Café ñandú')
    expect(find('lighthouse')).toEqual(['m1'])
    expect(find('cafe')).toEqual(['m2'])
    db.prepare("UPDATE chat_messages SET text = 'a harbour at dusk' WHERE id = 'm1'").run()
    expect(find('lighthouse')).toEqual([])
    expect(find('harbour')).toEqual(['m1'])
    db.prepare(
      "INSERT INTO chat_attachments (message_id, idx, media_id, mime) VALUES ('m1', 0, 'abc', 'image/png')"
    ).run()
    db.prepare("DELETE FROM chat_conversations WHERE id = 'c1'").run()
    expect(find('harbour')).toEqual([])
    expect(db.prepare('SELECT count(*) AS n FROM chat_messages').get()).toEqual({ n: 1 })
    expect(db.prepare('SELECT count(*) AS n FROM chat_attachments').get()).toEqual({ n: 0 })
    // The index still agrees with its content table.
    expect(() =>
      db.prepare("INSERT INTO chat_search (chat_search) VALUES ('integrity-check')").run()
    ).not.toThrow()
  })
})
