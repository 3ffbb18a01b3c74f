import type { TFunction } from 'i18next'
import type { ProfileExtras } from '@shared/gateway/preflight'
import type { JobRequest } from '@shared/schemas/jobs'
import type { ModelView } from '@shared/schemas/profiles'
import {
  buildRequest,
  emptyDraft,
  GEN_ENDPOINTS,
  imageEndpointsOf,
  type GenEndpoint,
  type RefItem
} from '../../jobs/imageForm/form'
import { fitShape, type Shape, type ShapeFit } from './shapes'

/** The most models one compare sends to, and the fewest that make it a comparison. */
export const MAX_MODELS = 4
export const MIN_MODELS = 2

/** A model as the checklist offers it: on one image endpoint (a model on two endpoints is two choices). */
export interface Choice {
  model: string
  endpoint: GenEndpoint
}

export const choiceKey = (choice: Choice): string => `${choice.endpoint}|${choice.model}`

/** One compared model's job: the request it sends (null while something stops it) and why not. */
export interface PlannedJob extends Choice {
  fit: ShapeFit
  request: JobRequest | null
  issues: string[]
  billingUnit: string | null
}

/** The checklist: each image endpoint with the models of the listing that may be called on it. */
export function groupsOf(models: readonly ModelView[]): { endpoint: GenEndpoint; models: ModelView[] }[] {
  return GEN_ENDPOINTS.map((endpoint) => ({
    endpoint,
    models: models.filter((model) => imageEndpointsOf(model).includes(endpoint))
  })).filter((group) => group.models.length > 0)
}

/**
 * Each chosen model's request, built by the same form code as the Images screen (its fields' defaults,
 * the shape in the endpoint's own size value) and checked by the same pre-flight the backend runs on
 * submit; a model the listing no longer has says so.
 */
export function planJobs(
  prompt: string,
  chosen: readonly Choice[],
  shape: Shape,
  models: readonly ModelView[],
  t: TFunction,
  profile?: ProfileExtras,
  /** Reference images every model gets (a model that takes fewer says so in its issues). */
  references: readonly RefItem[] = []
): PlannedJob[] {
  return chosen.map((choice) => {
    const model = models.find((m) => m.id === choice.model)
    const fit = fitShape(choice.endpoint, shape)
    const base = emptyDraft()
    const draft = {
      ...base,
      prompt,
      model: choice.model,
      endpoint: choice.endpoint,
      references: [...references],
      [choice.endpoint]: {
        ...base[choice.endpoint],
        ...(fit.kind === 'exact' || fit.kind === 'near' ? fit.values : {})
      }
    }
    if (!model)
      return { ...choice, fit, request: null, issues: [t('compare.issues.notListed')], billingUnit: null }
    const built = buildRequest(draft, model, t, { profile })
    // The prompt's own issue is said once for the whole form, not once per model.
    const issues = built.issues.filter((issue) => issue.field !== 'prompt').map((issue) => issue.message)
    return { ...choice, fit, request: built.request, issues, billingUnit: model.billingUnit }
  })
}
