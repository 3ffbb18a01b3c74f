import { describe, expect, it } from 'vitest'
import { pathIn, toMessage, type MessageRecord, type MessageRow } from '../../../../src/main/chat/rows'

const row = (id: string, parentId: string | null, extra: Partial<MessageRow> = {}): MessageRow => ({
  seq: 1,
  id,
  conversation_id: 'c',
  parent_id: parentId,
  role: 'user',
  status: 'complete',
  text: id,
  reasoning: '',
  tool_calls: null,
  usage: null,
  error: null,
  model: null,
  style: null,
  finish_reason: null,
  streamed: 1,
  request_key: null,
  created_at: 1,
  updated_at: 1,
  ...extra
})

const message = (id: string, parentId: string | null): MessageRecord => toMessage(row(id, parentId), [])
const ids = (path: MessageRecord[]): string[] => path.map((m) => m.id)

describe('chat rows', () => {
  it('follows parents from a leaf back to the first message, leaving other branches out', () => {
    const all = [message('a', null), message('b', 'a'), message('b2', 'a'), message('c', 'b')]
    expect(ids(pathIn(all, 'c'))).toEqual(['a', 'b', 'c'])
    expect(ids(pathIn(all, 'b2'))).toEqual(['a', 'b2'])
  })

  it('gives an empty branch for no leaf or an unknown one, and stops at a loop in damaged rows', () => {
    const all = [message('a', 'b'), message('b', 'a')]
    expect(pathIn(all, null)).toEqual([])
    expect(pathIn(all, 'gone')).toEqual([])
    expect(ids(pathIn(all, 'a'))).toEqual(['b', 'a'])
  })

  it('reads JSON columns tolerantly: a damaged one becomes its empty value', () => {
    const record = toMessage(row('a', null, { tool_calls: '{not json', usage: '[1]', streamed: 0 }), [])
    expect(record.toolCalls).toEqual([])
    expect(record.usage).toBeNull()
    expect(record.streamed).toBe(false)
  })
})
