import { useRef, type ReactElement, type ReactNode } from 'react'
import { ACCEPT_ATTRIBUTE } from '../../media/intake'

/**
 * A real button that opens the file chooser: a label around a hidden input cannot be reached by Tab. The
 * input stays in the page (hidden) so tests and assistive tools can still address it by its label.
 */
export function FileButton({
  children,
  inputLabel,
  multiple = false,
  disabled = false,
  className = 'button',
  onFiles
}: {
  children: ReactNode
  inputLabel: string
  multiple?: boolean
  disabled?: boolean
  className?: string
  onFiles: (files: File[]) => void
}): ReactElement {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <button type="button" className={className} disabled={disabled} onClick={() => input.current?.click()}>
        {children}
      </button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        multiple={multiple}
        hidden
        disabled={disabled}
        aria-label={inputLabel}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])])
          event.target.value = ''
        }}
      />
    </>
  )
}
