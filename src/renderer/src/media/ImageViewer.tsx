/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import { useState, type ReactElement } from 'react'
import type { JobView, ResultView } from '@shared/schemas/jobs'
import { useConnection } from '../store/app'
import { Modal } from '../ui/Modal'
import { MediaFailureNotice } from './MediaFailure'
import { IMAGE_FAILURE_WORDS } from './mediaErrors'
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

const sizeOfFile = (bytes: number | null): string =>
  bytes === null
    ? ''
    : bytes > 1024 * 1024
      ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
      : `${Math.ceil(bytes / 1024)} KB`

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
  const title = `Image ${index + 1} of ${images.length}`
  // Only this image's own usage; a figure for several images together stays on the job's card.
  const own = imageUsageOf(job, result)
  const usage = own
    ? (usageSummary(own.usage) ?? 'Not reported')
    : job.usage !== null
      ? 'Reported for the whole job, not per image (see its card)'
      : 'Not reported'
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
            title="This image cannot be shown"
            words={IMAGE_FAILURE_WORDS}
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
            aria-label="Previous image"
            onClick={() => previous && onNavigate(previous.id)}
          >
            ←
          </button>
          <button
            type="button"
            className="button"
            disabled={!next}
            aria-label="Next image"
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
            Close
          </button>
        </header>
        <dl className="facts viewer-facts">
          <dt>Size</dt>
          <dd>
            {result.width && result.height ? `${result.width}×${result.height}` : (result.sizeLabel ?? '—')}
            {result.mime ? ` · ${kindOf(result.mime)} · ${sizeOfFile(result.bytes)}` : ''}
          </dd>
          <dt>Model</dt>
          <dd>
            {job.model} <span className="muted">({endpointLabel(job.endpoint)})</span>
          </dd>
          <dt>Created</dt>
          <dd>{when(result.createdAt)}</dd>
          <dt>Prompt</dt>
          <dd className="viewer-prompt">{job.prompt}</dd>
          {result.revisedPrompt && result.revisedPrompt !== job.prompt && (
            <>
              <dt>Revised prompt</dt>
              <dd className="viewer-prompt">{result.revisedPrompt}</dd>
            </>
          )}
          <dt>Usage</dt>
          <dd>
            {usage}
            {job.billingUnit ? ` · billed per ${job.billingUnit}` : ''}
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
            {result.favorite ? '★ Favorite' : '☆ Favorite'}
          </button>
          <button type="button" className="button" onClick={() => actions.onCopyPrompt(job.prompt)}>
            Copy prompt
          </button>
          <button type="button" className="button" onClick={() => actions.onRemix(job)}>
            Remix
          </button>
          <button type="button" className="button" onClick={() => actions.onUseAsReference(result)}>
            Use as reference
          </button>
          <button type="button" className="button" onClick={() => actions.onEdit(result)}>
            Edit
          </button>
          {host === 'web' ? (
            <a className="button" href={mediaUrl(mediaId)} target="_blank" rel="noopener noreferrer">
              Open full image
            </a>
          ) : (
            <a className="button" href={mediaUrl(mediaId)} download>
              Save a copy
            </a>
          )}
        </div>
      </aside>
    </Modal>
  )
}
