import { useEffect, useRef, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../ui/icons'
import { selectUnread, useNotificationsStore, type AppNotification } from '../store/notifications'
import { NoteActions } from '../ui/Toast'
import { dateFormat } from '../ui/intl'

/** The time of a notification as the language shown writes it (not the browser's own locale). */
const time = (at: number, language: string): string =>
  dateFormat(language, { hour: '2-digit', minute: '2-digit' }).format(at)

function ListItem({ item }: { item: AppNotification }): ReactElement {
  const dismiss = useNotificationsStore((state) => state.dismiss)
  const setListOpen = useNotificationsStore((state) => state.setListOpen)
  const { t, i18n } = useTranslation()
  return (
    <li className={`note-item tone-${item.tone}`}>
      <div className="note-item-text">
        <p className="note-title">{item.title}</p>
        {item.body && <p className="note-body">{item.body}</p>}
        <p className="note-time">{time(item.at, i18n.language)}</p>
      </div>
      <NoteActions
        item={item}
        afterAction={() => setListOpen(false)}
        closeLabel={t('notifications.dismissItem', { title: item.title })}
        onClose={() => dismiss(item.id)}
      />
    </li>
  )
}

/** The bell: how many failures and "needs attention" are unseen, and the list of every one kept. */
export function NotificationBell(): ReactElement {
  const unread = useNotificationsStore(selectUnread)
  const items = useNotificationsStore((state) => state.items)
  const open = useNotificationsStore((state) => state.listOpen)
  const setListOpen = useNotificationsStore((state) => state.setListOpen)
  const clear = useNotificationsStore((state) => state.clear)
  const panel = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const { t } = useTranslation()

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return
      setListOpen(false)
      button.current?.focus()
    }
    const onPointer = (event: PointerEvent): void => {
      const target = event.target as Node
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setListOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open, setListOpen])

  return (
    <div className="note-bell-wrap">
      <button
        ref={button}
        type="button"
        className="nav-item note-bell"
        aria-expanded={open}
        aria-controls="notification-list"
        aria-label={unread > 0 ? t('notifications.unseen', { count: unread }) : t('notifications.title')}
        onClick={() => setListOpen(!open)}
      >
        <Icon name="bell" />
        {/* The space makes the shown text read "Notifications 1", as the spoken name does (WCAG 2.5.3). */}
        <span>{t('notifications.title')}</span>{' '}
        {unread > 0 && (
          <span className="note-count" aria-hidden="true">
            {unread}
          </span>
        )}
      </button>
      {open && (
        <div
          ref={panel}
          id="notification-list"
          className="note-panel"
          role="dialog"
          aria-label={t('notifications.list')}
        >
          <div className="note-panel-head">
            <h2>{t('notifications.title')}</h2>
            {items.length > 0 && (
              <button type="button" className="button quiet" onClick={clear}>
                {t('notifications.clearAll')}
              </button>
            )}
          </div>
          {items.length === 0 ? (
            <p className="muted note-empty">{t('notifications.empty')}</p>
          ) : (
            <ul className="note-list">
              {items.map((item) => (
                <ListItem key={item.id} item={item} />
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  )
}
