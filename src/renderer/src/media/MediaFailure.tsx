/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import type { ReactElement } from 'react'

/**
 * A stored file that cannot be shown here: why, and the file itself to open in another app (issue 15).
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
  return (
    <div className="notice notice-error media-failure" role="alert">
      <p className="notice-title">{title}</p>
      <p>{words}</p>
      <p className="notice-hint">Another player may open it; the file stays in the library.</p>
      <div className="notice-actions">
        <a className="button" href={href} download={fileName}>
          Download the file
        </a>
      </div>
    </div>
  )
}
