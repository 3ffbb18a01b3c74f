import type { PreflightIssue, ProfileExtras } from '@shared/gateway/preflight'
import { modelSupports, parseWxH } from '@shared/gateway/preflight'
import { V2_MAX_REFERENCE_IMAGES, V2_RESOLUTIONS } from '@shared/gateway/endpoints/imagesV2'
import {
  V3_BACKGROUNDS,
  V3_COMPRESSION_FORMATS,
  V3_MODERATION,
  V3_OUTPUT_FORMATS,
  V3_SIZES
} from '@shared/gateway/endpoints/imagesV3'
import { PARTNER_A_OUTPUT_FORMATS, PARTNER_A_RESPONSE_FORMATS } from '@shared/gateway/endpoints/partnerA'
import { PARTNER_B_MAX_REFERENCE_IMAGES, PARTNER_B_TIERS } from '@shared/gateway/endpoints/partnerB'
import { ENDPOINTS } from '@shared/gateway/spec'
import { preflightJob } from '@shared/schemas/jobPreflight'
import { JobRequest, type ImageRef } from '@shared/schemas/jobs'
import type { ModelView } from '@shared/schemas/profiles'

/**
 * The generate form as plain data and pure functions: the draft the user edits (strings, so a half-typed
 * number is kept as typed), the request it becomes, and every issue with the field it belongs to. The
 * spec's limits come from `preflightJob`, the same check the backend runs on submit.
 */

export const GEN_ENDPOINTS = ['imagesV3', 'partnerA', 'partnerB', 'imagesV2', 'imagesV1'] as const
export type GenEndpoint = (typeof GEN_ENDPOINTS)[number]

export const endpointInfo: Record<GenEndpoint, { label: string; path: string; blurb: string }> = {
  imagesV1: {
    label: 'Compatible',
    path: ENDPOINTS.imagesV1,
    blurb: 'OpenAI-compatible generation; the gateway decides the other fields.'
  },
  imagesV3: { label: 'Per image', path: ENDPOINTS.imagesV3, blurb: 'Synchronous, billed per image.' },
  imagesV2: {
    label: 'Async task',
    path: ENDPOINTS.imagesV2,
    blurb: 'Runs as a task on the gateway; each image is its own task.'
  },
  partnerA: {
    label: 'Partner A',
    path: ENDPOINTS.partnerA,
    blurb: 'Provider-direct, with image groups that can arrive one by one.'
  },
  partnerB: {
    label: 'Partner B',
    path: ENDPOINTS.partnerB,
    blurb: 'Provider-direct, one image per request.'
  }
}

/** Largest reference list per endpoint (spec §8; partner-a has none in the spec, 14 is the job schema's). */
export const MAX_REFERENCES: Record<GenEndpoint, number> = {
  imagesV1: 0,
  imagesV3: 0,
  imagesV2: V2_MAX_REFERENCE_IMAGES,
  partnerA: 14,
  partnerB: PARTNER_B_MAX_REFERENCE_IMAGES
}
/** v2 fetches references itself: web addresses only (its reference field is "array of string (URL)"). */
export const URL_ONLY: Record<GenEndpoint, boolean> = {
  imagesV1: false,
  imagesV3: false,
  imagesV2: true,
  partnerA: false,
  partnerB: false
}

export type RefItem =
  | { kind: 'media'; mediaId: string; width: number | null; height: number | null }
  | { kind: 'url'; url: string }

export interface Draft {
  prompt: string
  model: string
  endpoint: GenEndpoint | null
  references: RefItem[]
  imagesV1: { size: string; extra: string }
  imagesV3: {
    n: string
    size: string
    background: string
    outputFormat: string
    compression: string
    moderation: string
  }
  imagesV2: { ratio: string; resolution: string; count: string; extra: string }
  partnerA: {
    size: string
    seed: string
    guidance: string
    watermark: boolean
    outputFormat: string
    responseFormat: string
    group: boolean
    maxImages: string
    stream: boolean
    extra: string
  }
  partnerB: {
    sizeMode: 'tier' | 'custom'
    tier: string
    width: string
    height: string
    seed: string
    watermark: boolean
    extra: string
  }
}

