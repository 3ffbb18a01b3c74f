import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../../src/main/db/connection'
import { migrate } from '../../../../../src/main/db/migrate'
import { migrations } from '../../../../../src/main/db/migrations'
import { makeTempDir } from '../../../../helpers/tempDir'

describe('migration 007_chat_branches', () => {
  const temp = makeTempDir()
  let db: Db
  afterEach(() => db?.close())
  afterAll(() => temp.cleanup())

  const before = (name: string): Db => {
    db = openDatabase(`${temp.dir}/${name}`)
    migrate(db, migrations.slice(0, 6))
    return db
  }
  const conversation = (id: string): void => {
    db.prepare(
      `INSERT INTO chat_conversations (id, title, profile_id, model, style, created_at, updated_at)
       VALUES (?, 't', 'demo', 'studio-chat', 'chat', 1, 1)`
    ).run(id)
  }
  const message = (id: string, conversationId: string, role: 'user' | 'assistant', text: string): void => {
    db.prepare(
      `INSERT INTO chat_messages (id, conversation_id, role, status, text, created_at, updated_at)
       VALUES (?, ?, ?, 'complete', ?, 1, 1)`
    ).run(id, conversationId, role, text)
  }

  it('makes every existing conversation one branch: each message follows the one before, the leaf is the last', () => {
    before('up.db')
    conversation('a')
    conversation('b')
    conversation('empty')
    message('a1', 'a', 'user', 'hello')
    message('b1', 'b', 'user', 'other')
    message('a2', 'a', 'assistant', 'hi')
    message('a3', 'a', 'user', 'more')
    message('b2', 'b', 'assistant', 'reply')
    expect(migrate(db, migrations.slice(0, 7))).toEqual({ from: 6, to: 7 })

    const parents = db.prepare('SELECT id, parent_id FROM chat_messages ORDER BY seq').all() as {
      id: string
      parent_id: string | null
    }[]
    expect(Object.fromEntries(parents.map((row) => [row.id, row.parent_id]))).toEqual({
      a1: null,
      b1: null,
      a2: 'a1',
      a3: 'a2',
      b2: 'b1'
    })
    const leaves = db.prepare('SELECT id, leaf_id FROM chat_conversations ORDER BY id').all()
    expect(leaves).toEqual([
      { id: 'a', leaf_id: 'a3' },
      { id: 'b', leaf_id: 'b2' },
      { id: 'empty', leaf_id: null }
    ])
    // Search still finds the text (the index is untouched by the new column).
    const found = db
      .prepare(
        `SELECT m.id FROM chat_search JOIN chat_messages m ON m.seq = chat_search.rowid WHERE chat_search MATCH 'reply'`
      )
      .all()
    expect(found).toEqual([{ id: 'b2' }])
  })

  it('keeps presets with unique names', () => {
    before('presets.db')
    migrate(db, migrations.slice(0, 7))
    const insert = db.prepare(
      `INSERT INTO chat_presets (id, name, system_prompt, created_at, updated_at) VALUES (?, ?, ?, 1, 1)`
    )
    insert.run('p1', 'Copy editor', 'Fix grammar only.')
    expect(() => insert.run('p2', 'Copy editor', 'Other')).toThrow(/UNIQUE/)
  })
})
