import { useId, type ReactElement, type ReactNode } from 'react'

/** A labelled control with its issue underneath, wired for assistive tech (aria-invalid, -describedby). */
export function Field({
  label,
  error,
  hint,
  className,
  children
}: {
  label: string
  error?: string | undefined
  hint?: ReactNode
  className?: string
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode
}): ReactElement {
  const id = useId()
  const noteId = `${id}-note`
  const note = error ?? hint
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(note ? { 'aria-describedby': noteId } : {})
      })}
      {note && (
        <p id={noteId} className={error ? 'field-error' : 'vid-hint'}>
          {note}
        </p>
      )}
    </div>
  )
}
