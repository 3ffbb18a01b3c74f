import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppError } from '@shared/result'
import { errorWords } from './errorWords'

/** A failure of the team library in one block: which location, then our words for it. */
export function TeamFailureNotice({ title, error }: { title: string; error: AppError }): ReactElement {
  const { t } = useTranslation()
  const words = errorWords(t, error)
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">{title}</p>
      {words.message !== null && <p>{words.message}</p>}
      {words.hint && <p className="notice-hint">{words.hint}</p>}
    </div>
  )
}
