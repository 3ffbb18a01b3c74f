import type { TFunction } from 'i18next'
import type { z } from 'zod'
import {
  LocationSaveInput,
  LocationTestInput,
  type LocationCheck,
  type LocationCredentials,
  type LocationKind,
  type LocationSettings,
  type LocationView
} from '@shared/schemas/locations'
import type { locations as englishWords } from '@shared/i18n/locales/en/locations'

/**
 * Settings › Team locations, without React: what the add/edit form holds, how it becomes the contract's
 * `locations.test` and `locations.save` inputs (checked with the contract's own schemas), and every problem
 * in the designer's words. Secrets live only in a draft, which lives only in the form's state.
 */

type FieldWord = keyof typeof englishWords.fields

export const LOCATION_KINDS: readonly LocationKind[] = ['s3', 'webdav', 'folder']

export interface LocationDraft {
  kind: LocationKind
  name: string
  /** Typed by the user: from then on the name no longer follows the address. */
  nameTouched: boolean
  endpoint: string
  region: string
  regionTouched: boolean
  bucket: string
  prefix: string
  pathStyle: boolean
  pathStyleTouched: boolean
  accessKeyId: string
  secretAccessKey: string
  url: string
  username: string
  password: string
  path: string
}

export type DraftField =
  | 'name'
  | 'endpoint'
  | 'region'
  | 'bucket'
  | 'prefix'
  | 'accessKeyId'
  | 'secretAccessKey'
  | 'url'
  | 'username'
  | 'password'
  | 'path'

/** What is wrong, by field; `form` for a problem no field owns. */
export type FieldErrors = Partial<Record<DraftField | 'form', string>>

export function emptyDraft(kind: LocationKind = 's3'): LocationDraft {
  return {
    kind,
    name: '',
    nameTouched: false,
    endpoint: '',
    region: '',
    regionTouched: false,
    bucket: '',
    prefix: '',
    pathStyle: true,
    pathStyleTouched: false,
    accessKeyId: '',
    secretAccessKey: '',
    url: '',
    username: '',
    password: '',
    path: ''
  }
}

/** A saved location in the form: its address as saved, no secret (none ever comes back). */
export function draftOf(view: LocationView): LocationDraft {
  const draft = { ...emptyDraft(view.settings.kind), name: view.name, nameTouched: true }
  const settings = view.settings
  switch (settings.kind) {
    case 's3':
      return {
        ...draft,
        endpoint: settings.endpoint,
        region: settings.region,
        regionTouched: true,
        bucket: settings.bucket,
        prefix: settings.prefix,
        pathStyle: settings.pathStyle,
        pathStyleTouched: true
      }
    case 'webdav':
      // The hint of a WebDAV location is its user name, which is no secret: the form starts with it.
      return { ...draft, url: settings.url, username: view.hasCredentials ? (view.credentialHint ?? '') : '' }
    case 'folder':
      return { ...draft, path: settings.path }
  }
}

const hostOf = (text: string): string | null => {
  try {
    return new URL(text.trim()).hostname || null
  } catch {
    return null
  }
}

