/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import { useEffect, useState, type ReactElement } from 'react'
import { descriptorAt } from '@shared/gateway/endpoints'
import { endpointName } from '@shared/gateway/spec'
import type { AppError } from '@shared/result'
import type { GalleryDetail } from '@shared/schemas/gallery'
import { useConnection } from '../../store/app'
import { showJobInQueue } from '../../store/handoff'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { setFavorite } from './actions'
import { formatBytes, formatDateTime, plural } from './format'
import { only } from './selection'
import { findItem, useGalleryStore } from './store'

/** A usage figure in words: tokens for token-billed models, images billed for image-billed ones. */
function usageWords(raw: unknown, images: number, billingUnit: string | null): string {
  const usage = raw as Record<string, unknown> | null
  const tokens =
    typeof usage?.total_tokens === 'number'
      ? usage.total_tokens
      : typeof usage?.input_tokens === 'number' || typeof usage?.output_tokens === 'number'
        ? Number(usage.input_tokens ?? 0) + Number(usage.output_tokens ?? 0)
        : null
  if (billingUnit === 'token')
    return tokens === null ? 'Token-billed; no usage reported' : plural(tokens, 'token')
  if (billingUnit === 'image') {
    const billed = typeof usage?.generated_images === 'number' ? usage.generated_images : images
    const extra = tokens === null ? '' : ` (${plural(tokens, 'token')} reported)`
    return `${plural(billed, 'image')} billed${extra}`
  }
  return usage ? JSON.stringify(usage) : 'Not reported'
}

/**
 * This image's usage: what the gateway reported for the request that made it alone. A figure reported for
 * several images together is the job's: it is not repeated under each of them (the Queue shows it once).
 */
function usageText(detail: GalleryDetail): string {
  if (detail.imageUsage !== null) return usageWords(detail.imageUsage, 1, detail.billingUnit)
  if (detail.usage === null) return 'Not reported'
  const images = detail.imagesInJob > 1 ? ` (${plural(detail.imagesInJob, 'image')})` : ''
  return `Reported for the whole job${images}, not per image`
}

/**
 * What is known of the gateway's copy: an expiry only where the endpoint's descriptor states how long its
 * addresses live (partner-b, about 24 hours), counted from when the image arrived; never a made-up time.
 */
function expiryText(detail: GalleryDetail): string {
  if (!detail.fromAddress) return 'None: the image arrived as data; ours is kept'
  const lifetime = descriptorAt(detail.endpoint)?.addressLifetime
  if (!lifetime) return 'The gateway states no expiry; ours is kept'
  const at = detail.createdAt + lifetime.hours * 3_600_000
  const verb = at < Date.now() ? 'Expired' : 'Expires'
  return `${verb} around ${formatDateTime(at)}: the gateway keeps it about ${plural(lifetime.hours, 'hour')}; ours is kept`
}

/** The image at full size with everything we know about it. */
export function DetailPanel({ id }: { id: string }): ReactElement {
  const { api, mediaUrl } = useConnection()
  const setDetail = useGalleryStore((s) => s.setDetail)
  const setDialog = useGalleryStore((s) => s.setDialog)
  const setSelection = useGalleryStore((s) => s.setSelection)
  const favoriteInList = useGalleryStore((s) => findItem(s, id)?.favorite)
  const [detail, setDetailData] = useState<GalleryDetail | null>(null)
  const [error, setError] = useState<AppError | null>(null)

  useEffect(() => {
    // The panel is keyed by image id, so each image starts with fresh state.
    let live = true
    void api.call('gallery.get', { id }).then((result) => {
      if (!live) return
      if (result.ok) setDetailData(result.value)
      else {
        setDetailData(null)
        setError(result.error)
      }
    })
    return () => {
      live = false
    }
  }, [api, id])

  const favorite = favoriteInList ?? detail?.favorite ?? false
  const shown = detail?.id === id ? detail : null

  return (
    <aside className="gallery-detail" aria-label="Image details">
      <div className="detail-head">
        <h2>Details</h2>
        <button
          type="button"
          className="button icon-button"
          aria-label="Close details"
          onClick={() => setDetail(null)}
        >
          ×
        </button>
      </div>
      {error && <ErrorNotice error={error} />}
      {shown && (
        <>
          <div className="detail-image">
            <img
              src={mediaUrl(shown.mediaId)}
              alt={shown.prompt}
              width={shown.width ?? undefined}
              height={shown.height ?? undefined}
            />
          </div>
          <div className="detail-actions">
            <button
              type="button"
              className="button"
              aria-pressed={favorite}
              onClick={() => void setFavorite(api, shown.id, !favorite).then(setError)}
            >
              <span aria-hidden="true" className={favorite ? 'fav-on' : ''}>
                {favorite ? '★' : '☆'}
              </span>
              {favorite ? 'Favorite' : 'Add to favorites'}
            </button>
            <button
              type="button"
              className="button danger-quiet"
              aria-label="Delete this image…"
              onClick={() => {
                setSelection(only(shown.id))
                setDialog('delete')
              }}
            >
              Delete…
            </button>
          </div>
          <section className="detail-section" aria-label="Prompt">
            <h3>Prompt</h3>
            <p className="detail-prompt">{shown.prompt}</p>
            {shown.revisedPrompt !== null && shown.revisedPrompt !== shown.prompt && (
              <>
                <h3>Revised prompt</h3>
                <p className="detail-prompt muted">{shown.revisedPrompt}</p>
              </>
            )}
          </section>
          <dl className="facts detail-facts">
            <dt>Model</dt>
            <dd>{shown.model}</dd>
            <dt>Endpoint</dt>
            <dd title={shown.endpoint}>{endpointName(shown.endpoint)}</dd>
            <dt>Gateway</dt>
            <dd>{shown.profileName ?? 'Removed gateway'}</dd>
            <dt>Size</dt>
            <dd>
              {shown.width && shown.height ? `${shown.width} × ${shown.height}` : 'Unknown'}
              {shown.sizeLabel && shown.sizeLabel !== `${shown.width}x${shown.height}`
                ? ` (asked: ${shown.sizeLabel})`
                : ''}
            </dd>
            <dt>File</dt>
            <dd>
              {shown.mime.replace('image/', '').toUpperCase()}, {formatBytes(shown.bytes)}
            </dd>
            {shown.seed !== null && (
              <>
                <dt>Seed</dt>
                <dd>{String(shown.seed)}</dd>
              </>
            )}
            <dt>Usage</dt>
            <dd>
              {usageText(shown)}
              {shown.billingUnit && <span className="pill detail-unit">{shown.billingUnit}-billed</span>}
            </dd>
            <dt>Created</dt>
            <dd>{formatDateTime(shown.createdAt)}</dd>
            <dt>Gateway’s copy</dt>
            <dd>{expiryText(shown)}</dd>
            <dt>Job</dt>
            <dd>
              <button
                type="button"
                className="link-button"
                // As the queue's own toasts do: the Queue screen opens with this job's dialog.
                onClick={() => showJobInQueue(shown.jobId)}
              >
                Open in Queue
              </button>{' '}
              <code title={shown.jobId}>{shown.jobId.slice(0, 8)}</code> · {shown.jobStatus.replace('_', ' ')}
            </dd>
          </dl>
          <details className="detail-params">
            <summary>All parameters</summary>
            <pre>{JSON.stringify(shown.params, null, 2)}</pre>
          </details>
        </>
      )}
      {!shown && !error && <p className="muted">Loading…</p>}
    </aside>
  )
}
