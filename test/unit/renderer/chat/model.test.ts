import { describe, expect, it } from 'vitest'
import { appendAt, applyDeltas, mergeMessage } from '@renderer/features/chat/model'
import type { ChatMessageView } from '@shared/schemas/chat'
import { message } from './harness'

const reply = (patch: Partial<ChatMessageView> = {}): ChatMessageView =>
  message({ status: 'streaming', finishReason: null, ...patch })
const delta = (textOffset: number, text: string, extra = {}) => ({
  conversationId: 'c1',
  messageId: 'm1',
  textOffset,
  text,
  reasoningOffset: 0,
  reasoning: '',
  ...extra
})

describe('applying streamed deltas', () => {
  it('appends at the offset exactly once', () => {
    expect(appendAt('Hello', 5, ' world')).toBe('Hello world')
    expect(appendAt('Hello world', 5, ' world')).toBe('Hello world')
    expect(appendAt('Hello wo', 5, ' world')).toBe('Hello world')
    expect(appendAt('Hel', 5, ' world')).toBeNull()
  })

  it('applies a frame of deltas in order, takes the latest tool-call list, and reports gaps', () => {
    const messages = { m1: reply({ status: 'pending' }) }
    const calls = [{ id: 'call_1', name: 'f', arguments: '{"a":' }]
    const { changed, gaps } = applyDeltas(messages, [
      delta(0, 'One '),
      delta(4, 'two '),
      delta(4, 'two '),
      delta(8, 'three', { toolCalls: calls })
    ])
    expect(changed['m1']).toMatchObject({ status: 'streaming', text: 'One two three', toolCalls: calls })
    expect(gaps.size).toBe(0)
    expect(applyDeltas(messages, [delta(3, 'late')]).gaps).toEqual(new Set(['c1']))
  })

  it('leaves final replies and unknown messages alone', () => {
    const done = { m1: reply({ status: 'stopped', text: 'kept' }) }
    expect(applyDeltas(done, [delta(4, ' more')]).changed).toEqual({})
    expect(applyDeltas({}, [delta(0, 'x')]).changed).toEqual({})
  })

  it('keeps the longer text when a stale row arrives mid-stream, and the final state always wins', () => {
    const shown = reply({ text: 'Already shown text' })
    expect(mergeMessage(shown, reply({ text: 'Already' })).text).toBe('Already shown text')
    expect(mergeMessage(shown, reply({ status: 'stopped', text: 'Already' }))).toMatchObject({
      status: 'stopped',
      text: 'Already'
    })
  })
})