export const originOf = (text: string): string | null => {
  try {
    const url = new URL(text.trim())
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}

const AWS = /(^|\.)amazonaws\.com(\.cn)?$/

/**
 * Path-style addressing (the bucket in the path) is the one every S3-compatible server answers: MinIO and
 * NAS servers only answer it, R2 and Backblaze take both. AWS alone prefers the bucket in the host name.
 */
export const pathStyleFor = (endpoint: string): boolean => !AWS.test(hostOf(endpoint) ?? '')

/** The region an endpoint names (s3.eu-central-1.amazonaws.com, s3.us-west-004.backblazeb2.com), else a guess. */
export function regionFor(endpoint: string): string {
  const host = hostOf(endpoint)
  if (!host) return ''
  if (host.endsWith('.r2.cloudflarestorage.com')) return 'auto'
  const named = /^s3[.-]([a-z]{2}(?:-[a-z]+)+-\d+)\./.exec(host)
  if (named?.[1]) return named[1]
  return 'us-east-1'
}

/** A name while the user has given none: the bucket, the server, the folder. */
export function suggestedName(draft: LocationDraft): string {
  switch (draft.kind) {
    case 's3':
      return draft.bucket.trim()
    case 'webdav':
      return hostOf(draft.url) ?? ''
    case 'folder': {
      const parts = draft.path
        .trim()
        .split(/[\\/]+/)
        .filter(Boolean)
      return parts[parts.length - 1] ?? ''
    }
  }
}

/** The draft after the user changed `patch`, with what follows the address (name, region, path style). */
export function editDraft(draft: LocationDraft, patch: Partial<LocationDraft>): LocationDraft {
  const next = { ...draft, ...patch }
  if ('name' in patch) next.nameTouched = true
  if ('region' in patch) next.regionTouched = true
  if ('pathStyle' in patch) next.pathStyleTouched = true
  if ('endpoint' in patch) {
    if (!next.regionTouched) next.region = regionFor(next.endpoint)
    if (!next.pathStyleTouched) next.pathStyle = pathStyleFor(next.endpoint)
  }
  if (!next.nameTouched) next.name = suggestedName(next)
  return next
}

export function settingsOf(draft: LocationDraft): LocationSettings {
  switch (draft.kind) {
    case 's3':
      return {
        kind: 's3',
        endpoint: draft.endpoint,
        region: draft.region,
        bucket: draft.bucket,
        prefix: draft.prefix,
        pathStyle: draft.pathStyle
      }
    case 'webdav':
      return { kind: 'webdav', url: draft.url }
    case 'folder':
      return { kind: 'folder', path: draft.path }
  }
}

/** The saved address's server moved: the backend drops the saved credentials rather than send them there. */
export function addressMoved(draft: LocationDraft, saved: LocationView | null): boolean {
  if (!saved?.hasCredentials || saved.settings.kind !== draft.kind) return false
  const before = saved.settings
  if (before.kind === 's3') return originOf(draft.endpoint) !== originOf(before.endpoint)
  if (before.kind === 'webdav') return originOf(draft.url) !== originOf(before.url)
  return false
}

/**
 * The credentials the draft sends: new ones, or null (none, or keep the saved ones when editing), with what
 * is missing by field. A pair is given whole or not at all; the contract cannot take half of one.
 */
function credentialsOf(
  t: TFunction,
  draft: LocationDraft,
  saved: LocationView | null
): { credentials: LocationCredentials | null; errors: FieldErrors } {
  const words = (key: FieldWord): string => t(`settings.locations.fields.${key}`)
  if (draft.kind === 's3') {
    const id = draft.accessKeyId.trim()
    const secret = draft.secretAccessKey
    if (id && secret)
      return { credentials: { kind: 's3', accessKeyId: id, secretAccessKey: secret }, errors: {} }
    // Editing with both empty keeps the saved keys; a new bucket needs them.
    if (!id && !secret && saved) return { credentials: null, errors: {} }
    return {
      credentials: null,
      errors: {
        ...(id ? {} : { accessKeyId: words('accessKeyId') }),
        ...(secret ? {} : { secretAccessKey: words('secretAccessKey') })
      }
    }
  }
  if (draft.kind === 'webdav') {
    const username = draft.username.trim()
    const password = draft.password
    if (username && password) return { credentials: { kind: 'webdav', username, password }, errors: {} }
    const savedUser = saved?.hasCredentials ? (saved.credentialHint ?? '') : ''
    if (!password) {
      // No sign-in at all, or the saved user with the saved password kept.
      if (!username && !savedUser) return { credentials: null, errors: {} }
      // The saved password goes only to the server it was given for: a moved address needs it again.
      if (savedUser && username === savedUser && !addressMoved(draft, saved))
        return { credentials: null, errors: {} }
      if (!username) return { credentials: null, errors: { username: words('usernameCleared') } }
      return { credentials: null, errors: { password: words('password') } }
    }
    return { credentials: null, errors: { username: words('username') } }
  }
  return { credentials: null, errors: {} }
}

type Issue = z.core.$ZodIssue

const FIELDS: Record<string, DraftField> = {
  name: 'name',
  endpoint: 'endpoint',
  region: 'region',
  bucket: 'bucket',
  prefix: 'prefix',
  url: 'url',
  path: 'path',
  accessKeyId: 'accessKeyId',
  secretAccessKey: 'secretAccessKey',
  username: 'username',
  password: 'password'
}

/** The field an issue of the contract's schemas is about: the last name in its path. */
export function fieldOfIssue(issue: Pick<Issue, 'path'>): DraftField | 'form' {
  const last = [...issue.path].reverse().find((part) => typeof part === 'string')
  return (typeof last === 'string' && FIELDS[last]) || 'form'
}

/** One issue of the contract's schemas in our words: never zod's English. */
export function issueWords(t: TFunction, issue: Issue, draft: LocationDraft): string {
  const field = fieldOfIssue(issue)
  const long = issue.code === 'too_big'
  const empty = issue.code === 'too_small'
  const f = (key: FieldWord): string => t(`settings.locations.fields.${key}`)
  switch (field) {
    case 'name':
      return long ? f('nameLong') : f('nameEmpty')
    case 'endpoint':
    case 'url': {
      const typed = field === 'endpoint' ? draft.endpoint : draft.url
      if (long) return f('addressLong')
      if (signsIn(typed)) return f('addressSignIn')
      return f(field)
    }
    case 'region':
      return long ? f('regionLong') : f('region')
    case 'bucket':
      return draft.bucket.trim() === '' ? f('bucketEmpty') : f('bucket')
    case 'prefix':
      return f('prefix')
    case 'path':
      if (long) return f('pathLong')
      return draft.path.trim() === '' || empty ? f('pathEmpty') : f('pathRelative')
    case 'accessKeyId':
    case 'secretAccessKey':
    case 'username':
    case 'password':
      return long ? f('tooLong') : f(field)
    case 'form':
      return f('other')
  }
}

const signsIn = (text: string): boolean => {
  try {
    const url = new URL(text.trim())
    return Boolean(url.username || url.password)
  } catch {
    return false
  }
}

export type Checked<T> = { ok: true; input: T } | { ok: false; errors: FieldErrors }

/** Each field's first problem, in our words. */
function errorsOf(t: TFunction, issues: readonly Issue[], draft: LocationDraft): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const field = fieldOfIssue(issue)
    errors[field] ??= issueWords(t, issue, draft)
  }
  return errors
}

