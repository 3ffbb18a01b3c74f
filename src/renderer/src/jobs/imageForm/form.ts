import type { TFunction } from 'i18next'
import { ENDPOINT_LIST, descriptorOf, type DescriptorKey } from '@shared/gateway/endpoints'
import type { AnyDescriptor } from '@shared/gateway/endpoints/descriptor'
import type { FormSpec } from '@shared/gateway/endpoints/form'
import { modelSupports, type PreflightIssue, type ProfileExtras } from '@shared/gateway/preflight'
import { preflightJob } from '@shared/schemas/jobPreflight'
import { JobRequest, type ImageRef } from '@shared/schemas/jobs'
import type { ModelView } from '@shared/schemas/profiles'
import { defaultValues, isOn, readForm, remixForm, type FieldValues, type FormIssue } from './fields'
import { issueWords } from '../../ui/issueWords'
import { aliasWords, endpointWords, fieldWords, urlOnlyWords } from './words'

/**
 * The generate form as plain data and pure functions: the draft the user edits (text, so a half-typed
 * number is kept as typed), the request it becomes, and every issue with the field it belongs to. Which
 * fields an endpoint has, and what they send, is its descriptor's `form` (src/shared/gateway/endpoints);
 * the spec's limits come from `preflightJob`, the same check the backend runs on submit.
 */

export type { FieldValues, FormIssue }

/** The endpoints the Images screen offers (those whose descriptor has a form), in the picker's order. */
export const GEN_ENDPOINTS: readonly DescriptorKey[] = ENDPOINT_LIST.flatMap((d) =>
  d.form ? [{ key: d.key, order: d.form.order }] : []
)
  .sort((a, b) => a.order - b.order)
  .map((d) => d.key)
export type GenEndpoint = DescriptorKey

export const formOf = (endpoint: GenEndpoint): FormSpec | undefined => descriptorOf(endpoint).form

/** The endpoint's name and line in the picker (in the current language), and its path. */
export function endpointInfo(
  endpoint: GenEndpoint,
  t: TFunction
): { label: string; path: string; blurb: string } {
  const { name, path, blurb } = endpointWords(t, endpoint)
  return { label: name, path, blurb }
}

/** Largest reference list of an endpoint, and whether it takes addresses only (it fetches them itself). */
export function referenceLimits(endpoint: GenEndpoint): { max: number; urlOnly: boolean } {
  const references = descriptorOf(endpoint).references
  return { max: references?.max ?? 0, urlOnly: references?.urlOnly !== undefined }
}

export type RefItem =
  | { kind: 'media'; mediaId: string; width: number | null; height: number | null }
  | { kind: 'url'; url: string }

export type Draft = {
  prompt: string
  model: string
  endpoint: GenEndpoint | null
  references: RefItem[]
} & Record<GenEndpoint, FieldValues>

export const emptyDraft = (): Draft => ({
  prompt: '',
  model: '',
  endpoint: null,
  references: [],
  ...(Object.fromEntries(ENDPOINT_LIST.map((d) => [d.key, d.form ? defaultValues(d.form) : {}])) as Record<
    GenEndpoint,
    FieldValues
  >)
})

/** The image endpoints a model of the listing may be called on, in the form's order. */
export function imageEndpointsOf(model: Pick<ModelView, 'supportedEndpoints'>): GenEndpoint[] {
  return GEN_ENDPOINTS.filter((endpoint) => modelSupports(model.supportedEndpoints, endpoint))
}

// ---- issues in the form's words ----

