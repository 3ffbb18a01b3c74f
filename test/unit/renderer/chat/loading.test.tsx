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

const detail = (list: ChatMessageView[], earlier: number, later = 0): ConversationDetail => ({
  conversation: {
    id: 'c1',
    title: 'A long one',
    profileId: 'p1',
    profileName: 'Studio',
    model: 'studio-chat',
    style: 'chat',
    systemPrompt: '',
    settings: defaultChatSettings(),
    messageCount: list.length + earlier + later,
    createdAt: 1,
    updatedAt: 1
  },
  messages: list,
  branches: {},
  earlier,
  later
})

interface GetInput {
  id: string
  tail?: number
  before?: string
}

/** Answers `chat.get` for a conversation whose branch shown is `branch()`, as the backend counts parts. */
function serve(branch: () => ChatMessageView[]) {
  const fake = connectFake()
  const asked: GetInput[] = []
  let hold: Promise<void> | null = null
  const answer = (name: string, input: GetInput) => {
    asked.push(input)
    const all = branch()
    const at = input.before === undefined ? -1 : all.findIndex((m) => m.id === input.before)
    const end = at < 0 ? all.length : at
    const start = input.tail === undefined ? 0 : Math.max(0, end - input.tail)
    const value = detail(all.slice(start, end), start, all.length - end)
    return (hold ?? Promise.resolve()).then(() => ({ ok: true, value }))
  }
  fake.invoke.mockImplementation(answer as (name: string) => Promise<{ ok: boolean; value: unknown }>)
  return {
    fake,
    asked,
    /** Holds every answer until the returned function is called. */
    holdAnswers: () => {
      let release = () => undefined as void
      hold = new Promise((resolve) => (release = resolve))
      return () => {
        hold = null
        release()
      }
    }
  }
}

describe('opening a long conversation', () => {
  beforeEach(() =>
    useChatStore.setState({ messages: {}, messageIds: {}, earlier: {}, loadErrors: {}, currentId: 'c1' })
  )

  it('shows its last messages first, then the earlier ones a part at a time', async () => {
    const all = messages(500)
    const { fake, asked } = serve(() => all)
    let shownFirst: number | undefined
    const off = useChatStore.subscribe((state) => {
      shownFirst ??= state.messageIds['c1']?.length
    })
    await loadConversation(fake.connection.api, 'c1')
    off()
    // The tail is shown on its own before anything earlier is read.
    expect(shownFirst).toBe(40)
    expect(asked).toEqual([
      { id: 'c1', tail: 40 },
      ...[460, 400, 340, 280, 220, 160, 100, 40].map((n) => ({ id: 'c1', tail: 60, before: `m${n}` }))
    ])
    expect(useChatStore.getState().messageIds['c1']).toEqual(all.map((m) => m.id))
    expect(useChatStore.getState().earlier['c1']).toBe(0)
  })

  it('opened again, reads its end only, and keeps what was read before it', async () => {
    const all = messages(500)
    const { fake, asked } = serve(() => all)
    useChatStore.getState().setMessages('c1', all)
    all.push(message({ id: 'm500', text: 'a new reply' }))
    await loadConversation(fake.connection.api, 'c1')
    expect(asked).toEqual([{ id: 'c1', tail: 40 }])
    expect(useChatStore.getState().messageIds['c1']).toEqual(all.map((m) => m.id))
  })

  it('stops reading earlier parts when another conversation is opened, and goes on when it is back', async () => {
    const all = messages(500)
    const { fake, asked, holdAnswers } = serve(() => all)
    const release = holdAnswers()
    const loading = loadConversation(fake.connection.api, 'c1')
    useChatStore.setState({ currentId: 'c2' })
    release()
    await loading
    expect(asked).toHaveLength(1)
    expect(useChatStore.getState().earlier['c1']).toBe(460)
    useChatStore.setState({ currentId: 'c1' })
    await loadConversation(fake.connection.api, 'c1')
    expect(useChatStore.getState().messageIds['c1']).toEqual(all.map((m) => m.id))
  })

  it('starts again from the end when the branch shown changed under a part being read', async () => {
    const first = messages(300)
    // Another window edits message 150 once the end was read: the branch then ends with its new version.
    const edited = [
      ...first.slice(0, 150),
      message({ id: 'e150', role: 'user', text: 'edited' }),
      message({ id: 'e151', text: 'a reply to the edit' })
    ]
    const { fake, asked } = serve(() => (asked.length > 1 ? edited : first))
    await loadConversation(fake.connection.api, 'c1')
    // The part asked for (before m260) is no longer on the branch: the branch's end came back instead.
    expect(asked.slice(0, 2)).toEqual([
      { id: 'c1', tail: 40 },
      { id: 'c1', tail: 60, before: 'm260' }
    ])
    expect(useChatStore.getState().messageIds['c1']).toEqual(edited.map((m) => m.id))
    expect(useChatStore.getState().earlier['c1']).toBe(0)
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