const merged = <T>(
  t: TFunction,
  draft: LocationDraft,
  own: FieldErrors,
  parsed: z.ZodSafeParseResult<T>
): Checked<T> => {
  const errors = { ...(parsed.success ? {} : errorsOf(t, parsed.error.issues, draft)), ...own }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors }
  return { ok: true, input: parsed.data }
}

/** What Test connection sends: the draft's address and credentials, or a saved location's (its id). */
export function testInputOf(
  t: TFunction,
  draft: LocationDraft,
  saved: LocationView | null
): Checked<z.output<typeof LocationTestInput>> {
  const { credentials, errors } = credentialsOf(t, draft, saved)
  const parsed = LocationTestInput.safeParse({
    ...(saved ? { id: saved.id } : {}),
    settings: settingsOf(draft),
    credentials
  })
  return merged(t, draft, errors, parsed)
}

/** What Save sends: the name (the suggested one when left empty), the address, new credentials or null. */
export function saveInputOf(
  t: TFunction,
  draft: LocationDraft,
  saved: LocationView | null
): Checked<z.output<typeof LocationSaveInput>> {
  const { credentials, errors } = credentialsOf(t, draft, saved)
  const parsed = LocationSaveInput.safeParse({
    ...(saved ? { id: saved.id } : {}),
    name: draft.name.trim() === '' && !draft.nameTouched ? suggestedName(draft) : draft.name,
    settings: settingsOf(draft),
    credentials
  })
  return merged(t, draft, errors, parsed)
}

/** Where a saved location is, as one line. */
export function addressOf(t: TFunction, settings: LocationSettings): string {
  switch (settings.kind) {
    case 's3':
      return t('settings.locations.address.s3', {
        bucket: settings.bucket,
        prefix: settings.prefix,
        endpoint: settings.endpoint
      })
    case 'webdav':
      return settings.url
    case 'folder':
      return settings.path
  }
}

/** Why a check failed, in a designer's words for this kind of location. */
export function problemWords(t: TFunction, kind: LocationKind, check: LocationCheck): string {
  const problem = check.problem ?? 'failed'
  if (problem === 'failed' && kind !== 'folder' && check.status === null)
    return t('settings.locations.problems.failedNoStatus')
  return t(`settings.locations.problems.${problem}.${kind}`, { status: check.status ?? '' })
}

const relative = new Map<string, Intl.RelativeTimeFormat>()

/** "2 minutes ago" / "2分钟前", by the language's own rules; "just now" within a minute. */
export function agoWords(t: TFunction, language: string, at: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000))
  if (seconds < 60) return t('settings.locations.state.justNow')
  let format = relative.get(language)
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' })
    relative.set(language, format)
  }
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return format.format(-minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return format.format(-hours, 'hour')
  return format.format(-Math.floor(hours / 24), 'day')
}
