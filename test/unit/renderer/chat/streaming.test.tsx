import { act, render } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { bridgeChat } from '@renderer/features/chat/bridge'
import { MessageList } from '@renderer/features/chat/MessageList'
import { useChatStore } from '@renderer/features/chat/store'
import { connectFake, fakeListLayout, message } from './harness'

const delta = (textOffset: number, text: string) => ({
  conversationId: 'c1',
  messageId: 'm1',
  textOffset,
  text,
  reasoningOffset: 0,
  reasoning: ''
})

describe('streaming into the store', () => {
  let frames: FrameRequestCallback[] = []
  beforeEach(() => {
    frames = []
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb))
    vi.stubGlobal('cancelAnimationFrame', () => undefined)
    useChatStore.setState({ messages: {}, messageIds: {} })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('applies a burst of deltas once per animation frame', () => {
    const fake = connectFake()
    const off = bridgeChat(fake.connection)
    useChatStore.getState().setMessages('c1', [message({ status: 'streaming' })])
    let updates = 0
    const unsubscribe = useChatStore.subscribe(() => updates++)
    let offset = 0
    for (let i = 0; i < 200; i++) {
      fake.emit('chat.delta', delta(offset, `t${i} `))
      offset += `t${i} `.length
    }
    expect(updates).toBe(0)
    expect(frames).toHaveLength(1)
    frames.shift()?.(16)
    expect(updates).toBe(1)
    expect(useChatStore.getState().messages['m1']?.text.split(' ')).toHaveLength(201)

    // A final state flushes what is queued first, then replaces it.
    fake.emit('chat.delta', delta(offset, 'last'))
    fake.emit('chat.messageUpdated', message({ status: 'stopped', text: `${'x'.repeat(offset)}last` }))
    expect(useChatStore.getState().messages['m1']?.status).toBe('stopped')
    unsubscribe()
    off()
  })

  it('reloads a conversation whose deltas skipped ahead', () => {
    const fake = connectFake()
    const off = bridgeChat(fake.connection)
    useChatStore.getState().setMessages('c1', [message({ status: 'streaming', text: 'abc' })])
    fake.emit('chat.delta', delta(10, 'late'))
    frames.shift()?.(16)
    expect(fake.invoke).toHaveBeenCalledWith('chat.get', { id: 'c1', tail: 40 })
    off()
  })
})

describe('the message list', () => {
  let restore: () => void = () => undefined
  beforeAll(() => {
    restore = fakeListLayout()
  })
  afterAll(() => restore())

  it('keeps only the rows on screen in the DOM, however long the conversation', () => {
    connectFake()
    const list = Array.from({ length: 2000 }, (_, i) =>
      message({ id: `m${i}`, role: i % 2 ? 'assistant' : 'user', text: `message ${i}` })
    )
    useChatStore.getState().setMessages('c1', list)
    const { container } = render(<MessageList ids={list.map((m) => m.id)} busy={false} />)
    const rows = container.querySelectorAll('article')
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.length).toBeLessThan(30)
    // The track still spans every message (each at least a one-line message's first guess, ~98 px), so the
    // scrollbar tells the conversation's true length.
    const track = Number.parseInt(
      container.querySelector<HTMLElement>('.message-track')?.style.height ?? '',
      10
    )
    expect(track).toBeGreaterThanOrEqual(2000 * 95)
  })

  it('re-renders only the reply that grows', () => {
    connectFake()
    const list = Array.from({ length: 6 }, (_, i) => message({ id: `r${i}`, text: `reply ${i}` }))
    useChatStore.getState().setMessages('c2', list)
    const { container } = render(<MessageList ids={list.map((m) => m.id)} busy />)
    const untouched = container.querySelector('[data-index="0"] article')
    act(() =>
      useChatStore
        .getState()
        .upsertMessage(message({ id: 'r5', conversationId: 'c2', text: 'reply 5 grows' }))
    )
    expect(container.textContent).toContain('reply 5 grows')
    expect(container.querySelector('[data-index="0"] article')).toBe(untouched)
  })
})
