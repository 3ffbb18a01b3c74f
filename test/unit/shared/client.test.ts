import { describe, expect, it } from 'vitest'
import { ApiError, createApiClient, type Transport } from '../../../src/shared/client'

function fakeTransport(reply: unknown): Transport & { emit: (name: string, payload: unknown) => void } {
  const listeners = new Set<(name: string, payload: unknown) => void>()
  return {
    invoke: () => Promise.resolve(reply),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    emit: (name, payload) => listeners.forEach((listener) => listener(name, payload))
  }
}

const settings = {
  theme: 'dark',
  language: 'en',
  notifyOnJobFinish: true,
  exportNameTemplate: '{date}',
  teamName: ''
}

describe('typed client', () => {
  it('returns the parsed value of an ok envelope', async () => {
    const api = createApiClient(fakeTransport({ ok: true, value: settings }))
    await expect(api.invoke('settings.get', {})).resolves.toEqual(settings)
  })

  it('rejects with ApiError carrying code and message', async () => {
    const api = createApiClient(
      fakeTransport({ ok: false, error: { code: 'invalid_input', message: 'theme: bad' } })
    )
    const error = await api.invoke('settings.get', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).code).toBe('invalid_input')
    expect((error as ApiError).message).toBe('theme: bad')
  })

  it('treats a reply that breaks the output schema as an error, not as data', async () => {
    const api = createApiClient(fakeTransport({ ok: true, value: { theme: 'neon' } }))
    const result = await api.call('settings.get', {})
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.code).toBe('invalid_output')
  })

  it('turns a transport failure into an error result', async () => {
    const transport: Transport = {
      invoke: () => Promise.reject(new Error('socket closed')),
      subscribe: () => () => {}
    }
    const result = await createApiClient(transport).call('app.info', {})
    expect(result).toEqual({ ok: false, error: { code: 'transport', message: 'socket closed' } })
  })

  it('delivers valid events to listeners, drops malformed ones and stops after unsubscribe', () => {
    const transport = fakeTransport(null)
    const api = createApiClient(transport)
    const seen: unknown[] = []
    const off = api.on('settings.changed', (payload) => seen.push(payload))
    transport.emit('settings.changed', settings)
    transport.emit('settings.changed', { theme: 7 })
    transport.emit('no.such.event', settings)
    off()
    transport.emit('settings.changed', settings)
    expect(seen).toEqual([settings])
  })
})
