import { useEffect, type ReactElement } from 'react'
import { ComingSoon } from './features/shell/ComingSoon'
import { Sidebar } from './features/shell/Sidebar'
import { SettingsScreen } from './features/settings/SettingsScreen'
import { useAppStore, type Screen } from './store/app'

const pending: Record<Exclude<Screen, 'settings'>, { title: string; promise: string }> = {
  chat: {
    title: 'Chat',
    promise:
      'Talk with chat models in all three gateway styles, with streaming replies and a history that lasts.'
  },
  images: {
    title: 'Images',
    promise: 'Generate images on every image endpoint of the gateway and watch image groups arrive live.'
  },
  edit: { title: 'Edit', promise: 'Paint a mask over an image and ask a model to change just that area.' },
  tasks: {
    title: 'Tasks',
    promise: 'Follow long image and video jobs; they keep going when the app restarts.'
  },
  gallery: { title: 'Gallery', promise: 'Browse, search and export everything you have generated.' }
}

function useTheme(): void {
  const theme = useAppStore((state) => state.settings?.theme ?? 'system')
  useEffect(() => {
    document.documentElement.dataset.theme = theme
  }, [theme])
}

export function App(): ReactElement {
  const screen = useAppStore((state) => state.screen)
  useTheme()
  return (
    <div className="app">
      <Sidebar />
      <main className="content">
        {screen === 'settings' ? <SettingsScreen /> : <ComingSoon {...pending[screen]} />}
      </main>
    </div>
  )
}
