import { beforeEach, describe, expect, it, vi } from 'vitest'
import { commandChannel, IPC_EVENT_CHANNEL } from '../../../src/shared/channels'
import { commandNames, eventNames } from '../../../src/shared/contract'
import type { PreloadApi } from '../../../src/preload/api'

const exposed = new Map<string, unknown>()
const invoke = vi.fn((..._args: unknown[]) => Promise.resolve({ ok: true, value: null }))
const listeners = new Map<string, (event: unknown, message: unknown) => void>()

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => exposed.set(key, value) },
  ipcRenderer: {
    invoke: (...args: unknown[]) => invoke(...args),
    on: (channel: string, fn: (event: unknown, message: unknown) => void) => listeners.set(channel, fn),
    removeListener: (channel: string) => listeners.delete(channel)
  }
}))

describe('preload bridge [P2]', () => {
  beforeEach(async () => {
    exposed.clear()
    vi.resetModules()
    await import('../../../src/preload/index')
  })

  it('exposes only `api`, holding exactly the contract commands and events', () => {
    expect([...exposed.keys()]).toEqual(['api'])
    const api = exposed.get('api') as PreloadApi
    expect(Object.keys(api).sort()).toEqual(['commands', 'events'])
    expect(Object.keys(api.commands).sort()).toEqual([...commandNames].sort())
    expect(Object.keys(api.events).sort()).toEqual([...eventNames].sort())
    for (const fn of [...Object.values(api.commands), ...Object.values(api.events)])
      expect(typeof fn).toBe('function')
    expect(JSON.stringify(Object.keys(api))).not.toMatch(/ipcRenderer|invoke|send/)
  })

  it('sends each command on its own derived channel', async () => {
    const api = exposed.get('api') as PreloadApi
    await api.commands['settings.get']({})
    expect(invoke).toHaveBeenLastCalledWith(commandChannel('settings.get'), {})
  })

  it('delivers only the subscribed event and stops after unsubscribe', () => {
    const api = exposed.get('api') as PreloadApi
    const seen: unknown[] = []
    const off = api.events['settings.changed']((payload) => seen.push(payload))
    const deliver = listeners.get(IPC_EVENT_CHANNEL)
    deliver?.({}, { name: 'settings.changed', payload: 1 })
    deliver?.({}, { name: 'other', payload: 2 })
    off()
    expect(seen).toEqual([1])
    expect(listeners.has(IPC_EVENT_CHANNEL)).toBe(false)
  })
})
