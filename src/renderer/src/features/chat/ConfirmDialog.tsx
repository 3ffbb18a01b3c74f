import { useEffect, useId, useRef, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'

/** A small modal question with a default-safe focus (Cancel), closed by Escape. */
export function ConfirmDialog({
  title,
  body,
  confirm,
  onConfirm,
  onCancel
}: {
  title: string
  body: string
  confirm: string
  onConfirm: () => void
  onCancel: () => void
}): ReactElement {
  const { t } = useTranslation()
  const titleId = useId()
  const cancel = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    cancel.current?.focus()
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') onCancel()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onCancel])
  return (
    <div className="chat-dialog-backdrop">
      <div className="chat-dialog card" role="alertdialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        <p>{body}</p>
        <div className="editor-actions">
          <button type="button" className="button danger" onClick={onConfirm}>
            {confirm}
          </button>
          <button ref={cancel} type="button" className="button" onClick={onCancel}>
            {t('chat.cancel')}
          </button>
        </div>
      </div>
    </div>
  )
}
