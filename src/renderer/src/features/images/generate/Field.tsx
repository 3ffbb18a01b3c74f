import { createContext, useContext, type ReactElement, type ReactNode } from 'react'
import type { FormIssue } from '../../../jobs/imageForm/form'

/** A form field's key (the descriptor's field key, or prompt, model, references, extra, profile). */
export type FormField = string

/** Which issues the form shows next to their fields right now (touched fields, or all after a try). */
export const IssuesContext = createContext<{
  visible: (field: FormField) => FormIssue | undefined
  touch: (field: FormField) => void
}>({ visible: () => undefined, touch: () => undefined })

export const useTouch = (): ((field: FormField) => void) => useContext(IssuesContext).touch

/** Props that tie a control to its label and its message. */
export function useControl(
  field: FormField,
  id: string
): {
  id: string
  'aria-invalid': boolean | undefined
  'aria-describedby': string | undefined
} {
  const issue = useContext(IssuesContext).visible(field)
  return {
    id,
    'aria-invalid': issue ? true : undefined,
    'aria-describedby': issue ? `${id}-error` : undefined
  }
}

/** A labelled control with its validation message (and an optional hint) under it. */
export function Field({
  field,
  id,
  label,
  hint,
  className,
  children
}: {
  field: FormField
  id: string
  label: string
  hint?: ReactNode
  className?: string
  children: ReactNode
}): ReactElement {
  const issue = useContext(IssuesContext).visible(field)
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {issue ? (
        <p className="field-error" id={`${id}-error`}>
          {issue.message}
        </p>
      ) : (
        hint && <p className="field-hint">{hint}</p>
      )}
    </div>
  )
}

/** A field's message for controls that are not a single input (checkbox groups, the reference list). */
export function FieldMessage({ field, id }: { field: FormField; id: string }): ReactElement | null {
  const issue = useContext(IssuesContext).visible(field)
  return issue ? (
    <p className="field-error" id={`${id}-error`}>
      {issue.message}
    </p>
  ) : null
}
