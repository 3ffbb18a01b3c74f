import { useMemo, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ModelView } from '@shared/schemas/profiles'
import { billingLabel } from '../../../jobs/billing'
import {
  emptyDraft,
  endpointInfo,
  GEN_ENDPOINTS,
  imageEndpointsOf,
  referenceLimits,
  type GenEndpoint
} from '../../../jobs/imageForm/form'
import { referenceCandidates } from '../../../jobs/imageForm/referenceCandidates'
import { ModelPicker } from '../../../ui/ModelPicker'
import { useUnavailableModels } from '../../../ui/modelAvailability'
import { ReferenceOffer } from '../../../ui/ReferenceOffer'
import { useLastUsed, type LastUsedParams } from '../../../ui/useLastUsed'
import { unlistedModelNotice } from '../../../ui/useModels'
import { useImagesStore } from '../store'

const DEFAULT_FIELDS = JSON.stringify(GEN_ENDPOINTS.map((endpoint) => emptyDraft()[endpoint]))

/** Puts back the remembered endpoint's fields the form still has, with the kind of value it holds. */
function restoreImages(model: ModelView | undefined, params: LastUsedParams): void {
  const store = useImagesStore.getState()
  const endpoints = model ? imageEndpointsOf(model) : []
  const saved = GEN_ENDPOINTS.find((e) => e === params.endpoint)
  const endpoint = saved && endpoints.includes(saved) ? saved : (endpoints[0] ?? null)
  if (model) store.selectModel(model.id, endpoint)
  const fields = params.fields
  const target = saved ?? endpoint
  if (!target || fields === null || typeof fields !== 'object') return
  const known = store.draft[target]
  // Only names the form still has, holding the kind of value it holds there (words or a switch).
  const patch = Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, string | boolean] =>
        entry[0] in known && typeof entry[1] === typeof known[entry[0]]
    )
  )
  store.setFields(target, patch)
}

/**
 * The Images screen's model: the shared picker grouped by image endpoint (the endpoint follows the model),
 * its billing and endpoint line, the notice of a model let go, the offer of models that take the reference
 * images added, and the screen's memory of its last model and parameters across restarts.
 */
export function ModelField({
  models,
  model,
  endpoint,
  loading,
  failed,
  ready,
  gateway,
  invalid,
  notice,
  onNotice,
  onPicked
}: {
  models: ModelView[]
  model: ModelView | undefined
  endpoint: GenEndpoint | null
  loading: boolean
  /** The listing could not be fetched: "no models" would not be true. */
  failed: boolean
  ready: boolean
  gateway: string
  invalid: boolean
  notice: string | null
  onNotice: (notice: string | null) => void
  onPicked: () => void
}): ReactElement {
  const { t } = useTranslation()
  const draft = useImagesStore((state) => state.draft)
  const unavailable = useUnavailableModels()
  const groupOf = useMemo(() => {
    const order = new Map(GEN_ENDPOINTS.map((e, i) => [e, i]))
    return (m: ModelView) => {
      const first = imageEndpointsOf(m)[0]
      if (!first) return null
      const info = endpointInfo(first, t)
      return { key: first, label: `${info.label} — ${info.path}`, order: order.get(first) ?? 0 }
    }
  }, [t])

  useLastUsed(
    'images',
    { model: model?.id ?? null, params: endpoint ? { endpoint, fields: { ...draft[endpoint] } } : {} },
    {
      models,
      ready,
      pristine: draft.model === '' && JSON.stringify(GEN_ENDPOINTS.map((e) => draft[e])) === DEFAULT_FIELDS,
      restore: (id, params, remembered) => {
        restoreImages(
          models.find((m) => m.id === id),
          params
        )
        if (!id) onNotice(unlistedModelNotice(remembered, gateway, t))
      }
    }
  )

  const references = draft.references
  const limits = endpoint ? referenceLimits(endpoint) : null
  const offer = model && limits && references.length > limits.max
  return (
    <>
      <div className="field">
        <label htmlFor="images-model">{t('images.form.model')}</label>
        <ModelPicker
          id="images-model"
          models={models}
          value={model ? model.id : null}
          groupOf={groupOf}
          unavailable={unavailable}
          invalid={invalid}
          describedBy="images-model-facts"
          placeholder={loading ? t('images.form.loadingModels') : t('images.form.chooseModel')}
          onChange={(picked) => {
            const endpoints = imageEndpointsOf(picked)
            const keep = draft.endpoint && endpoints.includes(draft.endpoint) ? draft.endpoint : null
            useImagesStore.getState().selectModel(picked.id, keep ?? endpoints[0] ?? null)
            onNotice(null)
            onPicked()
          }}
        />
        <div id="images-model-facts" className="model-facts">
          {model && endpoint ? (
            <>
              <span className={`pill ${model.billingUnit ? 'pill-accent' : 'pill-warn'}`}>
                {billingLabel(model.billingUnit)}
              </span>
              <span className="muted">{endpointInfo(endpoint, t).blurb}</span>
            </>
          ) : (
            !loading &&
            !failed &&
            models.length === 0 && <span className="muted">{t('images.form.noModels')}</span>
          )}
        </div>
        {notice && (
          <p className="model-notice" role="status">
            {notice}
          </p>
        )}
      </div>
      {offer && (
        <ReferenceOffer
          model={model.id}
          max={limits.max}
          count={references.length}
          gateway={gateway}
          candidates={referenceCandidates(
            models.filter((m) => !unavailable.has(m.id)),
            references.length,
            references.some((r) => r.kind === 'media'),
            (e) => endpointInfo(e, t).label,
            (id) => id === model.id
          )}
          onSwitch={(candidate) => {
            const to = GEN_ENDPOINTS.find((e) => e === candidate.endpoint) ?? null
            useImagesStore.getState().selectModel(candidate.model.id, to)
            onNotice(null)
            onPicked()
          }}
          onRemove={() => useImagesStore.getState().replaceDraft({ ...draft, references: [] })}
        />
      )}
    </>
  )
}
