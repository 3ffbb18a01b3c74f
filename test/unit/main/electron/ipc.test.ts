import { describe, expect, it, vi } from 'vitest'
import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import { registerIpc } from '../../../../src/main/electron/ipc'
import { createDispatcher, type CommandHandlers } from '../../../../src/main/contract/dispatch'
import { commandChannel } from '../../../../src/shared/channels'
import { commandNames } from '../../../../src/shared/contract'
import { stubHandlers } from '../../../helpers/handlers'

type Handler = (event: IpcMainInvokeEvent, input: unknown) => Promise<unknown>

function capture(): { ipcMain: IpcMain; handlers: Map<string, Handler> } {
  const handlers = new Map<string, Handler>()
  const ipcMain = {
    handle: (channel: string, fn: Handler) => handlers.set(channel, fn)
  } as unknown as IpcMain
  return { ipcMain, handlers }
}

function eventFrom(url: string, { mainFrame = true } = {}): IpcMainInvokeEvent {
  const frame = { url }
  return {
    senderFrame: frame,
    sender: { mainFrame: mainFrame ? frame : { url: 'app://app/' } }
  } as unknown as IpcMainInvokeEvent
}

const settingsHandlers = (spy: () => void): CommandHandlers =>
  stubHandlers({
    'app.info': () => ({
      name: 'x',
      version: '1',
      dataDir: '/d',
      host: 'electron',
      platform: 'linux',
      userName: 'x'
    }),
    'app.openExternal': () => ({ opened: false, allowed: false }),
    'settings.get': () => {
      spy()
      return { theme: 'system', notifyOnJobFinish: true, exportNameTemplate: 'x' }
    },
    'settings.update': () => {
      spy()
      return { theme: 'system', notifyOnJobFinish: true, exportNameTemplate: 'x' }
    }
  })

describe('IPC [P3]', () => {
  it('registers exactly one handler per contract command', () => {
    const { ipcMain, handlers } = capture()
    registerIpc(ipcMain, createDispatcher(settingsHandlers(() => undefined)), 'app://app')
    expect([...handlers.keys()].sort()).toEqual(commandNames.map(commandChannel).sort())
  })

  it('rejects every channel when called from a foreign frame or a subframe', async () => {
    const spy = vi.fn()
    const { ipcMain, handlers } = capture()
    registerIpc(ipcMain, createDispatcher(settingsHandlers(spy)), 'app://app')
    for (const [channel, handler] of handlers) {
      for (const event of [
        eventFrom('http://127.0.0.1:8000/'),
        eventFrom('https://app/'),
        eventFrom('app://app.evil/'),
        eventFrom('app://app/index.html', { mainFrame: false }),
        { senderFrame: null, sender: {} } as unknown as IpcMainInvokeEvent
      ]) {
        const result = (await handler(event, {})) as { ok: boolean; error?: { code: string } }
        expect(result.ok, channel).toBe(false)
        expect(result.error?.code).toBe('unauthorized')
      }
    }
    expect(spy).not.toHaveBeenCalled()
  })

  it('accepts the app frame and validates the payload', async () => {
    const spy = vi.fn()
    const { ipcMain, handlers } = capture()
    registerIpc(ipcMain, createDispatcher(settingsHandlers(spy)), 'app://app')
    const update = handlers.get(commandChannel('settings.update'))
    expect(await update?.(eventFrom('app://app/index.html'), { theme: 'dark' })).toMatchObject({ ok: true })
    expect(await update?.(eventFrom('app://app/index.html'), { theme: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' }
    })
  })

  it('survives 1,000 random payloads per channel without throwing or reaching a handler with bad data', async () => {
    const spy = vi.fn()
    const { ipcMain, handlers } = capture()
    registerIpc(ipcMain, createDispatcher(settingsHandlers(spy)), 'app://app')
    let seed = 42
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed / 2 ** 31
    }
    const values = [
      null,
      undefined,
      0,
      -1,
      1e308,
      NaN,
      '',
      'x'.repeat(10_000),
      true,
      [],
      [1, 2],
      {},
      { theme: 7 }
    ]
    const randomValue = (depth: number): unknown => {
      const pick = Math.floor(random() * (values.length + 2))
      if (pick < values.length) return values[pick]
      if (depth > 3) return 'leaf'
      return pick === values.length
        ? [randomValue(depth + 1), randomValue(depth + 1)]
        : {
            theme: randomValue(depth + 1),
            ['__proto__']: randomValue(depth + 1),
            extra: randomValue(depth + 1)
          }
    }
    for (const handler of handlers.values()) {
      for (let i = 0; i < 1000; i++) {
        const result = (await handler(eventFrom('app://app/'), randomValue(0))) as { ok: boolean }
        expect(typeof result.ok).toBe('boolean')
      }
    }
    // settings.get takes {} only; random payloads that happen to be {} or undefined may reach it legitimately.
    for (const call of spy.mock.calls) expect(call).toEqual([])
  })
})
