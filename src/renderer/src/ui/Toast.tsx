import { useEffect, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import {
  selectToastItem,
  TOAST_MS,
  useNotificationsStore,
  type AppNotification
} from '../store/notifications'
import { IconButton } from './IconButton'

/** A notification's one action ("Open", "Show in Queue") and its close button. */
export function NoteActions({
  item,
  afterAction,
  closeLabel,
  onClose
}: {
  item: AppNotification
  afterAction: () => void
  closeLabel: string
  onClose: () => void
}): ReactElement {
  return (
    <div className="note-actions">
      {item.action && (
        <button
          type="button"
          className="button note-btn"
          onClick={() => {
            item.action?.run()
            afterAction()
          }}
        >
          {item.action.label}
        </button>
      )}
      <IconButton icon="close" label={closeLabel} className="note-close" onClick={onClose} />
    </div>
  )
}

function Toast({ id }: { id: string }): ReactElement | null {
  const item = useNotificationsStore(selectToastItem(id))
  const hideToast = useNotificationsStore((state) => state.hideToast)
  const [held, setHeld] = useState(false)
  const { t } = useTranslation()
  useEffect(() => {
    // A toast being read (pointer over it, or focus inside) waits; otherwise it goes by itself.
    if (!item || held) return
    const timer = setTimeout(() => hideToast(id), TOAST_MS[item.tone])
    return () => clearTimeout(timer)
  }, [id, item, held, hideToast])
  if (!item) return null
  const kept = item.tone === 'error' || item.tone === 'attention'
  return (
    <div
      className={`note-toast tone-${item.tone}`}
      role={kept ? 'alert' : 'status'}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <p className="note-title">{item.title}</p>
      {item.body && <p className="note-body">{item.body}</p>}
      <NoteActions
        item={item}
        afterAction={() => hideToast(id)}
        closeLabel={kept ? t('notifications.hideKept') : t('notifications.dismiss')}
        onClose={() => hideToast(id)}
      />
    </div>
  )
}

/**
 * Toasts in the sidebar's foot: in the flow of the sidebar, so they never lie over a control,
 * a focused field or the chat composer, and each goes by itself.
 */
export function Toasts(): ReactElement {
  const toasts = useNotificationsStore((state) => state.toasts)
  const { t } = useTranslation()
  return (
    <section className="note-toasts" aria-label={t('notifications.title')}>
      {toasts.map((id) => (
        <Toast key={id} id={id} />
      ))}
    </section>
  )
}
