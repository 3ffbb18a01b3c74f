import { z } from 'zod'
import { invalid } from './errors'
import { dataUriBytes, sniffImage } from './images/sniff'

function describe(issue: z.core.$ZodIssue): string {
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body'
  if (issue.code === 'unrecognized_keys') {
    return `${where}: unknown field(s) ${issue.keys.map((k) => `"${k}"`).join(', ')}`
  }
  return `${where}: ${issue.message}`
}

/** Parses `input` or answers 400 naming every offending field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const issues = result.error.issues
  const unknownOnly = issues.every((i) => i.code === 'unrecognized_keys')
  throw invalid(
    `Invalid request: ${issues.map(describe).join('; ')}`,
    unknownOnly ? 'unknown_parameter' : 'invalid_parameter'
  )
}

/** Field schemas used by several endpoints. */
export const fields = {
  prompt: z.string().trim().min(1, 'must not be empty'),
  /** http(s) URL or a `data:image/...;base64,` URI. */
  imageRef: z.string().refine(isImageRef, 'must be an http(s) URL or a data:image/...;base64,... URI'),
  seed: z.number().int(),
  responseFormat: z.enum(['url', 'b64_json'])
}

/** An http(s) URL, or a base64 data URI whose bytes really are an image. */
export function isImageRef(value: string): boolean {
  if (value.startsWith('data:')) {
    const data = dataUriBytes(value)
    return (
      data !== undefined &&
      /^[A-Za-z0-9+/=\s]+$/.test(value.slice(value.indexOf(',') + 1)) &&
      sniffImage(data.bytes) !== undefined
    )
  }
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
