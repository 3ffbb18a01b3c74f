/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import type { ReactElement } from 'react'
import type { ExportProgress } from '@shared/schemas/gallery'
import { useConnection } from '../../store/app'
import { formatBytes, plural } from './format'
import { useGalleryStore } from './store'

/** The web host serves finished zips of the exports folder here (src/main/web/server.ts). */
export const EXPORTS_PATH = '/exports/'

function ExportCard({ progress }: { progress: ExportProgress }): ReactElement {
  const { api, host } = useConnection()
  const dismiss = useGalleryStore((s) => s.dismissExport)
  const percent = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0
  const what = progress.format === 'zip' ? 'Zip' : 'Folder'
  const label = `${what} export of ${plural(progress.total, 'image')}`
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
            Cancel export
          </button>
        ) : (
          <button
            type="button"
            className="button small icon-button"
            aria-label="Dismiss"
            onClick={() => dismiss(progress.exportId)}
          >
            ×
          </button>
        )}
      </div>
      {progress.status === 'running' && (
        <>
          <div
            className="export-bar"
            role="progressbar"
            aria-label={`${label} progress`}
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={progress.done}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
          <p className="muted">
            {progress.done === 0 && progress.bytesWritten === 0
              ? 'Preparing names, manifest and page…'
              : `${progress.done.toLocaleString()} of ${progress.total.toLocaleString()} written · ${formatBytes(progress.bytesWritten)}`}
          </p>
        </>
      )}
      {progress.status === 'succeeded' && (
        <div role="status" className="export-result">
          <p>
            Exported {plural(progress.done, 'image')} ({formatBytes(progress.bytesWritten)})
            {progress.skipped > 0
              ? `; ${plural(progress.skipped, 'image')} left out, their files are missing`
              : ''}
            .
          </p>
          {progress.path && <code className="export-path">{progress.path}</code>}
          {host === 'web' && progress.downloadName && (
            <a
              className="button primary small"
              href={`${EXPORTS_PATH}${encodeURIComponent(progress.downloadName)}`}
              download={progress.downloadName}
            >
              Download zip
            </a>
          )}
        </div>
      )}
      {progress.status === 'cancelled' && <p role="status">Cancelled. Nothing was left behind.</p>}
      {progress.status === 'failed' && (
        <p role="alert" className="field-error">
          {progress.error?.message ?? 'The export failed.'} Nothing was left behind.
        </p>
      )}
    </li>
  )
}

/** Running and recent exports: progress, cancel, and where the result went. */
export function ExportTray(): ReactElement | null {
  const exports = useGalleryStore((s) => s.exports)
  const list = Object.values(exports).sort((a, b) => b.startedAt - a.startedAt)
  if (list.length === 0) return null
  return (
    <section className="export-tray" aria-label="Exports">
      <ul>
        {list.map((progress) => (
          <ExportCard key={progress.exportId} progress={progress} />
        ))}
      </ul>
    </section>
  )
}
