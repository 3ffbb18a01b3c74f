import { userInfo } from 'node:os'
import type { coreCommands } from '../../shared/contracts/core'
import type { uiCommands } from '../../shared/contracts/ui'
import type { AppInfo, StorageState } from '../../shared/schemas/app'
import type { CommandHandlers } from '../contract/dispatch'
import type { EventBus } from '../contract/events'
import { isAllowedExternalUrl } from '../security/urls'
import type { SettingsStore } from '../settings/store'

export interface AppDeps {
  info: Omit<AppInfo, 'platform' | 'userName'>
  settings: SettingsStore
  bus: EventBus
  /** The disk under the data folder as the last write found it (P47). */
  storage: () => StorageState
  /** The desktop shell opens vetted links in the OS browser; the web host leaves that to the tab. */
  openExternal?: ((url: string) => Promise<void>) | undefined
}

/** The app itself: what it is, its settings, the last used model of each screen, links out, the disk. */
export function createAppHandlers(
  deps: AppDeps
): Pick<CommandHandlers, keyof typeof coreCommands | keyof typeof uiCommands> {
  const { settings, bus } = deps
  return {
    'app.info': () => ({ ...deps.info, platform: process.platform, userName: userInfo().username }),
    'app.openExternal': async ({ url }) => {
      if (!isAllowedExternalUrl(url)) return { opened: false, allowed: false }
      if (!deps.openExternal) return { opened: false, allowed: true }
      // Vetted just above by a URL parser: https and mailto only (RELIABILITY P5).
      await deps.openExternal(url) // eng-disable OPEN_EXTERNAL_JS_CHECK
      return { opened: true, allowed: true }
    },
    'app.storage': () => deps.storage(),
    'settings.get': () => settings.get(),
    'settings.update': (patch) => {
      const next = settings.update(patch)
      bus.emit('settings.changed', next)
      return next
    },
    'ui.lastUsed.get': () => settings.lastUsed(),
    'ui.lastUsed.remember': ({ screen, model, params }) =>
      settings.rememberLastUsed(screen, { model, params })
  }
}
