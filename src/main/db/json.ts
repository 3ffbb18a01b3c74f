import type { z } from 'zod'
import { STORED_LIMITS, parseJson } from '../../shared/json'

/**
 * JSON columns are a trust boundary like any file read back: parsed with their schema, and a value that no
 * longer validates (older app, hand edit, damage) falls back instead of crashing the screen that reads it.
 */
export function readJsonColumn<S extends z.ZodType>(
  schema: S,
  text: string | null | undefined,
  fallback: z.output<S>
): z.output<S> {
  if (text == null) return fallback
  try {
    const parsed = schema.safeParse(parseJson(text, STORED_LIMITS))
    return parsed.success ? parsed.data : fallback
  } catch {
    return fallback
  }
}