export const emptyDraft = (): Draft => ({
  prompt: '',
  model: '',
  endpoint: null,
  references: [],
  imagesV1: { size: '', extra: '' },
  imagesV3: {
    n: '1',
    size: '1024x1024',
    background: '',
    outputFormat: 'png',
    compression: '',
    moderation: ''
  },
  imagesV2: { ratio: '', resolution: '', count: '1', extra: '' },
  partnerA: {
    size: '',
    seed: '',
    guidance: '',
    watermark: false,
    outputFormat: '',
    responseFormat: '',
    group: false,
    maxImages: '4',
    stream: false,
    extra: ''
  },
  partnerB: {
    sizeMode: 'tier',
    tier: '2K',
    width: '2048',
    height: '2048',
    seed: '',
    watermark: false,
    extra: ''
  }
})

/** Field keys of the form; an issue names one so the screen shows it next to that control. */
export type FormField =
  | 'prompt'
  | 'model'
  | 'references'
  | 'extra'
  | 'n'
  | 'size'
  | 'background'
  | 'outputFormat'
  | 'compression'
  | 'moderation'
  | 'ratio'
  | 'resolution'
  | 'count'
  | 'seed'
  | 'guidance'
  | 'watermark'
  | 'responseFormat'
  | 'maxImages'
  | 'stream'
  /** The gateway profile's extra JSON fields: fixed in Settings, so shown only as Generate's reason. */
  | 'profile'

export interface FormIssue {
  field: FormField
  message: string
}

export const COMPAT_SIZES = [
  '256x256',
  '512x512',
  '1024x1024',
  '1536x1024',
  '1024x1536',
  '1792x1024',
  '1024x1792'
]
export const V2_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9', '9:21']
export const PARTNER_A_SIZES = ['1K', '2K', '4K', '2048x2048', '2560x1440', '1440x2560', '2304x1728']
export {
  PARTNER_A_OUTPUT_FORMATS,
  PARTNER_A_RESPONSE_FORMATS,
  PARTNER_B_TIERS,
  V2_RESOLUTIONS,
  V3_BACKGROUNDS,
  V3_COMPRESSION_FORMATS,
  V3_MODERATION,
  V3_OUTPUT_FORMATS,
  V3_SIZES
}

/** The image endpoints a model of the listing may be called on, in the form's order. */
export function imageEndpointsOf(model: Pick<ModelView, 'supportedEndpoints'>): GenEndpoint[] {
  return GEN_ENDPOINTS.filter((endpoint) => modelSupports(model.supportedEndpoints, endpoint))
}

// ---- building the request ----

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/

type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

function parseExtra(text: string, issues: FormIssue[]): Record<string, Json> | undefined {
  if (text.trim() === '') return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    issues.push({ field: 'extra', message: 'Extra fields must be valid JSON, e.g. {"style": "vivid"}.' })
    return undefined
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.push({ field: 'extra', message: 'Extra fields must be a JSON object: {"name": value, …}.' })
    return undefined
  }
  const bad = Object.keys(value).find((key) => !FIELD_NAME.test(key))
  if (bad !== undefined) {
    issues.push({ field: 'extra', message: `"${bad}" is not a usable field name.` })
    return undefined
  }
  return value as Record<string, Json>
}

function wholeNumber(
  text: string,
  field: FormField,
  label: string,
  issues: FormIssue[],
  range?: { min: number; max?: number }
): number | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  const value = Number(trimmed)
  const rangeText = range
    ? range.max === undefined
      ? ` of at least ${range.min}`
      : ` from ${range.min} to ${range.max}`
    : ''
  if (
    !/^-?\d+$/.test(trimmed) ||
    (range && (value < range.min || (range.max !== undefined && value > range.max)))
  ) {
    issues.push({ field, message: `${label} must be a whole number${rangeText}.` })
    return undefined
  }
  return value
}

function decimal(text: string, field: FormField, label: string, issues: FormIssue[]): number | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  const value = Number(trimmed)
  if (!Number.isFinite(value)) {
    issues.push({ field, message: `${label} must be a number.` })
    return undefined
  }
  return value
}

const toRef = (ref: RefItem): ImageRef => (ref.kind === 'url' ? { url: ref.url } : { mediaId: ref.mediaId })

