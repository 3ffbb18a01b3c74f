import { useEffect, useRef, type KeyboardEvent, type ReactElement, type ReactNode } from 'react'

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * A modal dialog: focus moves in on open and back on close, Tab stays inside, Escape and a click on the
 * backdrop close it. Labelled by `label` (or the element named by `labelledBy`).
 */
export function Modal({
  label,
  labelledBy,
  onClose,
  className,
  onKey,
  children
}: {
  onKey?: (event: KeyboardEvent<HTMLDivElement>) => void
  label?: string
  labelledBy?: string
  onClose: () => void
  className?: string
  children: ReactNode
}): ReactElement {
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const dialog = ref.current
    const first = dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog
    first?.focus()
    return () => previous?.focus()
  }, [])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    onKey?.(event)
    if (event.key === 'Escape') {
      event.stopPropagation()
      onClose()
      return
    }
    if (event.key !== 'Tab' || !ref.current) return
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)]
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

  return (
    <div
      className="gs-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className={`gs-dialog ${className ?? ''}`}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>
  )
}
