import { useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { JobView, ResultView } from '@shared/schemas/jobs'
import { useConnection } from '../store/app'
import { Modal } from '../ui/Modal'
import { MediaFailureNotice } from './MediaFailure'
import { billedLine } from '../jobs/billing'
import { numberWords } from '../ui/words'
import { imageFailureWords } from './mediaErrors'
import { endpointLabel, imageUsageOf, imagesOf, usageSummary, when } from './slots'
import './media.css'

/** Which image of which job a screen's full view shows. */
export interface ViewerTarget {
  jobId: string
  resultId: string
}

export interface ViewerActions {
  onRemix: (job: JobView) => void
  onCopyPrompt: (text: string) => void
  onUseAsReference: (result: ResultView) => void
  onEdit: (result: ResultView) => void
}

/** The file's weight: MB with one decimal above a megabyte, else whole KB (the symbols are the same everywhere). */
const sizeOfFile = (bytes: number | null, t: TFunction): string =>
  bytes === null
    ? ''
    : bytes > 1024 * 1024
      ? `${numberWords(t, bytes / 1024 / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`
      : `${numberWords(t, Math.ceil(bytes / 1024))} KB`

const kindOf = (mime: string | null): string => (mime ? (mime.split('/')[1] ?? mime).toUpperCase() : '')

/** The full image of a result with its facts and everything one can do with it; ←/→ page through the job. */
export function ImageViewer({
  job,
  resultId,
  onNavigate,
  onClose,
  actions
}: {
  job: JobView
  resultId: string
  onNavigate: (resultId: string) => void
  onClose: () => void
  actions: ViewerActions
}): ReactElement | null {
  const { t } = useTranslation()
  const { api, mediaUrl, host } = useConnection()
  // The media id whose file did not decode (issue 15: say why, and offer the file).
  const [failedId, setFailedId] = useState<string | null>(null)
  const images = imagesOf(job)
  const index = images.findIndex((r) => r.id === resultId)
  const result = images[index]
  if (!result?.mediaId) return null
  const mediaId = result.mediaId
  const previous = images[index - 1]
  const next = images[index + 1]
  const title = t('media.viewer.title', { position: index + 1, total: images.length })
  // Only this image's own usage; a figure for several images together stays on the job's card.
  const own = imageUsageOf(job, result)
  const usage = own
    ? (usageSummary(own.usage, t) ?? t('media.viewer.notReported'))
    : job.usage !== null
      ? t('media.viewer.wholeJob')
      : t('media.viewer.notReported')
  return (
    <Modal
      labelledBy="viewer-title"
      onClose={onClose}
      className="viewer"
      onKey={(event) => {
        if (event.key === 'ArrowLeft' && previous) onNavigate(previous.id)
        if (event.key === 'ArrowRight' && next) onNavigate(next.id)
      }}
    >
      <div className="viewer-stage">
        {failedId === mediaId ? (
          <MediaFailureNotice
            title={t('media.viewer.cannotShow')}
            words={imageFailureWords(t)}
            href={mediaUrl(mediaId)}
            fileName={`image-${mediaId.slice(0, 12)}.${(result.mime?.split('/')[1] ?? 'png').replace('jpeg', 'jpg')}`}
          />
        ) : (
          <img
            src={mediaUrl(mediaId)}
            alt={job.prompt}
            className="viewer-image"
            decoding="async"
            onError={() => setFailedId(mediaId)}
          />
        )}
        <div className="viewer-nav">
          <button
            type="button"
            className="button"
            disabled={!previous}
            aria-label={t('media.viewer.previous')}
            onClick={() => previous && onNavigate(previous.id)}
          >
            ←
          </button>
          <button
            type="button"
            className="button"
            disabled={!next}
            aria-label={t('media.viewer.next')}
            onClick={() => next && onNavigate(next.id)}
          >
            →
          </button>
        </div>
      </div>
      <aside className="viewer-side">
        <header className="dialog-head">
          <h2 id="viewer-title">{title}</h2>
          <button type="button" className="button" onClick={onClose} data-autofocus>
            {t('media.viewer.close')}
          </button>
        </header>
        <dl className="facts viewer-facts">
          <dt>{t('media.viewer.size')}</dt>
          <dd>
            {result.width && result.height ? `${result.width}×${result.height}` : (result.sizeLabel ?? '—')}
            {result.mime ? ` · ${kindOf(result.mime)} · ${sizeOfFile(result.bytes, t)}` : ''}
          </dd>
          <dt>{t('media.viewer.model')}</dt>
          <dd>
            {job.model} <span className="muted">({endpointLabel(job.endpoint, t)})</span>
          </dd>
          <dt>{t('media.viewer.created')}</dt>
          <dd>{when(result.createdAt, t)}</dd>
          <dt>{t('media.viewer.prompt')}</dt>
          <dd className="viewer-prompt">{job.prompt}</dd>
          {result.revisedPrompt && result.revisedPrompt !== job.prompt && (
            <>
              <dt>{t('media.viewer.revisedPrompt')}</dt>
              <dd className="viewer-prompt">{result.revisedPrompt}</dd>
            </>
          )}
          <dt>{t('media.viewer.usage')}</dt>
          <dd>
            {usage}
            {job.billingUnit ? ` · ${billedLine(job.billingUnit, t)}` : ''}
          </dd>
        </dl>
        <div className="viewer-actions">
          <button
            type="button"
            className="button"
            aria-pressed={result.favorite}
            onClick={() =>
              void api.call('results.setFavorite', { id: result.id, favorite: !result.favorite })
            }
          >
            {`${result.favorite ? '★' : '☆'} ${t('media.viewer.favorite')}`}
          </button>
          <button type="button" className="button" onClick={() => actions.onCopyPrompt(job.prompt)}>
            {t('media.viewer.copyPrompt')}
          </button>
          <button type="button" className="button" onClick={() => actions.onRemix(job)}>
            {t('media.viewer.remix')}
          </button>
          <button type="button" className="button" onClick={() => actions.onUseAsReference(result)}>
            {t('media.viewer.useAsReference')}
          </button>
          <button type="button" className="button" onClick={() => actions.onEdit(result)}>
            {t('media.viewer.edit')}
          </button>
          {host === 'web' ? (
            <a className="button" href={mediaUrl(mediaId)} target="_blank" rel="noopener noreferrer">
              {t('media.viewer.openFull')}
            </a>
          ) : (
            <a className="button" href={mediaUrl(mediaId)} download>
              {t('media.viewer.saveCopy')}
            </a>
          )}
        </div>
      </aside>
    </Modal>
  )
}