/** Preflight field names (the gateway's words) → the form's fields and the words on its labels. */
const FIELD_MAP: Record<string, [FormField, string]> = {
  model: ['model', 'model'],
  prompt: ['prompt', 'prompt'],
  n: ['n', 'images'],
  size: ['size', 'size'],
  background: ['background', 'background'],
  output_format: ['outputFormat', 'output format'],
  compression: ['compression', 'compression'],
  moderation: ['moderation', 'moderation'],
  resolution: ['resolution', 'resolution'],
  referenceImages: ['references', 'reference images'],
  image: ['references', 'reference images'],
  seed: ['seed', 'seed'],
  watermark: ['watermark', 'watermark'],
  response_format: ['responseFormat', 'response format'],
  'sequential_image_generation_options.max_images': ['maxImages', 'max images'],
  sequential_image_generation_options: ['maxImages', 'group options'],
  stream: ['stream', 'streaming'],
  count: ['extra', 'count']
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

/** A preflight issue in the form's terms: the field it sits next to, and words without wire names. */
export function toFormIssue(issue: PreflightIssue, endpoint: GenEndpoint): FormIssue {
  // Already in the designer's words, naming the profile and where in Settings to change it.
  if (issue.source === 'profile') return { field: 'profile', message: issue.message }
  const base = issue.field.replace(/\[\d+\]$/, '')
  const index = /\[(\d+)\]$/.exec(issue.field)?.[1]
  let [field] = FIELD_MAP[base] ?? ['prompt']
  // The ratio is v2's "size"; `n` on the open bodies can only have come from the extra fields.
  if (endpoint === 'imagesV2' && base === 'size') field = 'ratio'
  if (base === 'n' && endpoint !== 'imagesV3') field = 'extra'
  let message = issue.message
  if (base === 'prompt' && /required/.test(message)) return { field: 'prompt', message: 'Write a prompt.' }
  if (index !== undefined)
    message = message.replace(`${base}[${index}]`, `reference image ${Number(index) + 1}`)
  const label = (name: string): string =>
    endpoint === 'imagesV2' && name === 'size'
      ? 'ratio'
      : name === 'n' && endpoint !== 'imagesV3'
        ? 'n'
        : (FIELD_MAP[name]?.[1] ?? name)
  // The issue's own field opens its message; wire names with `_`, `.` or capitals may appear anywhere.
  if (message.startsWith(`${base} `)) message = `${label(base)}${message.slice(base.length)}`
  for (const name of Object.keys(FIELD_MAP).sort((a, b) => b.length - a.length)) {
    if (!/[_.A-Z]/.test(name)) continue
    message = message.split(name).join(label(name))
  }
  return { field, message: capitalise(message) }
}

export interface Built {
  request: JobRequest | null
  issues: FormIssue[]
  /** How many images this request asks for (the slots of its group). */
  images: number
}

function checkReferences(draft: Draft, endpoint: GenEndpoint, issues: FormIssue[]): void {
  const max = MAX_REFERENCES[endpoint]
  if (draft.references.length === 0) return
  if (max === 0) {
    issues.push({
      field: 'references',
      message: `${endpointInfo[endpoint].path} takes no reference images; remove them or pick another model.`
    })
    return
  }
  if (draft.references.length > max)
    issues.push({
      field: 'references',
      message: `This endpoint takes at most ${max} reference images (you have ${draft.references.length}).`
    })
  if (URL_ONLY[endpoint] && draft.references.some((ref) => ref.kind === 'media'))
    issues.push({
      field: 'references',
      message: 'The async endpoint fetches references itself: use web addresses (URLs), not library images.'
    })
}

/** The request the draft makes for `model`, and everything that stops it from being sent. */
export function buildRequest(
  draft: Draft,
  model: Pick<ModelView, 'id' | 'supportedEndpoints'> | undefined,
  options: { modelStreams?: boolean; profile?: ProfileExtras | undefined } = {}
): Built {
  const endpoint = draft.endpoint
  const issues: FormIssue[] = []
  if (!model || !endpoint) {
    if (draft.prompt.trim() === '') issues.push({ field: 'prompt', message: 'Write a prompt.' })
    issues.push({ field: 'model', message: 'Pick a model.' })
    return { request: null, issues, images: 1 }
  }
  const base = { model: model.id, prompt: draft.prompt }
  let request: JobRequest
  let images = 1
  switch (endpoint) {
    case 'imagesV1': {
      const f = draft.imagesV1
      const extra = parseExtra(f.extra, issues)
      request = { endpoint, body: { ...extra, ...base, ...(f.size ? { size: f.size } : {}) } }
      if (typeof extra?.['n'] === 'number') images = extra['n']
      break
    }
    case 'imagesV3': {
      const f = draft.imagesV3
      const n = wholeNumber(f.n, 'n', 'Images', issues)
      const compressionApplies = (V3_COMPRESSION_FORMATS as readonly string[]).includes(f.outputFormat)
      const compression = compressionApplies
        ? wholeNumber(f.compression, 'compression', 'Compression', issues)
        : undefined
      request = {
        endpoint,
        body: {
          ...base,
          ...(n !== undefined ? { n } : {}),
          ...(f.size ? { size: f.size } : {}),
          ...(f.background ? { background: f.background } : {}),
          ...(f.outputFormat ? { output_format: f.outputFormat } : {}),
          ...(f.moderation ? { moderation: f.moderation } : {}),
          ...(compression !== undefined ? { compression } : {})
        }
      }
      images = n ?? 1
      break
    }
    case 'imagesV2': {
      const f = draft.imagesV2
      const count = wholeNumber(f.count, 'count', 'Images', issues, { min: 1, max: 10 })
      const extra = parseExtra(f.extra, issues)
      request = {
        endpoint,
        body: {
          ...base,
          ...(f.ratio ? { size: f.ratio } : {}),
          ...(f.resolution ? { resolution: f.resolution } : {}),
          ...(extra ? { extra } : {})
        },
        ...(draft.references.length > 0 ? { references: draft.references.map(toRef) } : {}),
        count: count ?? 1
      }
      images = count ?? 1
      break
    }
    case 'partnerA': {
      const f = draft.partnerA
      const seed = wholeNumber(f.seed, 'seed', 'Seed', issues)
      const guidance = decimal(f.guidance, 'guidance', 'Guidance', issues)
      const maxImages = f.group ? wholeNumber(f.maxImages, 'maxImages', 'Max images', issues) : undefined
      if (f.group && f.maxImages.trim() === '')
        issues.push({ field: 'maxImages', message: 'Say how many images the group may have (at least 1).' })
      const size = f.size.trim()
      if (size && !(PARTNER_B_TIERS as readonly string[]).includes(size) && !parseWxH(size))
        issues.push({
          field: 'size',
          message: 'Size must be 1K, 2K, 4K or <width>x<height>, e.g. 2048x2048.'
        })
      const extra = parseExtra(f.extra, issues)
      request = {
        endpoint,
        body: {
          ...extra,
          ...base,
          ...(size ? { size } : {}),
          ...(seed !== undefined ? { seed } : {}),
          ...(guidance !== undefined ? { guidance_scale: guidance } : {}),
          // Upstream watermarks unless told not to (provider notes §1.1): always say which.
          watermark: f.watermark,
          ...(f.outputFormat ? { output_format: f.outputFormat } : {}),
          ...(f.responseFormat ? { response_format: f.responseFormat } : {}),
          ...(f.group
            ? {
                sequential_image_generation: 'auto',
                sequential_image_generation_options: maxImages !== undefined ? { max_images: maxImages } : {}
              }
            : {})
        },
        ...(draft.references.length > 0 ? { references: draft.references.map(toRef) } : {}),
        stream: f.stream
      }
      images = f.group ? Math.max(1, maxImages ?? 1) : 1
      break
    }
    case 'partnerB': {
      const f = draft.partnerB
      const seed = wholeNumber(f.seed, 'seed', 'Seed', issues)
      let size: string | undefined = f.tier
      if (f.sizeMode === 'custom') {
        const width = wholeNumber(f.width, 'size', 'Width', issues, { min: 1 })
        const height = wholeNumber(f.height, 'size', 'Height', issues, { min: 1 })
        size = width !== undefined && height !== undefined ? `${width}x${height}` : undefined
        if (f.width.trim() === '' || f.height.trim() === '')
          issues.push({ field: 'size', message: 'Enter both a width and a height.' })
      }
      const extra = parseExtra(f.extra, issues)
      request = {
        endpoint,
        body: {
          ...base,
          ...(size ? { size } : {}),
          ...(seed !== undefined ? { seed } : {}),
          ...(f.watermark ? { watermark: true } : {}),
          ...(extra ? { extra } : {})
        },
        ...(draft.references.length > 0 ? { references: draft.references.map(toRef) } : {})
      }
      break
    }
  }
  checkReferences(draft, endpoint, issues)
  const modelEntry = { id: model.id, supported_endpoints: model.supportedEndpoints }
  // The active profile's extras are merged into the request by the backend: check them here as well.
  const preflight = preflightJob(request, modelEntry, options.profile).map((issue) =>
    toFormIssue(issue, endpoint)
  )
  if (endpoint === 'partnerA' && draft.partnerA.stream && options.modelStreams === false)
    preflight.push({
      field: 'stream',
      message: 'This model refused streaming last time; turn it off, or try again to check.'
    })
  // Local reference checks already said it in the form's words; keep one message per problem.
  const seen = new Set(issues.map((issue) => issue.field))
  for (const issue of preflight)
    if (!(issue.field === 'references' && seen.has('references'))) issues.push(issue)
  const parsed = JobRequest.safeParse(request)
  if (issues.length === 0 && !parsed.success)
    issues.push({ field: 'extra', message: 'Some values cannot be sent; check the extra fields.' })
  return { request: issues.length === 0 && parsed.success ? parsed.data : null, issues, images }
}

// ---- remix: a stored request back into the form ----

const text = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : value === undefined || value === null
        ? ''
        : JSON.stringify(value)
const json = (value: Record<string, unknown>): string =>
  Object.keys(value).length === 0 ? '' : JSON.stringify(value, null, 2)

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
  const draft: Draft = { ...base, prompt: request.body.prompt, model: request.body.model, references: [] }
  switch (request.endpoint) {
    case 'imagesV1': {
      const { model: _m, prompt: _p, size, ...rest } = request.body
      return { ...draft, endpoint: 'imagesV1', imagesV1: { size: text(size), extra: json(rest) } }
    }
    case 'imagesV3': {
      const b = request.body
      return {
        ...draft,
        endpoint: 'imagesV3',
        imagesV3: {
          n: text(b.n ?? 1),
          size: text(b.size),
          background: text(b.background),
          outputFormat: text(b.output_format),
          compression: text(b.compression),
          moderation: text(b.moderation)
        }
      }
    }
    case 'imagesV2': {
      const b = request.body
      return {
        ...draft,
        endpoint: 'imagesV2',
        references: refsOf(request.references),
        imagesV2: {
          ratio: text(b.size),
          resolution: text(b.resolution),
          count: text(request.count),
          extra: json(b.extra ?? {})
        }
      }
    }
    case 'partnerA': {
      const {
        model: _m,
        prompt: _p,
        size,
        seed,
        guidance_scale,
        watermark,
        output_format,
        response_format,
        sequential_image_generation,
        sequential_image_generation_options,
        ...rest
      } = request.body
      const group = sequential_image_generation === 'auto'
      return {
        ...draft,
        endpoint: 'partnerA',
        references: refsOf(request.references),
        partnerA: {
          size: text(size),
          seed: text(seed),
          guidance: text(guidance_scale),
          watermark: watermark === true,
          outputFormat: text(output_format),
          responseFormat: text(response_format),
          group,
          maxImages: text(sequential_image_generation_options?.max_images ?? base.partnerA.maxImages),
          stream: request.stream,
          extra: json(rest)
        }
      }
    }
    case 'partnerB': {
      const b = request.body
      const wxh = b.size ? parseWxH(b.size) : undefined
      return {
        ...draft,
        endpoint: 'partnerB',
        references: refsOf(request.references),
        partnerB: {
          sizeMode: wxh ? 'custom' : 'tier',
          tier: wxh ? base.partnerB.tier : text(b.size ?? '2K'),
          width: wxh ? String(wxh.width) : base.partnerB.width,
          height: wxh ? String(wxh.height) : base.partnerB.height,
          seed: text(b.seed),
          watermark: b.watermark === true,
          extra: json(b.extra ?? {})
        }
      }
    }
    default:
      return null
  }
}

/** Live pixel and ratio facts of a partner-b W×H, for the line under the fields. */
export function pixelFacts(width: string, height: string): { pixels: number; ratio: string } | null {
  const w = Number(width)
  const h = Number(height)
  if (!Number.isInteger(w) || !Number.isInteger(h) || w < 1 || h < 1) return null
  const long = Math.max(w, h) / Math.min(w, h)
  const ratio =
    w >= h ? `${long.toFixed(long % 1 === 0 ? 0 : 2)}:1` : `1:${long.toFixed(long % 1 === 0 ? 0 : 2)}`
  return { pixels: w * h, ratio }
}
