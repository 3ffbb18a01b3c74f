import { TERMINAL_TASK_STATUSES } from '../common'
import type { ParsedEnvelope } from '../envelope'
import { candidatePaths, firstString, taskFailure } from '../tolerant'

/** A task as read, with the facts the task engine needs pulled out of names the spec hides. */
export interface TaskSnapshot<T> {
  /** The task exactly as the gateway sent it (unknown fields kept). */
  task: T
  id: string
  status: string
  /** `succeeded`, `failed`, `cancelled` or `expired`: polling stops. */
  terminal: boolean
  /** The result address, when the task succeeded and any known name carries one. */
  resultUrl: string | undefined
  failure: ParsedEnvelope | undefined
}

export function snapshot<T extends { id: string; status: string; error?: unknown }>(
  task: T,
  preferredPath: string | undefined,
  builtInPaths: readonly string[]
): TaskSnapshot<T> {
  const status = task.status
  return {
    task,
    id: task.id,
    status,
    terminal: (TERMINAL_TASK_STATUSES as readonly string[]).includes(status),
    resultUrl:
      status === 'succeeded' ? firstString(task, candidatePaths(preferredPath, builtInPaths)) : undefined,
    failure: status === 'succeeded' ? undefined : taskFailure(task)
  }
}
