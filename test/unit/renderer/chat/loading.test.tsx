import { act, fireEvent, render } from '@testing-library/react'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loadConversation } from '@renderer/features/chat/actions'
import { MessageList } from '@renderer/features/chat/MessageList'
import { useChatStore } from '@renderer/features/chat/store'
import { defaultChatSettings, type ChatMessageView, type ConversationDetail } from '@shared/schemas/chat'
import { connectFake, fakeListLayout, message } from './harness'

const messages = (count: number): ChatMessageView[] =>
  Array.from({ length: count }, (_, i) =>
    message({ id: `m${i}`, role: i % 2 ? 'assistant' : 'user', text: `message ${i}` })
  )

const detail = (list: ChatMessageView[], earlier: number): ConversationDetail => ({
  conversation: {
    id: 'c1',
    title: 'A long one',
    profileId: 'p1',
    profileName: 'Studio',
    model: 'studio-chat',
    style: 'chat',
    systemPrompt: '',
    settings: defaultChatSettings(),
    messageCount: list.length + earlier,
    createdAt: 1,
    updatedAt: 1
  },
  messages: list,
  branches: {},
  earlier
})

const ok = (value: unknown) => Promise.resolve({ ok: true, value })

describe('opening a long conversation', () => {
  beforeEach(() => useChatStore.setState({ messages: {}, messageIds: {}, earlier: {}, loadErrors: {} }))

  it('shows its last messages first, then the rest of it', async () => {
    const fake = connectFake()
    const all = messages(500)
    let sendRest: (value: { ok: boolean; value: unknown }) => void = () => undefined
    fake.invoke
      .mockImplementationOnce(() => ok(detail(all.slice(-40), 460)))
      .mockImplementationOnce(() => new Promise((resolve) => (sendRest = resolve)))
    const loading = loadConversation(fake.connection.api, 'c1')
    // The first read asks for the tail only, and what it brings is shown before the rest is read.
    await expect.poll(() => useChatStore.getState().messageIds['c1']?.length).toBe(40)
    expect(fake.invoke).toHaveBeenNthCalledWith(1, 'chat.get', { id: 'c1', tail: 40 })
    expect(useChatStore.getState().earlier['c1']).toBe(460)
    expect(useChatStore.getState().messageIds['c1']?.at(-1)).toBe('m499')

    sendRest({ ok: true, value: detail(all, 0) })
    await loading
    expect(fake.invoke).toHaveBeenNthCalledWith(2, 'chat.get', { id: 'c1' })
    expect(useChatStore.getState().messageIds['c1']).toEqual(all.map((m) => m.id))
    expect(useChatStore.getState().earlier['c1']).toBe(0)
  })

  it('reads a conversation already shown whole, and a short one once', async () => {
    const fake = connectFake()
    fake.invoke.mockImplementation(() => ok(detail(messages(6), 0)))
    await loadConversation(fake.connection.api, 'c1')
    expect(fake.invoke).toHaveBeenCalledTimes(1)
    await loadConversation(fake.connection.api, 'c1')
    expect(fake.invoke).toHaveBeenCalledTimes(2)
    expect(fake.invoke).toHaveBeenLastCalledWith('chat.get', { id: 'c1' })
  })
})

describe('the message list as earlier messages arrive', () => {
  let restore: () => void = () => undefined
  beforeAll(() => {
    restore = fakeListLayout()
  })
  afterAll(() => restore())

  const setUp = () => {
    connectFake()
    const all = messages(500)
    useChatStore.getState().setMessages('c1', all.slice(-40), {}, 460)
    const view = render(<MessageList ids={all.slice(-40).map((m) => m.id)} earlier={460} busy={false} />)
    const scroller = view.container.querySelector<HTMLElement>('.message-scroller')
    if (!scroller) throw new Error('no message list')
    const arrive = () => {
      act(() => useChatStore.getState().setMessages('c1', all, {}, 0))
      view.rerender(<MessageList ids={all.map((m) => m.id)} earlier={0} busy={false} />)
    }
    return { view, scroller, arrive }
  }

  it('numbers rows by their place in the whole conversation, and says more is coming', () => {
    const { view, scroller, arrive } = setUp()
    expect(scroller.getAttribute('aria-busy')).toBe('true')
    const positions = [...view.container.querySelectorAll('.message-row')].map((row) =>
      Number(row.getAttribute('data-position'))
    )
    expect(Math.max(...positions)).toBe(500)
    expect(Math.min(...positions)).toBeGreaterThan(460)
    arrive()
    expect(scroller.getAttribute('aria-busy')).toBe('false')
    expect(scroller.dataset['earlier']).toBe('0')
  })

  it('keeps showing the same messages when the person had scrolled up', () => {
    const { view, scroller, arrive } = setUp()
    fireEvent.wheel(scroller, { deltaY: -100 })
    scroller.scrollTop = 300
    act(() => {
      fireEvent.scroll(scroller)
    })
    const before = Number(view.container.querySelector('.message-row')?.getAttribute('data-position'))
    arrive()
    // Moved down by the height of the 460 rows put in above: the same part of the conversation shows.
    expect(scroller.scrollTop).toBeGreaterThan(300 + 460 * 90)
    act(() => {
      fireEvent.scroll(scroller)
    })
    const shown = [...view.container.querySelectorAll('.message-row')].map((row) =>
      Number(row.getAttribute('data-position'))
    )
    expect(shown).toContain(before)
    expect(view.container.querySelector('.jump-latest')).not.toBeNull()
  })

  it('stays at the end when the person had not moved', () => {
    const { scroller, arrive } = setUp()
    arrive()
    expect(scroller.scrollTop).toBe(scroller.scrollHeight)
  })
})
