import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ExportProgress } from '@shared/schemas/gallery'
import { useConnection } from '../../store/app'
import { errorWords } from '../../ui/errorWords'
import { IconButton } from '../../ui/IconButton'
import { formatBytes } from './format'
import { useGalleryStore } from './store'

/** The web host serves finished zips of the exports folder here (src/main/web/server.ts). */
export const EXPORTS_PATH = '/exports/'

function ExportCard({ progress }: { progress: ExportProgress }): ReactElement {
  const { t, i18n } = useTranslation()
  const { api, host } = useConnection()
  const dismiss = useGalleryStore((s) => s.dismissExport)
  const percent = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0
  const label =
    progress.format === 'zip'
      ? t('gallery.exports.zip', { count: progress.total })
      : t('gallery.exports.folder', { count: progress.total })
  const bytes = formatBytes(progress.bytesWritten, i18n.language)
  const images = (count: number): string => t('gallery.count.images', { count })
  return (
    <li className={`export-card export-${progress.status}`} aria-label={label}>
      <div className="export-line">
        <strong>{label}</strong>
        {progress.status === 'running' ? (
          <button
            type="button"
            className="button small"
            onClick={() => void api.call('gallery.cancelExport', { exportId: progress.exportId })}
          >
            {t('gallery.exports.cancel')}
          </button>
        ) : (
          <IconButton
            icon="close"
            label={t('gallery.exports.dismiss')}
            onClick={() => dismiss(progress.exportId)}
          />
        )}
      </div>
      {progress.status === 'running' && (
        <>
          <div
            className="export-bar"
            role="progressbar"
            aria-label={t('gallery.exports.progress', { label })}
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={progress.done}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
          <p className="muted">
            {progress.done === 0 && progress.bytesWritten === 0
              ? t('gallery.exports.preparing')
              : t('gallery.exports.written', { done: progress.done, total: progress.total, bytes })}
          </p>
        </>
      )}
      {progress.status === 'succeeded' && (
        <div role="status" className="export-result">
          <p>
            {progress.skipped > 0
              ? t('gallery.exports.doneSkipped', {
                  images: images(progress.done),
                  bytes,
                  skipped: images(progress.skipped)
                })
              : t('gallery.exports.done', { images: images(progress.done), bytes })}
          </p>
          {progress.path && <code className="export-path">{progress.path}</code>}
          {host === 'web' && progress.downloadName && (
            <a
              className="button primary small"
              href={`${EXPORTS_PATH}${encodeURIComponent(progress.downloadName)}`}
              download={progress.downloadName}
            >
              {t('gallery.exports.download')}
            </a>
          )}
        </div>
      )}
      {progress.status === 'cancelled' && <p role="status">{t('gallery.exports.cancelled')}</p>}
      {progress.status === 'failed' && (
        <p role="alert" className="field-error">
          {/* The backend's words for it in the language shown (unknown words as they came), then ours. */}
          {progress.error ? errorWords(t, progress.error).message : t('gallery.exports.failed')}
          {t('ui.sentenceGap')}
          {t('gallery.exports.nothingLeft')}
        </p>
      )}
    </li>
  )
}

/** Running and recent exports: progress, cancel, and where the result went. */
export function ExportTray(): ReactElement | null {
  const { t } = useTranslation()
  const exports = useGalleryStore((s) => s.exports)
  const list = Object.values(exports).sort((a, b) => b.startedAt - a.startedAt)
  if (list.length === 0) return null
  return (
    <section className="export-tray" aria-label={t('gallery.exports.label')}>
      <ul>
        {list.map((progress) => (
          <ExportCard key={progress.exportId} progress={progress} />
        ))}
      </ul>
    </section>
  )
}
