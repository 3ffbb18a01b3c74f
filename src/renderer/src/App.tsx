import { useEffect, type ReactElement } from 'react'
import { ChatScreen } from './features/chat/ChatScreen'
import { EditScreen } from './features/edit/EditScreen'
import { GalleryScreen } from './features/gallery/GalleryScreen'
import { ImagesScreen } from './features/images/ImagesScreen'
import { SettingsScreen } from './features/settings/SettingsScreen'
import { Sidebar } from './features/shell/Sidebar'
import { TasksScreen } from './features/tasks/TasksScreen'
import { useAppStore, type Screen } from './store/app'

const screenComponents: Record<Screen, () => ReactElement> = {
  chat: ChatScreen,
  images: ImagesScreen,
  edit: EditScreen,
  tasks: TasksScreen,
  gallery: GalleryScreen,
  settings: SettingsScreen
}

function useTheme(): void {
  const theme = useAppStore((state) => state.settings?.theme ?? 'system')
  useEffect(() => {
    document.documentElement.dataset.theme = theme
  }, [theme])
}

export function App(): ReactElement {
  const screen = useAppStore((state) => state.screen)
  const Current = screenComponents[screen]
  useTheme()
  return (
    <div className="app">
      <Sidebar />
      <main className="content">
        <Current />
      </main>
    </div>
  )
}
