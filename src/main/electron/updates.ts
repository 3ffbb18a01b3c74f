import type { AppUpdater } from 'electron-updater'

/** What the check needs from electron-updater's autoUpdater (a small surface tests can stand in for). */
export type Updater = Pick<AppUpdater, 'setFeedURL' | 'checkForUpdatesAndNotify'>

export interface UpdateCheckOptions {
  /** The generic feed fixed at build time (GS_UPDATE_FEED_URL); none means updates are off. */
  feedUrl: string | undefined
  /** Only an installed build can replace itself; `npm start` / `npm run dev` never check. */
  packaged: boolean
  log: (message: string, error?: unknown) => void
  /** Loaded only when a check will really run, so an app built without a feed never touches it. */
  loadUpdater?: () => Promise<Updater>
}

async function loadAutoUpdater(): Promise<Updater> {
  // electron-updater defines `autoUpdater` with a getter Node's CommonJS export detection cannot see, so
  // through import() it exists only on the default export (module.exports). Measured on Node 20.
  const loaded = (await import('electron-updater')) as {
    autoUpdater?: AppUpdater
    default?: { autoUpdater?: AppUpdater }
  }
  const autoUpdater = loaded.default?.autoUpdater ?? loaded.autoUpdater
  if (!autoUpdater) throw new Error('electron-updater has no autoUpdater export')
  return autoUpdater
}

/**
 * Starts one update check in the background and returns at once: start-up never waits on the network,
 * and a failed check is logged, never shown as a start-up error. Desktop shell only (the web host has no
 * installer to replace, and never imports this module).
 */
export function startUpdateCheck(options: UpdateCheckOptions): 'off' | 'started' {
  const feedUrl = options.feedUrl?.trim()
  if (!feedUrl || !options.packaged) return 'off'
  const load = options.loadUpdater ?? loadAutoUpdater
  const check = async (): Promise<void> => {
    const updater = await load()
    updater.setFeedURL({ provider: 'generic', url: feedUrl })
    await updater.checkForUpdatesAndNotify()
  }
  check().catch((error: unknown) => options.log('Update check failed', error))
  return 'started'
}
