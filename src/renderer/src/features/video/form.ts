import type { TFunction } from 'i18next'
import { ExtraFieldValues } from '@shared/gateway/fieldMap'
import type { PreflightIssue } from '@shared/gateway/preflight'
import { preflightJob } from '@shared/schemas/jobPreflight'
import type { ImageRef, JobRequest } from '@shared/schemas/jobs'
import type { ModelView } from '@shared/schemas/profiles'
import { i18n } from '../../i18n'
import { issueWords } from '../../ui/issueWords'

/**
 * The Video form as the user typed it (strings, so a half-typed number stays on screen), and the one
 * function that turns it into a `videos` job request plus every issue, per field, as they type.
 */

export type TriState = 'default' | 'on' | 'off'

export interface VideoDraft {
  model: string
  prompt: string
  duration: string
  width: string
  height: string
  resolution: string
  ratio: string
  seed: string
  watermark: TriState
  audio: TriState
  firstFrame: { type: 'none' } | { type: 'library'; mediaId: string } | { type: 'url'; url: string }
  /** Any further fields, as a JSON object (the body is open: docs/GATEWAY.md §2.8). */
  extraJson: string
}

export const emptyVideoDraft: VideoDraft = {
  model: '',
  prompt: '',
  duration: '5',
  width: '',
  height: '',
  resolution: '',
  ratio: '',
  seed: '',
  watermark: 'default',
  audio: 'default',
  firstFrame: { type: 'none' },
  extraJson: ''
}

/** The values of docs/GATEWAY.md §2.8; the gateway is the judge, these are what the pickers offer. */
export const RESOLUTIONS = ['480p', '720p', '1080p'] as const
export const RATIOS = ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9', 'adaptive'] as const
/** `shape` names the preset's words in the catalog (`video.form.presets.*`). */
export const SIZE_PRESETS = [
  { shape: 'landscape', width: 1280, height: 720 },
  { shape: 'portrait', width: 720, height: 1280 },
  { shape: 'landscapeHd', width: 1920, height: 1080 },
  { shape: 'square', width: 1024, height: 1024 }
] as const

/** Form fields sent as extra fields, under the provider's names (docs/GATEWAY.md §2.8). */
const FORM_EXTRAS = ['resolution', 'ratio', 'seed', 'watermark', 'generate_audio', 'image'] as const

export interface VideoForm {
  request: Extract<JobRequest, { endpoint: 'videos' }>
  /** Field name → first message; fields are the form's (`duration`, `size`, `seed`, `extra`, ...). */
  issues: Record<string, string>
}

/** What a number box holds: a number, nothing (left empty), or the text as typed (preflight names it). */
const numberOrText = (text: string): number | string | undefined => {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  return Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed
}

function parseExtra(text: string, issues: Record<string, string>, t: TFunction): Record<string, unknown> {
  if (text.trim() === '') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    issues.extra = t('video.issues.notJson')
    return {}
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.extra = t('video.issues.notObject')
    return {}
  }
  const parsed = ExtraFieldValues.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    // The check's own reason (the schema's words) is shown as it came, after the field it is about.
    issues.extra = t('video.issues.extraField', {
      field: issue?.path.join('.') || t('video.issues.aFieldName'),
      reason: issue?.message ?? t('video.issues.notAllowed')
    })
    return {}
  }
  const twice = FORM_EXTRAS.filter((name) => name in parsed.data)
  if (twice.length > 0) {
    const names = new Intl.ListFormat(i18n.language).format(twice.map((name) => `"${name}"`))
    issues.extra = t('video.issues.setAbove', { names })
  }
  return parsed.data
}

/**
 * `t` speaks the form's own issues in the current language; the shared checks (`preflightJob`) say theirs
 * in their own words.
 */
export function buildVideoForm(draft: VideoDraft, model: ModelView | undefined, t: TFunction): VideoForm {
  const issues: Record<string, string> = {}
  const extra: Record<string, unknown> = parseExtra(draft.extraJson, issues, t)
  if (draft.resolution) extra.resolution = draft.resolution
  if (draft.ratio) extra.ratio = draft.ratio
  if (draft.seed.trim() !== '') {
    const seed = Number(draft.seed)
    if (!Number.isInteger(seed)) issues.seed = t('video.issues.seed')
    else extra.seed = seed
  }
  if (draft.watermark !== 'default') extra.watermark = draft.watermark === 'on'
  if (draft.audio !== 'default') extra.generate_audio = draft.audio === 'on'

  let firstFrame: ImageRef | undefined
  if (draft.firstFrame.type === 'library') {
    if (draft.firstFrame.mediaId) firstFrame = { mediaId: draft.firstFrame.mediaId }
    else issues.firstFrame = t('video.issues.pickLibraryImage')
  }
  if (draft.firstFrame.type === 'url') {
    const url = draft.firstFrame.url.trim()
    if (!/^https?:\/\/\S+$/i.test(url)) issues.firstFrame = t('video.issues.imageAddress')
    else firstFrame = { url }
  }

  const width = draft.width.trim()
  const height = draft.height.trim()
  let size: string | undefined
  if (width !== '' || height !== '') {
    const w = Number(width)
    const h = Number(height)
    if (width === '' || height === '') issues.size = t('video.issues.sizeBoth')
    else if (!Number.isInteger(w) || !Number.isInteger(h) || w < 1 || h < 1)
      issues.size = t('video.issues.sizeWhole')
    else size = `${w}x${h}`
  }

  const duration = numberOrText(draft.duration)
  const body = {
    model: draft.model,
    prompt: draft.prompt,
    duration: duration as number,
    ...(size ? { size } : {}),
    ...(Object.keys(extra).length > 0 ? { extra: extra as ExtraFieldValues } : {})
  }
  const request = { endpoint: 'videos' as const, body, ...(firstFrame ? { firstFrame } : {}) }
  const preflight: PreflightIssue[] = preflightJob(
    request,
    model ? { id: model.id, supported_endpoints: model.supportedEndpoints } : undefined
  )
  // The shared rules in this screen's language (their English text when a rule has no words yet).
  for (const issue of preflight) issues[issue.field] ??= issueWords(t, issue)
  if (!model && draft.model) issues.model ??= t('video.issues.model')
  return { request, issues }
}