/** Preflight field names (the gateway's words) → the form's field and the words on its label. */
function issueTable(form: FormSpec, t: TFunction, endpoint: string): Map<string, readonly [string, string]> {
  const references = t('images.words.references')
  const table = new Map<string, readonly [string, string]>([
    ['model', ['model', t('images.words.model')]],
    ['prompt', ['prompt', t('images.words.prompt')]],
    ['referenceImages', ['references', references]],
    ['image', ['references', references]]
  ])
  const words = fieldWords(t, endpoint)
  const add = (spec: { key: string; wire?: string; words?: string; label: string }): void => {
    if (spec.wire) table.set(spec.wire, [spec.key, words.words(spec)])
  }
  for (const spec of form.fields) {
    if (spec.kind === 'extra' || spec.kind === 'notice') continue
    add(spec)
    if (spec.kind === 'toggle' && spec.inline) add(spec.inline)
  }
  for (const [wire, [field, english]] of Object.entries(form.issueAliases ?? {}))
    table.set(wire, [field, aliasWords(t, wire, english)])
  return table
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * A preflight issue in the form's terms: the field it sits next to, and its words in the current language
 * (the shared pre-flight's sentence for its rule, ui/issueWords) with the form's words for the fields it
 * names instead of the request's wire names.
 */
export function toFormIssue(
  issue: PreflightIssue,
  form: FormSpec,
  t: TFunction,
  endpoint: string
): FormIssue {
  // Names the profile and where in Settings to change it.
  if (issue.source === 'profile') return { field: 'profile', message: issueWords(t, issue) }
  const table = issueTable(form, t, endpoint)
  const base = issue.field.replace(/\[\d+\]$/, '')
  // A request field no control sets can only have come from the extra fields.
  const unknown = form.fields.some((spec) => spec.kind === 'extra') ? 'extra' : 'prompt'
  const field = table.get(base)?.[0] ?? unknown
  if (base === 'prompt' && (issue.rule === 'required' || /^Required/.test(issue.message)))
    return { field: 'prompt', message: t('images.issues.prompt') }
  const label = (name: string): string => table.get(name)?.[1] ?? name
  // The field a bracket names: one reference image by its number, any other by its words on this form.
  const fieldName = (name: string): string => {
    const index = /\[(\d+)\]$/.exec(name)?.[1]
    const wire = name.replace(/\[\d+\]$/, '')
    return index !== undefined && table.get(wire)?.[0] === 'references'
      ? t('images.words.reference', { n: Number(index) + 1 })
      : label(wire)
  }
  let message = issueWords(t, issue, { fieldName })
  // An issue without a rule the catalog knows keeps its English: its bracket still says the form's words.
  if (message === issue.message)
    message = message
      .replace(`(${issue.field}:`, `(${fieldName(issue.field)}:`)
      .replace(`(${issue.field})`, `(${fieldName(issue.field)})`)
  // Wire names with `_`, `.` or capitals may appear anywhere in a rule.
  for (const name of [...table.keys()].sort((a, b) => b.length - a.length)) {
    if (!/[_.A-Z]/.test(name)) continue
    message = message.split(name).join(label(name))
  }
  return { field, message: capitalise(message) }
}

// ---- building the request ----

export interface Built {
  request: JobRequest | null
  issues: FormIssue[]
  /** How many images this request asks for (the slots of its group). */
  images: number
}

const toRef = (ref: RefItem): ImageRef => (ref.kind === 'url' ? { url: ref.url } : { mediaId: ref.mediaId })

function checkReferences(draft: Draft, descriptor: AnyDescriptor, issues: FormIssue[], t: TFunction): void {
  const max = descriptor.references?.max ?? 0
  const endpoint = descriptor.key as GenEndpoint
  if (draft.references.length === 0) return
  if (max === 0) {
    const name = endpointInfo(endpoint, t).label
    issues.push({ field: 'references', message: t('images.issues.noReferences', { endpoint: name }) })
    return
  }
  if (draft.references.length > max)
    issues.push({
      field: 'references',
      message: t('images.issues.tooManyReferences', { max, count: draft.references.length })
    })
  const urlOnly = urlOnlyWords(t, endpoint)
  if (urlOnly && draft.references.some((ref) => ref.kind === 'media'))
    issues.push({ field: 'references', message: urlOnly })
}

function imagesOf(descriptor: AnyDescriptor, request: unknown): number {
  const images = descriptor.imagesOf(request)
  return typeof images === 'number' && Number.isFinite(images) ? images : 1
}

/**
 * The request the draft makes for `model`, and everything that stops it from being sent: the form's own
 * issues said through `t`, the shared pre-flight's in its words.
 */
export function buildRequest(
  draft: Draft,
  model: Pick<ModelView, 'id' | 'supportedEndpoints'> | undefined,
  t: TFunction,
  options: { modelStreams?: boolean; profile?: ProfileExtras | undefined } = {}
): Built {
  const endpoint = draft.endpoint
  const form = endpoint ? formOf(endpoint) : undefined
  const issues: FormIssue[] = []
  if (!model || !endpoint || !form) {
    if (draft.prompt.trim() === '') issues.push({ field: 'prompt', message: t('images.issues.prompt') })
    issues.push({ field: 'model', message: t('images.issues.model') })
    return { request: null, issues, images: 1 }
  }
  const descriptor = descriptorOf(endpoint)
  const values = draft[endpoint]
  const read = readForm(form, values, issues, t, endpoint)
  const request = {
    endpoint,
    body: {
      ...read.spread,
      model: model.id,
      prompt: draft.prompt,
      ...read.body,
      ...(read.nested ? { extra: read.nested } : {})
    },
    ...(descriptor.references && draft.references.length > 0
      ? { references: draft.references.map(toRef) }
      : {}),
    ...read.job
  } as JobRequest
  checkReferences(draft, descriptor, issues, t)
  const modelEntry = { id: model.id, supported_endpoints: model.supportedEndpoints }
  // The active profile's extras are merged into the request by the backend: check them here as well.
  const preflight = preflightJob(request, modelEntry, options.profile).map((issue) =>
    toFormIssue(issue, form, t, endpoint)
  )
  const streamToggle = form.fields.find((spec) => spec.kind === 'toggle' && spec.stream)
  if (streamToggle && isOn(values, streamToggle.key) && options.modelStreams === false)
    preflight.push({
      field: streamToggle.key,
      message: t('images.issues.streamRefused')
    })
  // Local reference checks already said it in the form's words; keep one message per problem.
  const seen = new Set(issues.map((issue) => issue.field))
  for (const issue of preflight)
    if (!(issue.field === 'references' && seen.has('references'))) issues.push(issue)
  const parsed = JobRequest.safeParse(request)
  if (issues.length === 0 && !parsed.success)
    issues.push({ field: 'extra', message: t('images.issues.notSendable') })
  const images = imagesOf(descriptor, parsed.success ? parsed.data : request)
  return { request: issues.length === 0 && parsed.success ? parsed.data : null, issues, images }
}

// ---- remix: a stored request back into the form ----

function refsOf(refs: readonly ImageRef[] | undefined): RefItem[] {
  return (refs ?? []).map((ref) =>
    'url' in ref
      ? { kind: 'url', url: ref.url }
      : { kind: 'media', mediaId: ref.mediaId, width: null, height: null }
  )
}

/** The form as it was for a stored request (JobView.request); null when it is not a generate request. */
export function draftFromRequest(raw: unknown, base: Draft = emptyDraft()): Draft | null {
  const parsed = JobRequest.safeParse(raw)
  if (!parsed.success) return null
  const request = parsed.data
  const descriptor = descriptorOf(request.endpoint)
  if (!descriptor.form) return null
  const job = request as Readonly<Record<string, unknown>>
  const references = 'references' in request ? request.references : undefined
  return {
    ...base,
    prompt: request.body.prompt,
    model: request.body.model,
    endpoint: request.endpoint,
    references: descriptor.references ? refsOf(references) : [],
    [request.endpoint]: remixForm(descriptor.form, { body: request.body, job }, base[request.endpoint])
  }
}

/** Live pixel and ratio facts of a W×H, for the line under the fields. */
export function pixelFacts(width: string, height: string): { pixels: number; ratio: string } | null {
  const w = Number(width)
  const h = Number(height)
  if (!Number.isInteger(w) || !Number.isInteger(h) || w < 1 || h < 1) return null
  const long = Math.max(w, h) / Math.min(w, h)
  const ratio =
    w >= h ? `${long.toFixed(long % 1 === 0 ? 0 : 2)}:1` : `1:${long.toFixed(long % 1 === 0 ? 0 : 2)}`
  return { pixels: w * h, ratio }
}
