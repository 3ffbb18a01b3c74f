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
