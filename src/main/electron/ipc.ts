import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import { commandChannel } from '../../shared/channels'
import { commandNames, type CommandName } from '../../shared/contract'
import { ContractErrorCode, type Result } from '../../shared/result'
import { isAppUrl } from './security'

type Dispatch = (name: CommandName, input: unknown) => Promise<Result<unknown>>

/** RELIABILITY P3: only the app's own main frame may call; any other sender gets a refusal, not an exception. */
export function isTrustedSender(event: IpcMainInvokeEvent, appOrigin: string): boolean {
  const frame = event.senderFrame
  if (!frame) return false
  if (frame !== event.sender.mainFrame) return false
  return isAppUrl(frame.url, appOrigin)
}

/** One `ipcMain.handle` per contract command; the dispatcher validates the payload with the command's schema. */
export function registerIpc(ipcMain: IpcMain, dispatch: Dispatch, appOrigin: string): void {
  for (const name of commandNames) {
    ipcMain.handle(commandChannel(name), async (event, input: unknown) => {
      if (!isTrustedSender(event, appOrigin)) {
        return { ok: false, error: { code: ContractErrorCode.unauthorized, message: 'Sender not allowed' } }
      }
      return dispatch(name, input)
    })
  }
}
