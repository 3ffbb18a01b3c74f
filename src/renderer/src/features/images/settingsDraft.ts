import { DESCRIPTORS, descriptorAt, descriptorOf, type DescriptorKey } from '@shared/gateway/endpoints'
import type { FieldSpec, FormSpec } from '@shared/gateway/endpoints/form'
import type { FileSettings, FileSettingsSource } from '@shared/schemas/fileSettings'
import type { ModelView } from '@shared/schemas/profiles'
import {
  draftFromRequest,
  formOf,
  GEN_ENDPOINTS,
  imageEndpointsOf,
  type Draft,
  type GenEndpoint
} from '../../jobs/imageForm/form'
import type { FieldValues } from '../../jobs/imageForm/fields'
import type { HandedSettings } from '../../store/handoff'

/**
 * "Use these settings" (issue 26): an image's settings into the Images screen's form. A request this app
 * sent (a job's, or one an exported file carries) fills the form exactly as Remix does, through the same
 * `draftFromRequest`. Another tool's file names models this gateway does not have, so the form keeps its
 * own model and endpoint and takes what it has a field for; what it could not take is said, not dropped
 * silently. Whether the model is still offered is the Images screen's own pre-flight, not decided here.
 */

/** Where the settings come from: a job of this app (its stored request), or an imported file. */
export type SettingsSource = HandedSettings

/** The settings a notice names, taken or not. */
export type SettingName =
  'prompt' | 'model' | 'seed' | 'size' | 'guidance' | 'negativePrompt' | 'steps' | 'sampler'

/** A setting the form did not take, and why. */
export type LeftSetting =
  /** The file's model is not one the gateway in use lists. */
  | { name: 'model'; why: 'unlisted'; value: string }
  /** The gateway's models are not known yet (still loading): the model could not be checked. */
  | { name: 'model'; why: 'unchecked'; value: string }
  /** The endpoint has a size field, but not this size among its choices. */
  | { name: 'size'; why: 'notOffered'; width: number; height: number }
  /** The endpoint's form has no field for it. */
  | { name: SettingName; why: 'noField' }

/** How the form took the settings. */
export type SettingsTaken =
  /** The whole request, as Remix takes it. */
  | { how: 'request' }
  /** The request went to an endpoint with no form here (edit, video): its prompt only. */
  | { how: 'promptOnly'; endpoint: string | null }
  /** Another tool's settings, each where the form has a field for it. */
  | { how: 'fields'; taken: SettingName[]; left: LeftSetting[] }

/** Who made the image: this app (a job, or a file of ours), or another tool. */
export type SettingsFrom = FileSettingsSource | 'job'

export type SettingsOutcome = {
  draft: Draft
  from: SettingsFrom
  /** The prompt the notice quotes when the whole request was taken. */
  prompt: string
} & SettingsTaken

/** What the Images screen says of settings taken other than as a whole request. */
export type SettingsNotice = { from: SettingsFrom } & Exclude<SettingsTaken, { how: 'request' }>

/** An endpoint as a request or a file names it: its key, or its path (a job row and our files keep the path). */
function endpointKey(named: string | null | undefined): DescriptorKey | null {
  if (!named) return null
  const key = named in DESCRIPTORS ? named : descriptorAt(named)?.key
  return (key as DescriptorKey | undefined) ?? null
}

const endpointOfRequest = (request: unknown): string | null => {
  const endpoint = (request as { endpoint?: unknown } | null)?.endpoint
  return typeof endpoint === 'string' ? endpoint : null
}

/** A request to a known endpoint with no generate form (an edit, a video). */
function formless(endpoint: string | null): boolean {
  const key = endpointKey(endpoint)
  return key !== null && !descriptorOf(key).form
}

/**
 * A model file's name as tools write it ("models/SDXL/sd_xl_base_1.0.safetensors") and a gateway lists it
 * ("sd_xl_base_1.0"): without folders, weights extension or case.
 */
const modelName = (name: string): string =>
  (name.split(/[\\/]/).pop() ?? name)
    .replace(/\.(safetensors|ckpt|pt|pth|bin|gguf)$/i, '')
    .trim()
    .toLowerCase()

/** The gateway's image model a file names, if the gateway lists it. */
function listedModel(named: string | null, models: readonly ModelView[]): ModelView | undefined {
  if (!named) return undefined
  const wanted = modelName(named)
  return models.find((model) => modelName(model.id) === wanted && imageEndpointsOf(model).length > 0)
}

/**
 * The model and endpoint the Images form works with for this draft, as GenerateForm resolves them: the
 * draft's endpoint while its model offers it, else the model's first; with no model chosen yet, the first
 * model of the first endpoint the gateway has models for (the one the form picks by itself).
 */
export function formChoice(
  draft: Pick<Draft, 'model' | 'endpoint'>,
  models: readonly ModelView[]
): { model: string; endpoint: GenEndpoint | null } {
  const chosen = models.find((model) => model.id === draft.model)
  if (chosen) {
    const endpoints = imageEndpointsOf(chosen)
    const endpoint = draft.endpoint && endpoints.includes(draft.endpoint) ? draft.endpoint : endpoints[0]
    return { model: chosen.id, endpoint: endpoint ?? null }
  }
  if (draft.model === '') {
    for (const endpoint of GEN_ENDPOINTS) {
      const first = models.find((model) => imageEndpointsOf(model).includes(endpoint))
      if (first) return { model: first.id, endpoint }
    }
  }
  // A model the listing does not know (yet): the form decides what becomes of it, not this.
  return { model: draft.model, endpoint: draft.endpoint }
}

const wireOf = (spec: FieldSpec): string | undefined =>
  spec.kind === 'extra' || spec.kind === 'notice' ? undefined : (spec.wire ?? spec.key)

