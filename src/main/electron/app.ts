import { join } from 'node:path'
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Notification,
  protocol,
  safeStorage,
  session,
  shell,
  type BrowserWindowConstructorOptions
} from 'electron'
import { resolveLanguage } from '../../shared/language'
import { createBackend, type Backend } from '../backend'
import { StartProblem } from '../dataFolder/startProblem'
import { ELECTRON_CSP } from '../security/csp'
import { createSafeStorageCipher } from './cipher'
import { registerIpc } from './ipc'
import { electronNativeBinding } from './nativeBinding'
import {
  APP_ORIGIN,
  APP_SCHEME,
  MEDIA_SCHEME,
  appProtocolHandler,
  mediaProtocolHandler,
  registerSchemes
} from './protocol'
import { enforceCsp, hardenedWebPreferences, lockNavigation, restrictPermissions } from './security'
import { forwardEvents } from './events'
import { dataDirOverride } from './dataDir'
import { startChoice } from './startChoice'
import { startUpdateCheck } from './updates'

const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
const appOrigin = devServerUrl ? new URL(devServerUrl).origin : APP_ORIGIN

function createWindow(): BrowserWindow {
  const options: BrowserWindowConstructorOptions = {
    width: 1360,
    height: 880,
    minWidth: 960,
    minHeight: 640,
    show: false,
    title: 'Gateway Studio',
    backgroundColor: '#101114',
    webPreferences: hardenedWebPreferences(join(__dirname, '../preload/index.js'))
  }
  // Electronegativity reads only literal webPreferences; ours come from hardenedWebPreferences() (security.ts),
  // which sets contextIsolation, sandbox and disables Auxclick, and is asserted field by field in its unit test.
  const window = new BrowserWindow(options) // eng-disable CONTEXT_ISOLATION_JS_CHECK SANDBOX_JS_CHECK AUXCLICK_JS_CHECK
  window.once('ready-to-show', () => window.show())
  window
    .loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`)
    .catch((error: unknown) => console.error('The window could not load the app', error))
  return window
}

/** The thin desktop shell: window, protocols, IPC and the OS keychain around the same backend as the web host. */
export function runElectronApp(): void {
  // Before the single-instance lock and before ready: the lock, Chromium's own profile and the backend
  // all live under userData, so a moved data folder is a separate, complete instance.
  const dataDir = dataDirOverride(process.argv, process.env)
  if (dataDir) app.setPath('userData', dataDir)
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  registerSchemes(protocol)
  app.on('web-contents-created', (_event, contents) => lockNavigation(contents, appOrigin))

  let backend: Backend | null = null
  const open = (restoreBackup: boolean): Backend => {
    const nativeBinding = electronNativeBinding(app.getAppPath(), process.resourcesPath, app.isPackaged)
    return createBackend({
      dataDir: app.getPath('userData'),
      host: 'electron',
      secretCipher: createSafeStorageCipher(safeStorage, process.platform),
      ...(nativeBinding ? { nativeBinding } : {}),
      // Only reached through the backend's app.openExternal, which lets through https/mailto alone (P5).
      openExternal: (url) => shell.openExternal(url), // eng-disable OPEN_EXTERNAL_JS_CHECK
      notify: (notice) => {
        if (Notification.isSupported()) new Notification({ title: notice.title, body: notice.body }).show()
      },
      restoreBackup
    })
  }
  const started = app.whenReady().then(async () => {
    backend = await openOrAsk(open)
    const running = backend
    restrictPermissions(session.defaultSession, appOrigin)
    enforceCsp(session.defaultSession, ELECTRON_CSP)
    protocol.handle(
      APP_SCHEME,
      appProtocolHandler(join(__dirname, '../renderer'), (resultId) => running.serveCopy(resultId))
    )
    protocol.handle(
      MEDIA_SCHEME,
      mediaProtocolHandler((id) => running.serveMedia(id), appOrigin)
    )
    registerIpc(ipcMain, (name, input) => running.dispatch(name, input), appOrigin)
    createWindow()
    forwardEvents(running, () => BrowserWindow.getAllWindows().map((w) => w.webContents))
    startUpdateCheck({
      feedUrl: typeof __UPDATE_FEED_URL__ === 'string' ? __UPDATE_FEED_URL__ : undefined,
      packaged: app.isPackaged,
      log: (message, error) => console.error(message, error)
    })
  })
  // A start that fails (a data folder another Gateway Studio holds, a damaged database) is said and ends
  // the app; it never leaves a window-less process behind.
  started.catch((error: unknown) => {
    console.error('Gateway Studio could not start', error)
    app.exit(error instanceof StartProblem ? 3 : 1)
  })

  app.on('window-all-closed', () => {
    ;(backend?.close() ?? Promise.resolve())
      .catch((error: unknown) => console.error('Closing the backend failed', error))
      .finally(() => app.quit())
  })
}

/**
 * Opens the backend, and when it refuses to start asks the user what to do instead (`startChoice`): open
 * the newest backup, move to another data folder (the app starts again there), or quit. A refusal the
 * user answers with "quit" is thrown on, and the app ends.
 */
async function openOrAsk(open: (restoreBackup: boolean) => Backend): Promise<Backend> {
  try {
    return open(false)
  } catch (error) {
    if (!(error instanceof StartProblem)) throw error
    const choice = startChoice(error, resolveLanguage('system', app.getPreferredSystemLanguages()))
    const { response } = await dialog.showMessageBox({
      type: 'error',
      title: choice.title,
      message: choice.title,
      detail: choice.message,
      buttons: choice.buttons.map((button) => button.label),
      defaultId: 0,
      cancelId: choice.buttons.length - 1,
      noLink: true
    })
    const action = choice.buttons[response]?.action ?? 'quit'
    if (action === 'backup') return open(true)
    if (action === 'otherFolder') {
      const picked = await dialog.showOpenDialog({ properties: ['openDirectory', 'createDirectory'] })
      const folder = picked.filePaths[0]
      if (!picked.canceled && folder) {
        app.relaunch({
          args: [
            ...process.argv.slice(1).filter((arg) => !arg.startsWith('--data-dir=')),
            `--data-dir=${folder}`
          ]
        })
      }
    }
    throw error
  }
}
