import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { commandChannel, IPC_EVENT_CHANNEL } from '../shared/channels'
import { commandNames, eventNames } from '../shared/contract'
import type { PreloadApi } from './api'

/**
 * The whole bridge: one function per contract command and one subscriber per contract event, built
 * from the contract's keys. `ipcRenderer` itself and any "invoke this channel" function never cross.
 */
const commands = Object.fromEntries(
  commandNames.map((name) => [name, (input: unknown) => ipcRenderer.invoke(commandChannel(name), input)])
) as PreloadApi['commands']

const events = Object.fromEntries(
  eventNames.map((name) => [
    name,
    (listener: (payload: unknown) => void) => {
      const handler = (_event: IpcRendererEvent, message: unknown): void => {
        if (
          typeof message === 'object' &&
          message !== null &&
          (message as { name?: unknown }).name === name
        ) {
          listener((message as { payload?: unknown }).payload)
        }
      }
      ipcRenderer.on(IPC_EVENT_CHANNEL, handler)
      return () => {
        ipcRenderer.removeListener(IPC_EVENT_CHANNEL, handler)
      }
    }
  ])
) as PreloadApi['events']

const api: PreloadApi = { commands, events }
contextBridge.exposeInMainWorld('api', api)
