import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ImportProgress } from '@shared/schemas/imports'
import { useConnection } from '../../../store/app'
import { errorWords } from '../../../ui/errorWords'
import { IconButton } from '../../../ui/IconButton'
import { SkippedList } from './SkippedList'
import { useImportsStore } from './store'

function ImportCard({ progress }: { progress: ImportProgress }): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const dismiss = useImportsStore((s) => s.dismissFolder)
  // The folder's own name says which import this is; its whole path is the title's tooltip.
  const folderName = progress.folder.split(/[\\/]/).filter(Boolean).at(-1) ?? progress.folder
  const label = t('gallery.imports.folderTitle', { folder: folderName })
  const percent = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0
  const images = (count: number): string => t('gallery.count.images', { count })
  const files = (count: number): string => t('gallery.count.files', { count })
  const running = progress.status === 'running'
  const failure = progress.error ? errorWords(t, progress.error) : null
  const failureWords = failure ? (failure.message ?? failure.title) : null
  // While the walk runs ahead, the total still grows: the bar says so in words rather than a fraction.
  const line = progress.counted
    ? t('gallery.imports.progressText', {
        done: progress.done,
        total: progress.total,
        added: progress.added
      })
    : t('gallery.imports.counting', { total: progress.total })
  return (
    <li className={`export-card export-${progress.status}`} aria-label={label}>
      <div className="export-line">
        <strong className="import-folder" title={progress.folder}>
          {label}
        </strong>
        {running ? (
          <button
            type="button"
            className="button small"
            onClick={() => void api.call('gallery.cancelImport', { importId: progress.importId })}
          >
            {t('gallery.imports.cancel')}
          </button>
        ) : (
          <IconButton
            icon="close"
            label={t('gallery.imports.dismiss')}
            onClick={() => dismiss(progress.importId)}
          />
        )}
      </div>
      {running && (
        <>
          <div
            className={progress.counted ? 'export-bar' : 'export-bar import-counting'}
            role="progressbar"
            aria-label={t('gallery.imports.progress', { label })}
            aria-valuemin={0}
            aria-valuemax={progress.counted ? progress.total : undefined}
            aria-valuenow={progress.counted ? progress.done : undefined}
            aria-valuetext={line}
          >
            <span style={progress.counted ? { width: `${percent}%` } : undefined} />
          </div>
          <p className="muted">{line}</p>
        </>
      )}
      {progress.status === 'succeeded' && (
        <p role="status">
          {progress.skipped > 0
            ? t('gallery.imports.succeededSkipped', {
                images: images(progress.added),
                skipped: files(progress.skipped)
              })
            : t('gallery.imports.succeeded', { images: images(progress.added) })}
        </p>
      )}
      {progress.status === 'cancelled' && (
        <p role="status">{t('gallery.imports.cancelled', { images: images(progress.added) })}</p>
      )}
      {progress.status === 'failed' && (
        <p role="alert" className="field-error">
          {/* The backend's words for it in the language shown (unknown words as they came), then ours. */}
          {failureWords ?? t('gallery.imports.failed')}
          {t('ui.sentenceGap')}
          {t('gallery.imports.keptBefore', { images: images(progress.added) })}
        </p>
      )}
      {!running && <SkippedList skipped={progress.skippedFiles} total={progress.skipped} />}
    </li>
  )
}

/** Folder imports running in the backend and recently finished: progress, cancel, and what was left out. */
export function ImportTray(): ReactElement | null {
  const { t } = useTranslation()
  const folders = useImportsStore((s) => s.folders)
  const list = Object.values(folders).sort((a, b) => b.startedAt - a.startedAt)
  if (list.length === 0) return null
  return (
    <section className="export-tray" aria-label={t('gallery.imports.label')}>
      <ul>
        {list.map((progress) => (
          <ImportCard key={progress.importId} progress={progress} />
        ))}
      </ul>
    </section>
  )
}
