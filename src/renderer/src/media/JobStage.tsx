import { useMemo, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { JobView, ResultView } from '@shared/schemas/jobs'
import { useConnection } from '../store/app'
import { sizeLine } from './fileFacts'
import { jobParameters } from './jobParameters'
import { imageUsageOf, imagesOf, usageSummary, when } from './slots'
import { StageJobDetails } from './StageJobDetails'
import { Stage, type StageFrame } from './Stage'

/** Which image of which job a screen's stage shows. */
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

const frameOf = (job: JobView, result: ResultView): StageFrame => ({
  id: result.id,
  mediaId: result.mediaId ?? '',
  width: result.width,
  height: result.height,
  mime: result.mime,
  alt: job.prompt
})

/**
 * A job's images on the stage, the filmstrip holding every image of the job; beside it the image's facts
 * and actions, then the job's prompt, model, parameters and usage (an image's own, or a pointer to the
 * job's card when the gateway reported usage only for the group: the figure is said once, per job).
 */
export function JobStage({
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
  const images = useMemo(() => imagesOf(job), [job])
  const frames = useMemo(() => images.map((result) => frameOf(job, result)), [images, job])
  const result = images.find((r) => r.id === resultId)
  if (!result?.mediaId) return null
  const mediaId = result.mediaId
  // Only this image's own usage; a figure for several images together is the job's, said once on its card.
  const own = imageUsageOf(job, result)
  const usage = own
    ? (usageSummary(own.usage, t) ?? t('media.viewer.notReported'))
    : job.usage !== null
      ? t('media.viewer.wholeJob')
      : t('media.viewer.notReported')

  const side = (
    <>
      <dl className="facts stage-facts">
        <dt>{t('media.viewer.size')}</dt>
        <dd>{sizeLine(result, t)}</dd>
        <dt>{t('media.viewer.created')}</dt>
        <dd>{when(result.createdAt, t)}</dd>
      </dl>
      <div className="stage-actions">
        <button
          type="button"
          className="button"
          aria-pressed={result.favorite}
          onClick={() => void api.call('results.setFavorite', { id: result.id, favorite: !result.favorite })}
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
      <StageJobDetails
        job={{
          prompt: job.prompt,
          revisedPrompt: result.revisedPrompt,
          model: job.model,
          endpoint: job.endpoint,
          parameters: jobParameters(job),
          usage,
          billingUnit: job.billingUnit
        }}
      />
    </>
  )

  return (
    <Stage
      frames={frames}
      currentId={result.id}
      stripLabel={t('media.stage.filmstrip')}
      onNavigate={onNavigate}
      onClose={onClose}
      side={side}
    />
  )
}
