import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../ui/icons'
import { ShortcutsHelp } from '../ui/ShortcutsDialog'
import { shortcutProps } from '../ui/shortcuts'
import { QUEUE_BADGE_ID, QueueBadge } from '../features/queue/QueueBadge'
import { screens, useAppStore } from '../store/app'
import { Toasts } from '../ui/Toast'
import { NotificationBell } from './Notifications'

export function Sidebar(): ReactElement {
  const screen = useAppStore((state) => state.screen)
  const setScreen = useAppStore((state) => state.setScreen)
  const { t } = useTranslation()
  return (
    <aside className="sidebar">
      <nav className="sidebar-nav" aria-label={t('nav.main')}>
        <div className="brand" aria-hidden="true">
          <span className="brand-mark">GS</span>
          <span className="brand-name">{t('app.name')}</span>
        </div>
        <ul>
          {screens.map((name) => (
            <li key={name}>
              <button
                type="button"
                className="nav-item"
                data-screen={name}
                {...shortcutProps(`screen.${name}`, t(`nav.${name}`), t)}
                aria-current={screen === name ? 'page' : undefined}
                aria-describedby={name === 'queue' ? QUEUE_BADGE_ID : undefined}
                onClick={() => setScreen(name)}
              >
                <Icon name={name} />
                <span>{t(`nav.${name}`)}</span>
                {name === 'queue' && <QueueBadge />}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {/* Outside the navigation: a toast's "Show in Queue" is not a way to a screen of its own. */}
      <div className="sidebar-foot">
        <Toasts />
        <NotificationBell />
        <ShortcutsHelp />
      </div>
    </aside>
  )
}
