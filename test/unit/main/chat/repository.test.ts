import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ftsQuery } from '../../../../src/main/chat/reads'
import { ChatRepository } from '../../../../src/main/chat/repository'
import { titleFrom } from '../../../../src/main/chat/views'
import { openDatabase, type Db } from '../../../../src/main/db/connection'
import { migrate } from '../../../../src/main/db/migrate'
import { migrations } from '../../../../src/main/db/migrations'
import { defaultChatSettings } from '../../../../src/shared/schemas/chat'
import { makeTempDir } from '../../../helpers/tempDir'

describe('chat repository', () => {
  const temp = makeTempDir()
  let db: Db
  let repo: ChatRepository
  let clock = 1000
  let run = 0

  beforeEach(() => {
    db = openDatabase(`${temp.dir}/repo-${run++}.db`)
    migrate(db, migrations)
    repo = new ChatRepository(db, () => clock)
  })
  afterEach(() => db.close())
  afterAll(() => temp.cleanup())

  const create = (title = 'New conversation') =>
    repo.createConversation({
      profileId: 'demo',
      model: 'studio-chat',
      style: 'chat',
      systemPrompt: 'Be brief.',
      settings: { ...defaultChatSettings(), temperature: 0.4 },
      title
    })
  const exchange = (conversationId: string, text: string, key: string, title: string | null = null) =>
    repo.insertExchange({
      conversationId,
      text,
      attachments: [],
      model: 'studio-chat',
      style: 'chat',
      requestKey: key,
      title
    })

  it('writes the user message and a pending reply together, named by the first message', () => {
    const c = create()
    clock = 2000
    const { user, assistant } = exchange(c.id, 'A lighthouse at dawn', 'k1', 'A lighthouse at dawn')
    expect(user).toMatchObject({ role: 'user', status: 'complete', text: 'A lighthouse at dawn' })
    expect(assistant).toMatchObject({ role: 'assistant', status: 'pending', text: '', requestKey: 'k1' })
    const stored = repo.getConversation(c.id)
    expect(stored).toMatchObject({ title: 'A lighthouse at dawn', messageCount: 2, updatedAt: 2000 })
    expect(stored?.settings.temperature).toBe(0.4)
    expect(repo.findByRequestKey('k1')?.id).toBe(assistant.id)
  })

  it('never renames a conversation the user named', () => {
    const c = create()
    repo.updateConversation(c.id, { title: 'Mine', titleSet: true })
    exchange(c.id, 'Something else', 'k1', 'Something else')
    expect(repo.getConversation(c.id)?.title).toBe('Mine')
  })

  it('lists newest first and keeps replies in order with their attachments', () => {
    const a = create('a')
    clock = 3000
    const b = create('b')
    expect(repo.listConversations(10).map((c) => c.title)).toEqual(['b', 'a'])
    clock = 4000
    repo.insertExchange({
      conversationId: a.id,
      text: 'look',
      attachments: [{ mediaId: 'f'.repeat(32), mime: 'image/png', width: 2, height: 3 }],
      model: 'studio-chat',
      style: 'chat',
      requestKey: 'k2',
      title: null
    })
    expect(repo.listConversations(10).map((c) => c.id)).toEqual([a.id, b.id])
    const messages = repo.messages(a.id)
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(messages[0]?.attachments).toEqual([
      { mediaId: 'f'.repeat(32), mime: 'image/png', width: 2, height: 3 }
    ])
  })

  it('updates a reply as it streams and resets it for a retry', () => {
    const c = create()
    const { assistant } = exchange(c.id, 'hi', 'k1')
    repo.updateReply(assistant.id, {
      status: 'error',
      text: 'partial',
      toolCalls: [{ id: 'call_1', name: 'f', arguments: '{}' }],
      usage: { prompt_tokens: 1 },
      error: { code: 'gateway.unavailable', message: 'later' }
    })
    expect(repo.getMessage(assistant.id)).toMatchObject({
      status: 'error',
      text: 'partial',
      toolCalls: [{ id: 'call_1', name: 'f', arguments: '{}' }],
      usage: { prompt_tokens: 1 },
      error: { code: 'gateway.unavailable' }
    })
    const reset = repo.resetReply(assistant.id, { requestKey: 'k2', model: 'other', style: 'responses' })
    expect(reset).toMatchObject({
      status: 'pending',
      text: '',
      toolCalls: [],
      usage: null,
      error: null,
      model: 'other'
    })
    expect(repo.findByRequestKey('k1')).toBeNull()
    expect(repo.findByRequestKey('k2')?.id).toBe(assistant.id)
  })

  it('marks replies that were arriving when the app stopped as interrupted, keeping their text', () => {
    const c = create()
    const { assistant } = exchange(c.id, 'hi', 'k1')
    repo.updateReply(assistant.id, { status: 'streaming', text: 'half' })
    expect(repo.markInterrupted()).toBe(1)
    expect(repo.getMessage(assistant.id)).toMatchObject({ status: 'interrupted', text: 'half' })
    expect(repo.markInterrupted()).toBe(0)
  })

  it('deletes a conversation and names only the images no other conversation uses', () => {
    const shared = 'a'.repeat(32)
    const own = 'b'.repeat(32)
    const a = create()
    const b = create()
    const attach = (conversationId: string, ids: string[], key: string) =>
      repo.insertExchange({
        conversationId,
        text: 'img',
        attachments: ids.map((mediaId) => ({ mediaId, mime: 'image/png', width: null, height: null })),
        model: 'm',
        style: 'chat',
        requestKey: key,
        title: null
      })
    attach(a.id, [shared, own], 'k1')
    attach(b.id, [shared], 'k2')
    expect(repo.deleteConversation(a.id)).toEqual({ deleted: true, freedMedia: [own] })
    expect(repo.getConversation(a.id)).toBeNull()
    expect(repo.deleteConversation(a.id)).toEqual({ deleted: false, freedMedia: [] })
  })

  it('searches every message by word, one hit per conversation, and titles too', () => {
    const a = create()
    const b = create()
    exchange(a.id, 'The lighthouse keeper', 'k1')
    exchange(a.id, 'Another lighthouse', 'k2')
    exchange(b.id, 'Café in Zürich', 'k3')
    repo.updateConversation(b.id, { title: 'Travel notes', titleSet: true })
    const hits = repo.search('lighth', 10)
    expect(hits).toHaveLength(1)
    expect(hits[0]).toMatchObject({ conversationId: a.id })
    expect(hits[0]?.snippet).toMatch(/\uE000lighthouse\uE001/)
    expect(repo.search('zurich cafe', 10).map((h) => h.conversationId)).toEqual([b.id])
    expect(repo.search('travel', 10)).toEqual([
      { conversationId: b.id, messageId: null, snippet: 'Travel notes' }
    ])
    expect(repo.search('100%_', 10)).toEqual([])
  })

  it('quotes every word of a search so FTS syntax is plain text', () => {
    expect(ftsQuery('  red "fox"  NEAR(a ')).toBe('"red" """fox""" "NEAR(a"*')
    expect(ftsQuery('   ')).toBeNull()
  })

  it('titles a conversation from the first line of its first message', () => {
    expect(titleFrom('\n## Plan a trip\nwith details', false)).toBe('Plan a trip')
    expect(titleFrom('', true)).toBe('Image')
    expect(titleFrom('   ', false)).toBe('New conversation')
    const long = titleFrom('word '.repeat(30), false)
    expect(long.endsWith('…')).toBe(true)
    expect([...long].length).toBeLessThanOrEqual(61)
  })
})
