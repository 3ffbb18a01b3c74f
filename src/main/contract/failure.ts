import type { AppError } from '../../shared/result'
import type { Said } from '../../shared/sentences'

/**
 * Thrown by command handlers for failures the user should read; anything else becomes `internal`.
 * `message` is English; a sentence of ours (`say(...)`) also carries its code and values as `words`, so the
 * renderer says it in the reader's language and keeps the English only for a code it does not know.
 */
export class AppFailure extends Error {
  readonly code: string
  readonly details: unknown
  readonly words: Pick<Said, 'code' | 'values'> | undefined
  constructor(code: string, message: string | Said, details?: unknown) {
    super(typeof message === 'string' ? message : message.english)
    this.name = 'AppFailure'
    this.code = code
    this.details = details
    this.words =
      typeof message === 'string'
        ? undefined
        : message.values === undefined
          ? { code: message.code }
          : { code: message.code, values: message.values }
  }

  toAppError(): AppError {
    return {
      code: this.code,
      message: this.message,
      ...(this.details === undefined ? {} : { details: this.details }),
      ...(this.words === undefined ? {} : { words: { ...this.words } })
    }
  }
}
