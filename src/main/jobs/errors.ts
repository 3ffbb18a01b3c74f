import type { JobError } from '../../shared/schemas/jobs'
import { isGatewayError } from '../gateway'

/** Any failure as a job error: the gateway's mapped view when it came from the gateway. */
export function toJobError(error: unknown, fallbackCode = 'internal'): JobError {
  if (isGatewayError(error)) {
    const view = error.toView()
    return { code: view.code ?? view.kind, message: view.message, view }
  }
  const message = error instanceof Error ? error.message : String(error)
  return { code: fallbackCode, message }
}

export const OUTCOME_UNKNOWN_AFTER_CRASH: JobError = {
  code: 'outcome_unknown',
  message:
    'Gateway Studio stopped while this request was being sent. The gateway may have run it and charged for it. ' +
    'Check your gateway usage before sending it again.'
}

export const DEADLINE_PASSED: JobError = {
  code: 'deadline',
  message: 'The gateway did not finish this task in time; Gateway Studio stopped waiting for it.'
}

export const NO_RESULT_URL: JobError = {
  code: 'no_result',
  message: 'The gateway reported success but sent no result address. Check the field names of this gateway.'
}

export const STREAM_CUT_BY_CRASH: JobError = {
  code: 'stream_incomplete',
  message:
    'Gateway Studio stopped while images were arriving. The images that arrived are kept; the rest are lost.'
}
