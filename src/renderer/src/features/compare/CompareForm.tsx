import type { FormEvent, ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { PresetBar } from '../../jobs/presets/PresetBar'
import { styledPrompt } from '../../jobs/presets/style'
import { useConnection } from '../../store/app'
import { selectActiveProfile, useProfilesStore } from '../../store/profiles'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { useUnavailableModels } from '../../ui/modelAvailability'
import { useModels } from '../../ui/useModels'
import { Field } from '../../ui/Field'
import { CompareReferences } from './CompareReferences'
import { ModelChecklist } from './ModelChecklist'
import { MAX_MODELS, MIN_MODELS, planJobs } from './plan'
import { PlanList } from './PlanList'
import { comparePresets } from './presets'
import { sendCompare } from './send'
import { SHAPES, shapeKey, type Shape } from './shapes'
import { useCompareStore } from './store'

/**
 * One prompt, two to four models, one shape: each model's request is built and checked as the Images
 * screen builds and checks it, and Send stays disabled, saying why, until every one of them may go.
 */
export function CompareForm(): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const profile = useProfilesStore(selectActiveProfile)
  const { models, loading, error, refresh, gateway } = useModels([])
  const prompt = useCompareStore((state) => state.prompt)
  const chosen = useCompareStore((state) => state.chosen)
  const shape = useCompareStore((state) => state.shape)
  const references = useCompareStore((state) => state.references)
  const sending = useCompareStore((state) => state.sending)
  const setPrompt = useCompareStore((state) => state.setPrompt)
  const setShape = useCompareStore((state) => state.setShape)
  const style = useCompareStore((state) => state.style)
  // A chosen style is part of the prompt every column is sent (and of each job's record of it).
  const sent = styledPrompt(prompt, style)

  const plans = planJobs(
    sent,
    chosen,
    shape,
    models,
    t,
    profile && {
      name: profile.kind === 'demo' ? t('gateways.demoName') : profile.name,
      extraFields: profile.extraFields,
      fieldMap: profile.fieldMap
    },
    references
  )
  const unavailable = useUnavailableModels()
  const refused = chosen.find((choice) => unavailable.has(choice.model))
  const blocked = plans.find((plan) => plan.issues.length > 0)
  const reason =
    sent.trim() === ''
      ? t('compare.form.reasons.prompt')
      : chosen.length < MIN_MODELS
        ? t('compare.form.reasons.few', { min: MIN_MODELS })
        : refused
          ? t('compare.form.reasons.blocked', {
              model: refused.model,
              issue: unavailable.get(refused.model) ?? ''
            })
          : blocked
            ? t('compare.form.reasons.blocked', { model: blocked.model, issue: blocked.issues[0] ?? '' })
            : null

  const submit = (event: FormEvent): void => {
    event.preventDefault()
    if (reason || sending) return
    void sendCompare(api, sent, plans)
  }

  return (
    <form
      className="studio-form compare-form"
      aria-label={t('compare.form.label')}
      noValidate
      onSubmit={submit}
    >
      <div className="form-scroll">
        <PresetBar adapter={comparePresets} />
        <Field id="compare-prompt" label={t('compare.form.prompt')}>
          <textarea
            className="prompt-input"
            rows={4}
            value={prompt}
            placeholder={t('compare.form.promptPlaceholder')}
            onChange={(event) => setPrompt(event.target.value)}
          />
        </Field>
        <ModelChecklist models={models} loading={loading} unavailable={unavailable} />
        <CompareReferences models={models} unavailable={unavailable} gateway={gateway} />
        {error && (
          <ErrorNotice error={error}>
            <button type="button" className="button small" onClick={refresh}>
              {t('compare.form.tryAgain')}
            </button>
          </ErrorNotice>
        )}
        <Field id="compare-shape" label={t('compare.form.shape')} hint={t('compare.form.shapeHint')}>
          <select value={shape} onChange={(event) => setShape(event.target.value as Shape)}>
            {SHAPES.map((value) => (
              <option key={value} value={value}>
                {t(`compare.shapes.${shapeKey(value)}`)}
              </option>
            ))}
          </select>
        </Field>
        {plans.length > 0 && <PlanList plans={plans} shape={shape} />}
      </div>
      <div className="form-foot">
        <div className="generate-row">
          <button
            type="submit"
            className="button primary"
            disabled={reason !== null || sending}
            aria-describedby="compare-send-reason"
          >
            {sending ? t('compare.form.sending') : t('compare.form.send', { count: chosen.length })}
          </button>
          <p className="generate-facts">
            {t('compare.form.picked', { count: chosen.length, max: MAX_MODELS })}
          </p>
        </div>
        <p id="compare-send-reason" className={`generate-reason ${reason && !sending ? 'blocked' : ''}`}>
          {reason ?? t('compare.form.ready', { count: plans.length })}
        </p>
      </div>
    </form>
  )
}
