import type { Transport } from '@shared/client'
import type { PreloadApi } from '../../../preload/api'
import { eventNames } from '@shared/contract'

/** Inside Electron the preload bridge is the transport: one function per command, one subscriber per event. */
export function createElectronTransport(bridge: PreloadApi): Transport {
  return {
    invoke: (name, input) => bridge.commands[name](input),
    subscribe(listener) {
      const offs = eventNames.map((name) => bridge.events[name]((payload) => listener(name, payload)))
      return () => offs.forEach((off) => off())
    }
  }
}
