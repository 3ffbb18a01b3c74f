import { useEffect, type ReactElement } from 'react'
import { ChatScreen } from './features/chat/ChatScreen'
import { CompareScreen } from './features/compare/CompareScreen'
import { EditScreen } from './features/edit/EditScreen'
import { GalleryScreen } from './features/gallery/GalleryScreen'
import { ImagesScreen } from './features/images/ImagesScreen'
import { SettingsScreen } from './features/settings/SettingsScreen'
import { ConnectionBanner } from './shell/ConnectionBanner'
import { StorageBanner } from './shell/StorageBanner'
import { Sidebar } from './shell/Sidebar'
import { QueueScreen } from './features/queue/QueueScreen'
import { VideoScreen } from './features/video/VideoScreen'
import { i18n, resolveLanguage } from './i18n'
import { selectOnline, useAppStore, type Screen } from './store/app'
import { useGlobalShortcuts } from './ui/shortcuts'

const screenComponents: Record<Screen, () => ReactElement> = {
  chat: ChatScreen,
  images: ImagesScreen,
  compare: CompareScreen,
  edit: EditScreen,
  video: VideoScreen,
  queue: QueueScreen,
  gallery: GalleryScreen,
  settings: SettingsScreen
}

/** Resolves the theme setting to light or dark, following the OS live when the setting is "system". */
function useTheme(): void {
  const theme = useAppStore((state) => state.settings?.theme ?? 'system')
  useEffect(() => {
    const query = window.matchMedia('(prefers-color-scheme: dark)')
    const apply = (): void => {
      document.documentElement.dataset.theme = theme === 'system' ? (query.matches ? 'dark' : 'light') : theme
    }
    apply()
    query.addEventListener('change', apply)
    return () => query.removeEventListener('change', apply)
  }, [theme])
}

/** Speaks the language setting, following the OS/browser live when it is "system"; tags the document. */
function useLanguage(): void {
  const setting = useAppStore((state) => state.settings?.language ?? 'system')
  useEffect(() => {
    const apply = (): void => {
      const language = resolveLanguage(setting, navigator.languages)
      document.documentElement.lang = language
      if (i18n.language !== language) void i18n.changeLanguage(language)
    }
    apply()
    window.addEventListener('languagechange', apply)
    return () => window.removeEventListener('languagechange', apply)
  }, [setting])
}

export function App(): ReactElement {
  const screen = useAppStore((state) => state.screen)
  const online = useAppStore(selectOnline)
  const epoch = useAppStore((state) => state.syncEpoch)
  const Current = screenComponents[screen]
  useTheme()
  useLanguage()
  useGlobalShortcuts()
  return (
    <div className="app">
      <Sidebar />
      <main className="content">
        <ConnectionBanner />
        <StorageBanner />
        {/* While the backend is out of reach every control of the screen is disabled (a disabled
            fieldset), so nothing silently does nothing; after it is back the screen mounts again. */}
        <fieldset className="content-lock" disabled={!online}>
          <Current key={epoch} />
        </fieldset>
      </main>
    </div>
  )
}
