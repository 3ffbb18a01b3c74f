import type { TFunction } from 'i18next'
import { useEffect, useMemo, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { GalleryDetail, GalleryItem } from '@shared/schemas/gallery'
import { useConnection } from '../store/app'
import { ExitActions } from './ExitActions'
import { sizeLine } from './fileFacts'
import { bodyParameters } from './jobParameters'
import { usageSummary, when } from './slots'
import { Stage, type StageFrame } from './Stage'
import { StageJobDetails, type StageJob } from './StageJobDetails'

/** How many neighbours either side of the shown image the filmstrip holds. */
const REACH = 24

const frameOf = (item: GalleryItem): StageFrame => ({
  id: item.id,
  mediaId: item.mediaId,
  width: item.width,
  height: item.height,
  mime: null,
  alt: item.prompt
})

/**
 * The usage line of a Gallery image: its own figure when the gateway reported one for the request that
 * made it alone; else the job's figure, said as the job's (never as if this image cost it all).
 */
export function galleryUsage(detail: GalleryDetail, t: TFunction): string {
  if (detail.imageUsage !== null) return usageSummary(detail.imageUsage, t) ?? t('media.viewer.notReported')
  const whole = usageSummary(detail.usage, t)
  if (whole === null) return t('media.viewer.notReported')
  if (detail.imagesInJob <= 1) return whole
  return t('media.stage.wholeJobUsage', {
    usage: whole,
    images: t('media.usage.images', { count: detail.imagesInJob, n: detail.imagesInJob })
  })
}

const jobOf = (detail: GalleryDetail, t: TFunction): StageJob => ({
  prompt: detail.prompt,
  revisedPrompt: detail.revisedPrompt,
  model: detail.model,
  endpoint: detail.endpoint,
  parameters: bodyParameters(detail.params),
  usage: galleryUsage(detail, t),
  billingUnit: detail.billingUnit
})

/** The full record of the image on the stage, fetched as one pages through (null until it comes). */
function useDetail(id: string): GalleryDetail | null {
  const { api } = useConnection()
  const [detail, setDetail] = useState<GalleryDetail | null>(null)
  useEffect(() => {
    let live = true
    void api.call('gallery.get', { id }).then((result) => {
      if (live) setDetail(result.ok ? result.value : null)
    })
    return () => {
      live = false
    }
  }, [api, id])
  return detail?.id === id ? detail : null
}

/**
 * A Gallery image on the stage, the filmstrip holding its loaded neighbours in grid order (a window that
 * follows as one pages on); beside it its size and date, then its job as the Images stage shows it:
 * prompt, model, parameters, usage and billing unit (the grid's tile holds only the prompt and model, so
 * the record is fetched for the image shown), and "Save as…" and "Copy image" as its details panel has
 * them. The Gallery's detail panel keeps the other actions.
 */
export function GalleryStage({
  neighbours,
  currentId,
  onNavigate,
  onClose
}: {
  /** The loaded images around the current one, in grid order. */
  neighbours: GalleryItem[]
  currentId: string
  onNavigate: (id: string) => void
  onClose: () => void
}): ReactElement | null {
  const { t } = useTranslation()
  const frames = useMemo(() => neighbours.map(frameOf), [neighbours])
  const detail = useDetail(currentId)
  const item = neighbours.find((candidate) => candidate.id === currentId)
  if (!item) return null
  const side = (
    <>
      <dl className="facts stage-facts">
        <dt>{t('media.viewer.size')}</dt>
        <dd>{sizeLine(detail ?? { ...item, mime: null, bytes: null }, t)}</dd>
        <dt>{t('media.viewer.created')}</dt>
        <dd>{when(item.createdAt, t)}</dd>
      </dl>
      {detail && <ExitActions key={detail.id} detail={detail} />}
      {detail ? (
        <StageJobDetails job={jobOf(detail, t)} />
      ) : (
        <section className="stage-section" aria-label={t('media.stage.job')}>
          <h3>{t('media.viewer.prompt')}</h3>
          <p className="stage-prompt">{item.prompt}</p>
        </section>
      )}
    </>
  )
  return (
    <Stage
      frames={frames}
      currentId={currentId}
      stripLabel={t('media.stage.neighbours')}
      onNavigate={onNavigate}
      onClose={onClose}
      side={side}
    />
  )
}

/** The loaded items within `REACH` of `index`, in order, read through `at` (the grid's own lookup). */
export function neighboursOf(
  at: (index: number) => GalleryItem | undefined,
  index: number,
  count: number
): GalleryItem[] {
  const out: GalleryItem[] = []
  for (let i = Math.max(0, index - REACH); i <= Math.min(count - 1, index + REACH); i++) {
    const item = at(i)
    if (item) out.push(item)
  }
  return out
}
