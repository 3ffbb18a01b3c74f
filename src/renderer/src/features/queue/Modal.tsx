import { useEffect, useId, useRef, type ReactElement, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A modal on the native <dialog> (top layer, inert page behind, Escape closes). `alert` makes it an
 * alertdialog: for choices with consequences, such as sending a billed request twice.
 */
export function Modal({
  title,
  description,
  alert = false,
  wide = false,
  onClose,
  children
}: {
  title: string
  description?: ReactNode
  alert?: boolean
  wide?: boolean
  onClose: () => void
  children: ReactNode
}): ReactElement {
  const { t } = useTranslation()
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
    return () => dialog?.close()
  }, [])
  return (
    <dialog
      ref={ref}
      className={wide ? 'tq-modal wide' : 'tq-modal'}
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <header className="tq-modal-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="tq-icon-button" aria-label={t('queue.close')} onClick={onClose}>
          ×
        </button>
      </header>
      {description && (
        <div id={descriptionId} className="tq-modal-description">
          {description}
        </div>
      )}
      {children}
    </dialog>
  )
}
