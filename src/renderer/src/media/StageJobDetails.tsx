import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { billedLine } from '../jobs/billing'
import { endpointLabel } from './slots'

/** What the stage says of the job an image came from, whichever screen opened it. */
export interface StageJob {
  prompt: string
  /** This image's revised prompt; shown only when it differs from the prompt. */
  revisedPrompt: string | null
  model: string
  endpoint: string
  /** The request's own field names and values (`jobParameters`). */
  parameters: [string, string][]
  /** The usage line, already in words: the image's own figure, or the job's said once as the job's. */
  usage: string
  billingUnit: string | null
}

/**
 * The job beside the stage's image: prompt (and revised prompt), model and endpoint, the parameters it was
 * sent with, its usage and billing unit. One component so the Images stage and the Gallery stage say the
 * same things the same way.
 */
export function StageJobDetails({ job }: { job: StageJob }): ReactElement {
  const { t } = useTranslation()
  return (
    <section className="stage-section" aria-label={t('media.stage.job')}>
      <h3>{t('media.viewer.prompt')}</h3>
      <p className="stage-prompt">{job.prompt}</p>
      {job.revisedPrompt && job.revisedPrompt !== job.prompt && (
        <>
          <h3>{t('media.viewer.revisedPrompt')}</h3>
          <p className="stage-prompt">{job.revisedPrompt}</p>
        </>
      )}
      <dl className="facts stage-facts">
        <dt>{t('media.viewer.model')}</dt>
        <dd>
          {job.model} <span className="muted">({endpointLabel(job.endpoint, t)})</span>
        </dd>
        <dt>{t('media.stage.parameters')}</dt>
        <dd>
          {job.parameters.length === 0 ? (
            <span className="muted">{t('media.stage.noParameters')}</span>
          ) : (
            <ul className="stage-params">
              {job.parameters.map(([key, value]) => (
                <li key={key}>
                  <code>{key}</code> {value}
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>{t('media.viewer.usage')}</dt>
        <dd>
          {job.usage}
          {job.billingUnit ? ` · ${billedLine(job.billingUnit, t)}` : ''}
        </dd>
      </dl>
    </section>
  )
}