const fieldFor = (form: FormSpec | undefined, wire: string): FieldSpec | undefined =>
  form?.fields.find((spec) => wireOf(spec) === wire && spec.kind !== 'toggle')

/** A size into the endpoint's size field: a choice it lists, text its check takes, or width × height. */
function putSize(spec: FieldSpec, width: number, height: number, values: FieldValues): boolean {
  const size = `${width}x${height}`
  if (spec.kind === 'select' && spec.options.includes(size)) values[spec.key] = size
  else if (spec.kind === 'text' && spec.check?.(size) === undefined) values[spec.key] = size
  else if (spec.kind === 'tierOrSize')
    Object.assign(values, { sizeMode: 'custom', width: String(width), height: String(height) })
  else return false
  return true
}

/** A seed as the form types it: a whole number, kept as text so a 64-bit seed keeps every digit. */
const seedText = (seed: number | string): string | null => {
  const text = String(seed).trim()
  return /^-?\d+$/.test(text) ? text : null
}

/** Another tool's file (or one of ours without its request): field by field, into the form as it is. */
function fromFields(settings: FileSettings, draft: Draft, models: readonly ModelView[]): SettingsOutcome {
  const taken: SettingName[] = []
  const left: LeftSetting[] = []
  const next: Draft = { ...draft }
  if (settings.prompt) {
    next.prompt = settings.prompt
    taken.push('prompt')
  }
  const model = listedModel(settings.model, models)
  if (model) taken.push('model')
  // With no list yet, the model is left out without saying the gateway lacks it: nobody knows yet.
  else if (settings.model)
    left.push({ name: 'model', why: models.length > 0 ? 'unlisted' : 'unchecked', value: settings.model })
  const choice = formChoice(model ? { model: model.id, endpoint: draft.endpoint } : draft, models)
  next.model = choice.model
  next.endpoint = choice.endpoint
  const form = choice.endpoint ? formOf(choice.endpoint) : undefined
  const values: FieldValues = choice.endpoint ? { ...draft[choice.endpoint] } : {}

  const seedSpec = fieldFor(form, 'seed')
  const seed = settings.seed === null ? null : seedText(settings.seed)
  if (seed !== null && seedSpec?.kind === 'number') {
    values[seedSpec.key] = seed
    taken.push('seed')
  } else if (settings.seed !== null) left.push({ name: 'seed', why: 'noField' })

  const { width, height } = settings
  if (width && height) {
    const sizeSpec = fieldFor(form, 'size')
    if (sizeSpec && putSize(sizeSpec, width, height, values)) taken.push('size')
    else if (sizeSpec) left.push({ name: 'size', why: 'notOffered', width, height })
    else left.push({ name: 'size', why: 'noField' })
  }

  // CFG is the diffusion models' guidance scale: the same number where an endpoint asks for one.
  const guidanceSpec = fieldFor(form, 'guidance_scale')
  if (settings.guidance !== null && guidanceSpec?.kind === 'number') {
    values[guidanceSpec.key] = String(settings.guidance)
    taken.push('guidance')
  } else if (settings.guidance !== null) left.push({ name: 'guidance', why: 'noField' })

  // No endpoint of the gateway takes these: said, so nobody wonders where they went.
  if (settings.negativePrompt) left.push({ name: 'negativePrompt', why: 'noField' })
  if (settings.steps !== null) left.push({ name: 'steps', why: 'noField' })
  if (settings.sampler) left.push({ name: 'sampler', why: 'noField' })

  if (choice.endpoint) next[choice.endpoint] = values
  return { draft: next, from: settings.source, prompt: next.prompt, how: 'fields', taken, left }
}

/** A request this app sent, as Remix takes it; null when it does not read as one. */
function fromRequest(
  request: unknown,
  prompt: string,
  draft: Draft,
  from: SettingsFrom
): SettingsOutcome | null {
  const filled = draftFromRequest(request, draft)
  if (filled) return { draft: filled, from, prompt: prompt || filled.prompt, how: 'request' }
  const endpoint = endpointOfRequest(request)
  if (formless(endpoint)) return promptOnly(draft, from, prompt, endpoint)
  return null
}

/** The prompt alone into the form (none leaves the form's own); `endpoint` null: the request did not read. */
function promptOnly(
  draft: Draft,
  from: SettingsFrom,
  prompt: string,
  endpoint: string | null
): SettingsOutcome {
  return { draft: prompt ? { ...draft, prompt } : draft, from, prompt, how: 'promptOnly', endpoint }
}

/** The request a file of ours carries: its endpoint (a path, as the job kept it) and body. */
function requestOfFile(settings: FileSettings): { endpoint: string; body: unknown } | null {
  const endpoint = endpointKey(settings.endpoint) ?? settings.endpoint
  return endpoint && settings.body ? { endpoint, body: settings.body } : null
}

/**
 * The Images form with these settings in it, and what was and was not taken. `draft` is the form as it is
 * now; `models` the image models the gateway in use lists (empty while unknown).
 */
export function draftFromSettings(
  source: SettingsSource,
  draft: Draft,
  models: readonly ModelView[]
): SettingsOutcome {
  if (source.kind === 'job') {
    const { request, prompt } = source
    // A request that no longer reads (an older shape) still has its prompt; no endpoint is blamed for it.
    return fromRequest(request, prompt, draft, 'job') ?? promptOnly(draft, 'job', prompt, null)
  }
  const { settings } = source
  const request = settings.source === 'gateway-studio' ? requestOfFile(settings) : null
  const said = settings.body?.['prompt']
  const prompt = settings.prompt ?? (typeof said === 'string' ? said : '')
  return (
    (request && fromRequest(request, prompt, draft, settings.source)) ?? fromFields(settings, draft, models)
  )
}
