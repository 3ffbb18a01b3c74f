import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react'

/** What a control needs to be tied to its label, its hint and its error. */
export type ControlProps = {
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: true
}

/** The ids Field gives a control's hint and error, for a message rendered apart from the field. */
export const hintIdOf = (id: string): string => `${id}-hint`
export const errorIdOf = (id: string): string => `${id}-error`

/**
 * The app's one labelled control: the label names it (htmlFor), the hint and the error under it describe it
 * (aria-describedby; an error replaces the hint while it shows) and an error marks it invalid. The control is either one element (an
 * input, select, textarea or a component that passes these props on), which receives them, or a function
 * that spreads them where they belong.
 */
export function Field({
  label,
  hint,
  error,
  id: given,
  className,
  children
}: {
  label: ReactNode
  hint?: ReactNode
  /** Shown and announced while set; falsy means the value is fine. */
  error?: ReactNode
  /** The control's id, when something outside the field must point at it; otherwise a generated one. */
  id?: string
  className?: string
  children: ReactElement<Partial<ControlProps>> | ((control: ControlProps) => ReactNode)
}): ReactElement {
  const generated = useId()
  const id = given ?? generated
  const hasError = Boolean(error)
  // The error takes the hint's place: each error says what is expected, and the field keeps its height.
  const hasHint = !hasError && hint !== undefined && hint !== null && hint !== false && hint !== ''
  const describedBy = [hasHint ? hintIdOf(id) : '', hasError ? errorIdOf(id) : ''].filter(Boolean).join(' ')
  const control: ControlProps = {
    id,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(hasError ? { 'aria-invalid': true as const } : {})
  }
  let rendered: ReactNode
  if (typeof children === 'function') rendered = children(control)
  else if (isValidElement(children)) {
    // A description the control already had (a note of its own) stays, after the field's.
    const own = children.props['aria-describedby']
    const merged = [...new Set(`${describedBy} ${own ?? ''}`.split(' ').filter(Boolean))].join(' ')
    rendered = cloneElement(children, {
      ...control,
      'aria-describedby': merged || undefined,
      'aria-invalid': hasError ? true : children.props['aria-invalid']
    })
  } else rendered = children
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {rendered}
      {hasHint && (
        <p id={hintIdOf(id)} className="field-hint">
          {hint}
        </p>
      )}
      {hasError && (
        <p id={errorIdOf(id)} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}
