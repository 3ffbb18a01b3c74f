import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A stored file that cannot be shown here: why, and the file itself to open in another app.
 * The file stays in the library either way.
 */
export function MediaFailureNotice({
  title,
  words,
  href,
  fileName
}: {
  title: string
  words: string
  href: string
  fileName: string
}): ReactElement {
  const { t } = useTranslation()
  return (
    <div className="notice notice-error media-failure" role="alert">
      <p className="notice-title">{title}</p>
      <p>{words}</p>
      <p className="notice-hint">{t('media.failure.anotherPlayer')}</p>
      <div className="notice-actions">
        <a className="button" href={href} download={fileName}>
          {t('media.failure.download')}
        </a>
      </div>
    </div>
  )
}
