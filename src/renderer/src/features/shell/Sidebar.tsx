import type { ReactElement } from 'react'
import { Icon } from '../../ui/icons'
import { screens, useAppStore, type Screen } from '../../store/app'

export const screenLabels: Record<Screen, string> = {
  chat: 'Chat',
  images: 'Images',
  edit: 'Edit',
  tasks: 'Tasks',
  gallery: 'Gallery',
  settings: 'Settings'
}

export function Sidebar(): ReactElement {
  const screen = useAppStore((state) => state.screen)
  const setScreen = useAppStore((state) => state.setScreen)
  return (
    <nav className="sidebar" aria-label="Main">
      <div className="brand" aria-hidden="true">
        <span className="brand-mark">GS</span>
        <span className="brand-name">Gateway Studio</span>
      </div>
      <ul>
        {screens.map((name) => (
          <li key={name}>
            <button
              type="button"
              className="nav-item"
              aria-current={screen === name ? 'page' : undefined}
              onClick={() => setScreen(name)}
            >
              <Icon name={name} />
              <span>{screenLabels[name]}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  )
}
