import type { JobView } from '@shared/schemas/jobs'

/** Fields that are not parameters: said elsewhere on the stage (prompt, model) or files, not settings. */
const SKIP = new Set([
  'prompt',
  'model',
  'image',
  'images',
  'mask',
  'reference_images',
  'referenceImages',
  'stream'
])
/** Past this a value is data (a data URL, a long list), not a setting worth a line. */
const LONGEST = 80

/**
 * The parameters a job was sent with, as the gateway's own field names and values (size, quality, n,
 * output_format…): the simple values of its request body, in the order they were sent.
 */
export function jobParameters(job: JobView): [string, string][] {
  const request = job.request
  if (typeof request !== 'object' || request === null) return []
  return bodyParameters((request as { body?: unknown }).body)
}

/** The same, read from a request body as stored (the Gallery's detail holds the body alone). */
export function bodyParameters(body: unknown): [string, string][] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return []
  const out: [string, string][] = []
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (SKIP.has(key) || value === null || value === undefined || value === '') continue
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue
    const text = String(value)
    if (text.length <= LONGEST) out.push([key, text])
  }
  return out
}
