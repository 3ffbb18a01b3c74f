import { cutToBytes, NAME_MAX_BYTES, safeNameStem } from '../library/names'

/**
 * Readable export file names from the `exportNameTemplate` setting (default `{date}_{model}_{index}`).
 * Each value is cleaned first (path separators become `-`), then the whole rendered stem goes through the
 * P33 steps (`safeNameStem`: NFC, no control, reserved or bidi characters, no device names, at most 100
 * bytes). Uniqueness is case-insensitive (Windows and macOS disks are): a clash gets `-2`, `-3`, … inside
 * the 100 bytes. The extension comes from the sniffed type, never from the template.
 */

export const TEMPLATE_VARIABLES = [
  'date',
  'time',
  'model',
  'endpoint',
  'index',
  'prompt',
  'size',
  'seed',
  'job',
  'id'
] as const
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number]
export type TemplateValues = Record<TemplateVariable, string>

const FALLBACK_STEM = 'image'
const PROMPT_BYTES = 60
const SEPARATORS = /[/\\:]+/g

/** One value as it may appear inside a name: separators to `-`, trimmed, cut. */
function part(value: string, maxBytes = NAME_MAX_BYTES): string {
  return safeNameStem(value.replace(SEPARATORS, '-'), maxBytes)
}

/** `{name}` placeholders replaced; an unknown placeholder stays as typed so the user sees the mistake. */
export function renderTemplate(template: string, values: TemplateValues): string {
  return template.replace(/\{([a-z]+)\}/g, (whole, name: string) =>
    (TEMPLATE_VARIABLES as readonly string[]).includes(name)
      ? part(values[name as TemplateVariable], name === 'prompt' ? PROMPT_BYTES : NAME_MAX_BYTES)
      : whole
  )
}

export const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp'
}

/** Hands out names that are safe (P33) and unique within one export, ignoring case. */
export class UniqueNames {
  private readonly taken = new Set<string>()

  constructor(reserved: Iterable<string> = []) {
    for (const name of reserved) this.taken.add(name.toLowerCase())
  }

  take(rendered: string, ext: string): string {
    const stem = safeNameStem(rendered) || FALLBACK_STEM
    for (let n = 1; ; n++) {
      const suffix = n === 1 ? '' : `-${n}`
      const name = `${cutToBytes(stem, NAME_MAX_BYTES - Buffer.byteLength(suffix)).replace(/[. ]+$/, '')}${suffix}.${ext}`
      const key = name.toLowerCase()
      if (!this.taken.has(key)) {
        this.taken.add(key)
        return name
      }
    }
  }
}

/** Offsets and their changes fall on quarter hours (UTC±hh:00, :30, :45), so a quarter hour is one bucket. */
const BUCKET_MS = 15 * 60_000
/** Every field of a wall-clock time, 24-hour, as `Intl` gives them. */
export const DATE_TIME_FIELDS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23'
}

const pad = (n: number): string => String(n).padStart(2, '0')

/**
 * Date and time parts of an instant in a zone: `2025-01-31`, `14-05-09` (no `:`, which Windows refuses).
 * The zone's UTC offset is read once per quarter hour of time, so a thousand images cost a handful of
 * `Intl` calls instead of a thousand.
 */
export function dateTimeParts(timeZone: string): (at: number) => { date: string; time: string } {
  const format = new Intl.DateTimeFormat('en-CA', { ...DATE_TIME_FIELDS, timeZone })
  const offsets = new Map<number, number>()
  const offsetAt = (at: number): number => {
    const bucket = Math.floor(at / BUCKET_MS)
    let offset = offsets.get(bucket)
    if (offset === undefined) {
      const p = Object.fromEntries(
        format.formatToParts(bucket * BUCKET_MS).map((part) => [part.type, part.value])
      )
      const wall = Date.UTC(
        Number(p.year),
        Number(p.month) - 1,
        Number(p.day),
        Number(p.hour),
        Number(p.minute)
      )
      offset = wall - bucket * BUCKET_MS
      offsets.set(bucket, offset)
    }
    return offset
  }
  return (at) => {
    const local = new Date(at + offsetAt(at))
    return {
      date: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
      time: `${pad(local.getUTCHours())}-${pad(local.getUTCMinutes())}-${pad(local.getUTCSeconds())}`
    }
  }
}

/** `/v3/images/generations` → `v3-images-generations`. */
export const endpointSlug = (endpoint: string): string =>
  endpoint.replace(/^\/+/, '').replace(/\/+/g, '-') || 'endpoint'
