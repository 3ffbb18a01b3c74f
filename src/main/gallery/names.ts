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

/** Date and time parts of an instant in a zone: `2025-01-31`, `14-05-09` (no `:`, which Windows refuses). */
export function dateTimeParts(timeZone: string): (at: number) => { date: string; time: string } {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23'
  })
  return (at) => {
    const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]))
    return {
      date: `${parts.year}-${parts.month}-${parts.day}`,
      time: `${parts.hour}-${parts.minute}-${parts.second}`
    }
  }
}

/** `/v3/images/generations` → `v3-images-generations`. */
export const endpointSlug = (endpoint: string): string =>
  endpoint.replace(/^\/+/, '').replace(/\/+/g, '-') || 'endpoint'
