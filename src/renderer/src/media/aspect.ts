import type { JobView } from '@shared/schemas/jobs'
import { aspectOf } from './justify'
import type { Slot } from './slots'

/** "1024x576", "1024×576" or "16:9" as width / height; null for anything else ("auto", "2K"). */
export function aspectOfLabel(label: unknown): number | null {
  if (typeof label !== 'string') return null
  const m = /^\s*(\d+(?:\.\d+)?)\s*[x×*:]\s*(\d+(?:\.\d+)?)\s*$/i.exec(label)
  if (!m) return null
  const width = Number(m[1])
  const height = Number(m[2])
  return width > 0 && height > 0 ? width / height : null
}

/** The shape a job asked for (its request body's size or aspect ratio), so its waiting slots match. */
export function requestedAspect(job: JobView): number | null {
  const request = job.request
  if (typeof request !== 'object' || request === null) return null
  const body = (request as { body?: unknown }).body
  if (typeof body !== 'object' || body === null) return null
  const fields = body as Record<string, unknown>
  return aspectOfLabel(fields['size']) ?? aspectOfLabel(fields['aspect_ratio'])
}

/**
 * The aspect ratio a slot is laid out at: the stored image's own (measured by the library), else what
 * its size label or the job's request says, else a square. Known before any pixel loads: no layout shift.
 */
export function slotAspect(job: JobView, slot: Slot): number {
  const result = 'result' in slot ? slot.result : null
  if (result?.width && result.height) return aspectOf(result.width, result.height)
  return aspectOfLabel(result?.sizeLabel) ?? requestedAspect(job) ?? 1
}
