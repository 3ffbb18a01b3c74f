import type { TFunction } from 'i18next'
import { useEffect, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { descriptorAt } from '@shared/gateway/endpoints'
import type { AppError, Result } from '@shared/result'
import type { Verdict } from '@shared/schemas/batches'
import type { GalleryDetail } from '@shared/schemas/gallery'
import { ExitActions } from '../../media/ExitActions'
import { dragOut } from '../../media/exitCopy'
import { useConnection } from '../../store/app'
import { showJobInQueue } from '../../store/handoff'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { IconButton } from '../../ui/IconButton'
import { rate, sendSettingsOf, setFavorite } from './actions'
import { ImageNote, StarRating, VerdictChoice } from './DetailMarks'
import { offersSettings } from './fileSettings'
import { CredentialsNote, ImportedSettings, TeamOrigin } from './ImportedDetail'
import { formatBytes, formatDateTime } from './format'
import { only } from './selection'
import { findItem, useGalleryStore } from './store'
import { billedWords, jobStatusWords, useGatewayName } from './words'
import { endpointWords } from '../../ui/words'

/** A usage figure in words: tokens for token-billed models, images billed for image-billed ones. */
function usageWords(t: TFunction, raw: unknown, images: number, billingUnit: string | null): string {
  const usage = raw as Record<string, unknown> | null
  const tokens =
    typeof usage?.total_tokens === 'number'
      ? usage.total_tokens
      : typeof usage?.input_tokens === 'number' || typeof usage?.output_tokens === 'number'
        ? Number(usage.input_tokens ?? 0) + Number(usage.output_tokens ?? 0)
        : null
  if (billingUnit === 'token')
    return tokens === null ? t('gallery.detail.tokensNone') : t('gallery.count.tokens', { count: tokens })
  if (billingUnit === 'image') {
    const billed = typeof usage?.generated_images === 'number' ? usage.generated_images : images
    const values = {
      images: t('gallery.count.images', { count: billed }),
      tokens: t('gallery.count.tokens', { count: tokens ?? 0 })
    }
    return tokens === null
      ? t('gallery.detail.imagesBilled', values)
      : t('gallery.detail.imagesBilledTokens', values)
  }
  // The gateway's own figures, as it sent them.
  return usage ? JSON.stringify(usage) : t('gallery.detail.notReported')
}

/**
 * This image's usage: what the gateway reported for the request that made it alone. A figure reported for
 * several images together is the job's: it is not repeated under each of them (the Queue shows it once).
 */
function usageText(t: TFunction, detail: GalleryDetail): string {
  if (detail.imageUsage !== null) return usageWords(t, detail.imageUsage, 1, detail.billingUnit)
  if (detail.usage === null) return t('gallery.detail.notReported')
  return detail.imagesInJob > 1
    ? t('gallery.detail.wholeJobImages', { images: t('gallery.count.images', { count: detail.imagesInJob }) })
    : t('gallery.detail.wholeJob')
}

/**
 * What is known of the gateway's copy: an expiry only where the endpoint's descriptor states how long its
 * addresses live (partner-b, about 24 hours), counted from when the image arrived; never a made-up time.
 */
function expiryText(t: TFunction, detail: GalleryDetail, language: string): string {
  if (!detail.fromAddress) return t('gallery.detail.copyData')
  const lifetime = descriptorAt(detail.endpoint)?.addressLifetime
  if (!lifetime) return t('gallery.detail.copyNoExpiry')
  const at = detail.createdAt + lifetime.hours * 3_600_000
  const values = {
    at: formatDateTime(at, language),
    hours: t('gallery.count.hours', { count: lifetime.hours })
  }
  return at < Date.now() ? t('gallery.detail.copyExpired', values) : t('gallery.detail.copyExpires', values)
}

/** The image at full size with everything we know about it. */
export function DetailPanel({ id }: { id: string }): ReactElement {
  const { t, i18n } = useTranslation()
  const gatewayName = useGatewayName()
  const { api, mediaUrl } = useConnection()
  const setDetail = useGalleryStore((s) => s.setDetail)
  const setDialog = useGalleryStore((s) => s.setDialog)
  const setSelection = useGalleryStore((s) => s.setSelection)
  const favoriteInList = useGalleryStore((s) => findItem(s, id)?.favorite)
  const ratingInList = useGalleryStore((s) => findItem(s, id)?.rating)
  const [detail, setDetailData] = useState<GalleryDetail | null>(null)
  const [error, setError] = useState<AppError | null>(null)
  const [sending, setSending] = useState(false)
  /** Bumped to read the details again: a team file that was away has come. */
  const [reads, readAgain] = useState(0)

  useEffect(() => {
    // The panel is keyed by image id, so each image starts with fresh state.
    let live = true
    const show = (result: Result<GalleryDetail>): void => {
      if (!live) return
      if (result.ok) setDetailData(result.value)
      else {
        setDetailData(null)
        setError(result.error)
      }
    }
    // A team image's details show at once, on its thumbnail; they are read again, whole, once its file has
    // come from the team location (or could not).
    const load = (): void => {
      void api.call('gallery.get', { id, waitForFile: false }).then((result) => {
        show(result)
        if (live && result.ok && result.value.fileFetching) void api.call('gallery.get', { id }).then(show)
      })
    }
    load()
    // A sync may bring a teammate's stars or note for this image.
    const off = api.on('team.synced', load)
    return () => {
      live = false
      off()
    }
  }, [api, id, reads])

  // A file the location could not give when the details opened may come later (a board kept here, or
  // another window opening it): the line saying only a preview is here goes then.
  const awayMedia = detail?.id === id && detail.fileAway ? detail.mediaId : null
  useEffect(() => {
    if (!awayMedia) return
    return api.on('gallery.filesHere', ({ mediaIds }) => {
      if (mediaIds.includes(awayMedia)) readAgain((n) => n + 1)
    })
  }, [api, awayMedia])

  const favorite = favoriteInList ?? detail?.favorite ?? false
  const rating = ratingInList ?? detail?.rating ?? 0
  // The grid's tile follows through the store; the panel's own copy for an image no page holds.
  const onRate = (next: number): void => {
    const was = rating
    setDetailData((d) => d && { ...d, rating: next })
    void rate(api, only(id), next).then((failure) => {
      if (!failure) return
      setDetailData((d) => d && { ...d, rating: was })
      setError(failure)
    })
  }
  const onVerdict = (next: Verdict | null): void => {
    const was = detail?.verdict ?? null
    setDetailData((d) => d && { ...d, verdict: next })
    void api.call('results.setVerdict', { ids: [id], verdict: next }).then((result) => {
      if (result.ok) return
      setDetailData((d) => d && { ...d, verdict: was })
      setError(result.error)
    })
  }
  const shown = detail?.id === id ? detail : null
  const measured =
    shown?.width && shown.height ? `${shown.width} × ${shown.height}` : t('gallery.detail.unknown')
  const sizeText =
    shown?.sizeLabel && shown.sizeLabel !== `${shown.width}x${shown.height}`
      ? t('gallery.detail.asked', { size: measured, asked: shown.sizeLabel })
      : measured
  const imported = shown?.imported ?? null
  // The app's own image always has its request; an imported one only what its file carried.
  const usable = !imported || offersSettings(imported.settings)
  const takeSettings = async (detail: GalleryDetail): Promise<void> => {
    setSending(true)
    const failure = await sendSettingsOf(api, detail)
    setSending(false)
    setError(failure)
  }
  const fileFacts = shown
    ? t('gallery.detail.fileFacts', {
        format: shown.mime.replace('image/', '').toUpperCase(),
        bytes: formatBytes(shown.bytes, i18n.language)
      })
    : ''

  return (
    <aside className="gallery-detail" aria-label={t('gallery.detail.label')}>
      <div className="detail-head">
        <h2>{t('gallery.detail.title')}</h2>
        <IconButton icon="close" label={t('gallery.detail.close')} onClick={() => setDetail(null)} />
      </div>
      {error && <ErrorNotice error={error} />}
      {shown && (
        <>
          {/* Dragged out of the window, the image leaves as its copy, with its story (`dragOut`). The
              image itself is not the one dragged: the browser would add its own file, without the story. */}
          <div
            className="detail-image"
            // Only once the file is here and its exit known: a team image still coming has nothing to give.
            draggable={Boolean(shown.exit)}
            title={shown.exit ? t('gallery.exit.dragHint') : undefined}
            onDragStart={(event) => dragOut(event, shown.id, shown.exit)}
          >
            <img
              // Until a team image's file is here, its thumbnail: asking for the file would show nothing
              // while it comes, and a broken image if it cannot.
              src={mediaUrl(shown.fileFetching || shown.fileAway ? `${shown.mediaId}_thumb` : shown.mediaId)}
              // A team image's file name is its author's (src/main/sync/teamSync.ts), not a file's.
              alt={shown.prompt || (imported?.team ? '' : imported?.file) || ''}
              width={shown.width ?? undefined}
              height={shown.height ?? undefined}
              draggable={false}
            />
          </div>
          {/* Who made it, as the picture's caption: a teammate's image says so before anything else. */}
          {imported?.team && <TeamOrigin team={imported.team} />}
          {(shown.fileFetching || shown.fileAway) && (
            <p className="detail-file-away" role="status">
              <span aria-hidden="true">☁ </span>
              {shown.fileFetching ? t('gallery.team.fileFetching') : t('gallery.team.fileAway')}
            </p>
          )}
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
              {favorite ? t('gallery.detail.favorite') : t('gallery.detail.addFavorite')}
            </button>
            {usable && (
              <button
                type="button"
                className="button"
                disabled={sending}
                onClick={() => void takeSettings(shown)}
              >
                {sending ? t('gallery.detail.loadingSettings') : t('gallery.detail.useSettings')}
              </button>
            )}
          </div>
          <div className="detail-marks">
            <StarRating value={rating} onChange={onRate} />
            <VerdictChoice value={shown.verdict} onChange={onVerdict} />
            <ImageNote id={shown.id} saved={shown.note} />
          </div>
          <ExitActions detail={shown} />
          {/* The one action that loses something, last and on its own. */}
          <div className="detail-actions">
            <button
              type="button"
              className="button danger-quiet"
              aria-label={t('gallery.detail.deleteImage')}
              onClick={() => {
                setSelection(only(shown.id))
                setDialog('delete')
              }}
            >
              {t('gallery.detail.delete')}
            </button>
          </div>
          {shown.credentials && <CredentialsNote />}
          {imported ? (
            <>
              <ImportedSettings imported={imported} />
              <dl className="facts detail-facts">
                <dt>{t('gallery.detail.size')}</dt>
                <dd>{measured}</dd>
                <dt>{t('gallery.detail.file')}</dt>
                <dd>{fileFacts}</dd>
                <dt>{imported.team ? t('gallery.team.received') : t('gallery.detail.imported')}</dt>
                <dd>{formatDateTime(shown.createdAt, i18n.language)}</dd>
              </dl>
            </>
          ) : (
            <>
              <section className="detail-section" aria-label={t('gallery.detail.prompt')}>
                <h3>{t('gallery.detail.prompt')}</h3>
                <p className="detail-prompt">{shown.prompt}</p>
                {shown.revisedPrompt !== null && shown.revisedPrompt !== shown.prompt && (
                  <>
                    <h3>{t('gallery.detail.revisedPrompt')}</h3>
                    <p className="detail-prompt muted">{shown.revisedPrompt}</p>
                  </>
                )}
              </section>
              <dl className="facts detail-facts">
                <dt>{t('gallery.detail.model')}</dt>
                <dd>{shown.model}</dd>
                <dt>{t('gallery.detail.endpoint')}</dt>
                <dd className="detail-endpoint" title={shown.endpoint}>
                  {endpointWords(t, shown.endpoint)}
                </dd>
                <dt>{t('gallery.detail.gateway')}</dt>
                <dd>{gatewayName(shown.profileId, shown.profileName)}</dd>
                <dt>{t('gallery.detail.size')}</dt>
                <dd>{sizeText}</dd>
                <dt>{t('gallery.detail.file')}</dt>
                <dd>{fileFacts}</dd>
                {shown.seed !== null && (
                  <>
                    <dt>{t('gallery.detail.seed')}</dt>
                    <dd>{String(shown.seed)}</dd>
                  </>
                )}
                <dt>{t('gallery.detail.usage')}</dt>
                <dd>
                  {usageText(t, shown)}
                  {shown.billingUnit && (
                    <span className="pill detail-unit">{billedWords(t, shown.billingUnit)}</span>
                  )}
                </dd>
                <dt>{t('gallery.detail.created')}</dt>
                <dd>{formatDateTime(shown.createdAt, i18n.language)}</dd>
                <dt>{t('gallery.detail.copy')}</dt>
                <dd>{expiryText(t, shown, i18n.language)}</dd>
                <dt>{t('gallery.detail.job')}</dt>
                <dd>
                  <button
                    type="button"
                    className="link-button"
                    // As the queue's own toasts do: the Queue screen opens with this job's dialog.
                    onClick={() => showJobInQueue(shown.jobId)}
                  >
                    {t('gallery.detail.openInQueue')}
                  </button>{' '}
                  <code title={shown.jobId}>{shown.jobId.slice(0, 8)}</code> ·{' '}
                  {jobStatusWords(t, shown.jobStatus)}
                </dd>
              </dl>
              <details className="detail-params">
                <summary>{t('gallery.detail.allParameters')}</summary>
                <pre>{JSON.stringify(shown.params, null, 2)}</pre>
              </details>
            </>
          )}
        </>
      )}
      {!shown && !error && <p className="muted">{t('gallery.detail.loading')}</p>}
    </aside>
  )
}
