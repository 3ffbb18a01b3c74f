import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode
} from 'react'
import { useTranslation } from 'react-i18next'
import { IconButton } from './IconButton'

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])'

/**
 * Keeps Tab inside: the browser makes the page behind inert but lets Tab leave the last control for its
 * own toolbar (and in a tab-less Electron window, for nowhere); the dialog pattern wraps to the first.
 */
function wrapTab(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.getClientRects().length > 0 && !element.closest('[inert]')
  )
  const first = items[0]
  const last = items[items.length - 1]
  if (!first || !last) return
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first.focus()
  }
}

export type DialogProps = {
  /** Shown while true; a dialog that is simply mounted when wanted may leave it out. */
  open?: boolean
  /** Asked to close: Escape, the × button, or the backdrop where `closeOnBackdrop` allows it. */
  onClose: () => void
  /** The heading the dialog renders and is named by, with a × button beside it. */
  title?: ReactNode
  /** Or the id of a heading the children render themselves (no × then: the children offer a way out). */
  labelledBy?: string
  /** Text read out with the name when the dialog opens: what the choice is about. */
  description?: ReactNode
  /** A question with consequences (role alertdialog): the caller marks the safe button `data-autofocus`. */
  alert?: boolean
  /** A click on the dimmed page closes it: only for dialogs that lose nothing by closing. */
  closeOnBackdrop?: boolean
  className?: string
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void
  children?: ReactNode
}

/**
 * The app's one modal dialog, on the native <dialog> opened with showModal(): the browser puts it in the
 * top layer, makes the page behind inert (the focus trap) and sends `cancel` on Escape. We add what it
 * leaves to us: focus goes to the element marked `data-autofocus` and back to the opener on close, and
 * closing is always the parent's decision (`onClose`), so state and screen cannot disagree.
 */
export function Dialog({
  open = true,
  onClose,
  title,
  labelledBy,
  description,
  alert = false,
  closeOnBackdrop = false,
  className,
  onKeyDown,
  children
}: DialogProps): ReactElement {
  const { t } = useTranslation()
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  // Whether this dialog showed itself and has not closed itself since: a `close` event the browser
  // sends after our own close() (unmount, StrictMode's second effect run) is not the user's request.
  const shown = useRef(false)

  useEffect(() => {
    const dialog = ref.current
    if (!open || !dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    shown.current = true
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    return () => {
      shown.current = false
      if (dialog.open) dialog.close()
      if (opener?.isConnected) opener.focus()
    }
  }, [open])

  const onBackdrop = (event: MouseEvent<HTMLDialogElement>): void => {
    // A click on the ::backdrop targets the <dialog> itself, outside its box.
    if (!closeOnBackdrop || event.target !== event.currentTarget) return
    const box = event.currentTarget.getBoundingClientRect()
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom
    if (!inside) onClose()
  }

  return (
    <dialog
      ref={ref}
      className={className ? `gs-dialog ${className}` : 'gs-dialog'}
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={title !== undefined ? titleId : labelledBy}
      aria-describedby={description !== undefined ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      // Chromium skips `cancel` on a second Escape that no click preceded and closes outright.
      onClose={() => {
        if (shown.current && !ref.current?.open) onClose()
      }}
      onMouseDown={onBackdrop}
      onKeyDown={(event) => {
        onKeyDown?.(event)
        if (!event.defaultPrevented) wrapTab(event)
      }}
    >
      {title !== undefined && (
        <header className="dialog-head">
          <h2 id={titleId}>{title}</h2>
          <IconButton icon="close" label={t('ui.dialog.close')} onClick={onClose} />
        </header>
      )}
      {description !== undefined && (
        <div id={descriptionId} className="dialog-description">
          {description}
        </div>
      )}
      {open && children}
    </dialog>
  )
}
