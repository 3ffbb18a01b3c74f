import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ModelView } from '@shared/schemas/profiles'
import { billingLabel } from '../../jobs/billing'
import { endpointInfo } from '../../jobs/imageForm/form'
import { MAX_MODELS, MIN_MODELS, choiceKey, groupsOf } from './plan'
import { useCompareStore } from './store'

/**
 * The models to compare, grouped by the image endpoint they are called on, each with how it bills. A model
 * on two endpoints can be compared with itself. Once four are ticked the rest are disabled, saying why; a
 * model the gateway lately refused is disabled with its reason (a ticked one can still be unticked).
 */
export function ModelChecklist({
  models,
  loading,
  unavailable
}: {
  models: readonly ModelView[]
  loading: boolean
  /** Why a model cannot be picked right now (the gateway lately refused it), by model id. */
  unavailable: ReadonlyMap<string, string>
}): ReactElement {
  const { t } = useTranslation()
  const chosen = useCompareStore((state) => state.chosen)
  const toggle = useCompareStore((state) => state.toggle)
  const groups = groupsOf(models)
  const picked = new Set(chosen.map(choiceKey))
  const full = chosen.length >= MAX_MODELS
  return (
    <fieldset className="compare-models" aria-describedby="compare-models-hint">
      <legend>{t('compare.form.models')}</legend>
      <p id="compare-models-hint" className="field-hint">
        {full
          ? t('compare.form.full', { max: MAX_MODELS })
          : t('compare.form.modelsHint', { min: MIN_MODELS, max: MAX_MODELS })}
      </p>
      {groups.length === 0 && (
        <p className="muted">{loading ? t('compare.form.loadingModels') : t('compare.form.noModels')}</p>
      )}
      {groups.map((group) => {
        const info = endpointInfo(group.endpoint, t)
        return (
          <div key={group.endpoint} className="compare-group" role="group" aria-label={info.label}>
            <p className="compare-group-name">
              {info.label} <code>{info.path}</code>
            </p>
            <ul>
              {group.models.map((model) => {
                const key = choiceKey({ model: model.id, endpoint: group.endpoint })
                const on = picked.has(key)
                const why = unavailable.get(model.id)
                const reasonId = `compare-why-${group.endpoint}-${model.id.replace(/[^A-Za-z0-9_-]/g, '_')}`
                return (
                  <li key={key}>
                    <label className={`compare-model ${on ? 'on' : ''}`}>
                      <input
                        type="checkbox"
                        checked={on}
                        disabled={!on && (full || why !== undefined)}
                        aria-describedby={why ? reasonId : undefined}
                        onChange={() => toggle({ model: model.id, endpoint: group.endpoint })}
                      />
                      <span className="compare-model-id">{model.id}</span>
                      <span className={`pill ${model.billingUnit ? 'pill-accent' : 'pill-warn'}`}>
                        {billingLabel(model.billingUnit, t)}
                      </span>
                    </label>
                    {why && (
                      <p id={reasonId} className="field-hint compare-why">
                        {why}
                      </p>
                    )}
                  </li>
                )
              })}
            </ul>
          </div>
        )
      })}
    </fieldset>
  )
}
