import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ImportSkip } from '@shared/schemas/imports'
import { skippedWords } from './words'

/** A short list reads at a glance; a longer one waits to be opened. */
const OPEN_UP_TO = 5

/**
 * The files an import left out, each with why, behind a "Show the 3 skipped files" line; beyond the ones
 * the backend names (a folder's first 500), "and N more".
 */
export function SkippedList({
  skipped,
  total = skipped.length
}: {
  skipped: readonly ImportSkip[]
  total?: number
}): ReactElement | null {
  const { t } = useTranslation()
  if (total === 0) return null
  const more = total - skipped.length
  return (
    <details className="import-skipped" open={total <= OPEN_UP_TO}>
      <summary>{t('gallery.imports.showSkipped', { count: total })}</summary>
      <ul>
        {skipped.map((skip, index) => (
          // The same name can be skipped twice (two drops of one file): its place keeps it apart.
          <li key={`${index}:${skip.name}`}>{skippedWords(t, skip)}</li>
        ))}
        {more > 0 && <li className="muted">{t('gallery.imports.more', { count: more })}</li>}
      </ul>
    </details>
  )
}
