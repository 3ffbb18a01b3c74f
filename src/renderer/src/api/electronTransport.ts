import type { PreloadApi } from '../../../preload/api'
import { eventNames } from '@shared/contract'
import { currentT } from '../ui/words'
import { linkSignal, nextDelay, type LinkedTransport } from './link'

/**
 * Inside Electron the preload bridge is the transport: one function per command, one subscriber per event.
 * An IPC call that throws (the main process did not answer) marks the link lost; it is then probed with
 * `app.info` with backoff until the main process answers again.
 */
export function createElectronTransport(bridge: PreloadApi, now: () => number = Date.now): LinkedTransport {
  const link = linkSignal()
  let delay: number | null = null
  let timer: ReturnType<typeof setTimeout> | null = null

  const probe = (): void => {
    timer = null
    bridge.commands['app.info']({}).then(
      () => {
        delay = null
        link.set({ state: 'open' })
      },
      (error: unknown) => lost(error)
    )
  }
  const lost = (error: unknown): void => {
    const current = link.get()
    delay = nextDelay(delay)
    if (timer) clearTimeout(timer)
    timer = setTimeout(probe, delay)
    link.set({
      state: 'lost',
      since: current.state === 'open' ? now() : current.since,
      reason: currentT('ui.link.appBackend', {
        reason: error instanceof Error ? error.message : String(error)
      }),
      retryAt: now() + delay
    })
  }

  return {
    invoke: async (name, input) => {
      try {
        return await bridge.commands[name](input)
      } catch (error) {
        lost(error)
        throw error
      }
    },
    subscribe(listener) {
      const offs = eventNames.map((name) => bridge.events[name]((payload) => listener(name, payload)))
      return () => offs.forEach((off) => off())
    },
    onLink: (listener) => link.subscribe(listener),
    reconnectNow: () => {
      if (link.get().state === 'open') return
      if (timer) clearTimeout(timer)
      delay = null
      probe()
    }
  }
}
