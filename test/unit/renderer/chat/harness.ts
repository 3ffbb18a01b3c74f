import { vi } from 'vitest'
import { useAppStore } from '@renderer/store/app'
import { createApiClient, type Transport } from '@shared/client'
import type { ChatMessageView } from '@shared/schemas/chat'
import { testInfo, testSettings } from '../connection'

type Listener = (name: string, payload: unknown) => void

/** A connected app with a fake transport: commands answer from `answers`, events are pushed by `emit`. */
export function connectFake(answers: Record<string, unknown> = {}) {
  const listeners = new Set<Listener>()
  const invoke = vi.fn((name: string) =>
    Promise.resolve(
      name in answers
        ? { ok: true, value: answers[name] }
        : { ok: false, error: { code: 'unknown_command', message: `no fake for ${name}` } }
    )
  )
  const transport: Transport = {
    invoke,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
  const connection = {
    api: createApiClient(transport),
    host: 'web' as const,
    mediaUrl: (id: string) => `/media/${id}`
  }
  useAppStore
    .getState()
    .setConnection(
      connection,
      testInfo({ version: '0', dataDir: '/d' }),
      testSettings({ exportNameTemplate: '{date}' })
    )
  return {
    connection,
    invoke,
    emit: (name: string, payload: unknown) => listeners.forEach((listener) => listener(name, payload))
  }
}

export const message = (patch: Partial<ChatMessageView> = {}): ChatMessageView => ({
  id: 'm1',
  conversationId: 'c1',
  role: 'assistant',
  status: 'complete',
  text: '',
  reasoning: '',
  toolCalls: [],
  attachments: [],
  usage: null,
  error: null,
  model: 'studio-chat',
  style: 'chat',
  finishReason: 'stop',
  streamed: true,
  createdAt: 1,
  updatedAt: 1,
  ...patch
})

/**
 * happy-dom does no layout: a 600 px tall, 800 px wide message list of 100 px rows, whose scroll height is
 * its track's height. Returns what puts the real properties back.
 */
export function fakeListLayout(): () => void {
  const stubs: [object, string, PropertyDescriptor][] = [
    [HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 }],
    [HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 }],
    [HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 100 }],
    [
      Element.prototype,
      'scrollHeight',
      {
        configurable: true,
        get(this: Element) {
          const track = this.querySelector<HTMLElement>('.message-track')
          return Number.parseInt(track?.style.height ?? '0', 10)
        }
      }
    ]
  ]
  const saved = stubs.map(
    ([owner, key]) => [owner, key, Object.getOwnPropertyDescriptor(owner, key)] as const
  )
  for (const [owner, key, descriptor] of stubs) Object.defineProperty(owner, key, descriptor)
  return () => {
    for (const [owner, key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(owner, key, descriptor)
      else Reflect.deleteProperty(owner, key)
    }
  }
}
