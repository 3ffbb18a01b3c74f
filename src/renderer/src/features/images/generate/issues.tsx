import { createContext, useContext, type ComponentProps, type ReactElement } from 'react'
import type { FormIssue } from '../../../jobs/imageForm/form'
import { errorIdOf, Field } from '../../../ui/Field'

/** A form field's key (the descriptor's field key, or prompt, model, references, extra, profile). */
export type FormField = string

/** Which issues the form shows next to their fields right now (touched fields, or all after a try). */
export const IssuesContext = createContext<{
  visible: (field: FormField) => FormIssue | undefined
  touch: (field: FormField) => void
}>({ visible: () => undefined, touch: () => undefined })

export const useTouch = (): ((field: FormField) => void) => useContext(IssuesContext).touch

/** Props that tie a control outside a Field (a checkbox group, the size pair) to its FieldMessage. */
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
    'aria-describedby': issue ? errorIdOf(id) : undefined
  }
}

/** ui/Field showing the form's issue with `field` as its error, while the form shows it. */
export function IssueField({
  field,
  ...props
}: Omit<ComponentProps<typeof Field>, 'error'> & { field: FormField; id: string }): ReactElement {
  const issue = useContext(IssuesContext).visible(field)
  return <Field {...props} error={issue?.message} />
}

/** A field's message for controls that are not a single input (checkbox groups, the reference list). */
export function FieldMessage({ field, id }: { field: FormField; id: string }): ReactElement | null {
  const issue = useContext(IssuesContext).visible(field)
  return issue ? (
    <p className="field-error" id={errorIdOf(id)}>
      {issue.message}
    </p>
  ) : null
}
