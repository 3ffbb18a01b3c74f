import type { RequestContext } from '../context'
import { hasMarker } from '../markers'
import type { TaskOutcome } from './task-store'

/** How a new task will end: a fault step's `taskOutcome`, else `[[fail]]` / `[[cancel]]` / `[[expire]]`. */
export function taskOutcome(ctx: RequestContext, prompt: string): TaskOutcome {
  if (ctx.step?.taskOutcome) return ctx.step.taskOutcome
  if (hasMarker(prompt, 'fail')) return 'failed'
  if (hasMarker(prompt, 'cancel')) return 'cancelled'
  if (hasMarker(prompt, 'expire')) return 'expired'
  return 'succeeded'
}

export const TASK_ERRORS: Record<'failed' | 'expired', { code: string; message: string }> = {
  failed: {
    code: 'OutputContentSensitiveContentDetected',
    message: 'The request failed because the output may contain sensitive information.'
  },
  expired: { code: 'TaskExpired', message: 'The task exceeded its execution window and expired.' }
}

export const httpUrl = (value: string): boolean => {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
