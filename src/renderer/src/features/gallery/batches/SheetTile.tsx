import { memo, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { Verdict } from '@shared/schemas/batches'
import { jobStatusWords } from '../../../jobs/status'
import { MediaThumb } from '../../../ui/MediaThumb'
import type { SheetGrouping, SheetTile as Tile } from './sheetModel'

/**
 * One cell of a contact sheet: the image (or the job's status and the gateway's words when it has none),
 * its mark, and a caption with the keep and reject buttons a mouse reaches on hover. The image is the
 * keyboard's stop (one per sheet, roving); the buttons are for the mouse, the keys do the same.
 */
function SheetTileView({
  tile,
  focused,
  grouping,
  onFocus,
  onVerdict
}: {
  tile: Tile
  focused: boolean
  grouping: SheetGrouping
  onFocus: (key: string) => void
  onVerdict: (tile: Tile, verdict: Verdict | null) => void
}): ReactElement {
  const { t } = useTranslation()
  const { job, result } = tile
  const verdict = result?.verdict ?? null
  // The caption says what the heading does not: the model under a prompt, the prompt under a model.
  const caption = grouping === 'prompt' ? job.model : job.prompt
  const state = result
    ? verdict
      ? t(`gallery.batches.verdict.${verdict}`)
      : t('gallery.batches.verdict.none')
    : jobStatusWords(job.status, t)
  const seed = job.seed === null ? '' : ` · ${t('gallery.batches.seed', { seed: String(job.seed) })}`
  // Images of one job differ by their place in it, or two tiles would read the same.
  const stored = job.results.filter((r) => r.status === 'stored')
  const place =
    result && stored.length > 1
      ? ` · ${t('gallery.batches.imageOf', { n: stored.indexOf(result) + 1, count: stored.length })}`
      : ''
  return (
    <div className={`sheet-tile${verdict ? ` ${verdict}` : ''}${result ? '' : ' no-image'}`}>
      <button
        type="button"
        className="sheet-tile-main"
        data-tile={tile.key}
        tabIndex={focused ? 0 : -1}
        aria-label={`${job.prompt} — ${job.model}${seed}${place} — ${state}`}
        onFocus={() => onFocus(tile.key)}
      >
        {result ? (
          <MediaThumb mediaId={result.mediaId} alt="" eager className="sheet-thumb" />
        ) : (
          <span className={`sheet-status ${job.status}`}>
            <strong>{jobStatusWords(job.status, t)}</strong>
            {job.error && <span className="sheet-error">{job.error.message}</span>}
          </span>
        )}
        {verdict && (
          <span className={`sheet-badge ${verdict}`} aria-hidden="true">
            {verdict === 'kept' ? '✓' : '✕'}
          </span>
        )}
      </button>
      <p className="sheet-caption" title={caption}>
        <span className="sheet-caption-text">{caption}</span>
        {result && (
          <span className="sheet-marks">
            <button
              type="button"
              className={verdict === 'kept' ? 'sheet-mark on' : 'sheet-mark'}
              tabIndex={-1}
              aria-label={t('gallery.batches.keep')}
              title={t('gallery.batches.keepKey')}
              onClick={() => onVerdict(tile, verdict === 'kept' ? null : 'kept')}
            >
              ✓
            </button>
            <button
              type="button"
              className={verdict === 'rejected' ? 'sheet-mark on' : 'sheet-mark'}
              tabIndex={-1}
              aria-label={t('gallery.batches.reject')}
              title={t('gallery.batches.rejectKey')}
              onClick={() => onVerdict(tile, verdict === 'rejected' ? null : 'rejected')}
            >
              ✕
            </button>
          </span>
        )}
      </p>
    </div>
  )
}

export const SheetTileCell = memo(SheetTileView)
