import { useState, type ReactElement, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppError } from '@shared/result'
import { Dialog } from './Dialog'
import { ErrorNotice } from './ErrorNotice'

/** What a confirmation may answer: nothing (done), or the failure to show while the dialog stays open. */
type Outcome = AppError | null | undefined | void

/**
 * A question with consequences (an alertdialog): the safe answer comes first and has the focus, so Enter
 * or Escape keeps things as they are. While the action runs the confirm button waits; a failure stays in
 * the dialog beside the question, success closes it.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  keepLabel,
  tone = 'danger',
  disabled = false,
  onConfirm,
  further,
  onClose
}: {
  title: string
  description: ReactNode
  confirmLabel: string
  /** The safe answer; "Cancel" unless the question has better words for it. */
  keepLabel?: string
  tone?: 'danger' | 'primary'
  disabled?: boolean
  onConfirm: () => Outcome | Promise<Outcome>
  /** A second answer that does more than `confirmLabel`'s (shown after it, in the same tone). */
  further?: { label: string; onConfirm: () => Outcome | Promise<Outcome> }
  onClose: () => void
}): ReactElement {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)

  const confirm = async (action: () => Outcome | Promise<Outcome>): Promise<void> => {
    setBusy(true)
    setError(null)
    const failure = await action()
    setBusy(false)
    if (failure) setError(failure)
    else onClose()
  }

  return (
    <Dialog alert title={title} description={description} onClose={onClose} className="narrow">
      {error && <ErrorNotice error={error} />}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose} data-autofocus>
          {keepLabel ?? t('ui.dialog.cancel')}
        </button>
        <button
          type="button"
          className={`button ${tone}`}
          disabled={busy || disabled}
          onClick={() => void confirm(onConfirm)}
        >
          {confirmLabel}
        </button>
        {further && (
          <button
            type="button"
            className={`button ${tone}`}
            disabled={busy || disabled}
            onClick={() => void confirm(further.onConfirm)}
          >
            {further.label}
          </button>
        )}
      </div>
    </Dialog>
  )
}
