import type { AppError } from '../../shared/result'

/** Thrown by command handlers for failures the user should read; anything else becomes `internal`. */
export class AppFailure extends Error {
  readonly code: string
  readonly details: unknown
  constructor(code: string, message: string, details?: unknown) {
    super(message)
    this.name = 'AppFailure'
    this.code = code
    this.details = details
  }

  toAppError(): AppError {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details }
  }
}
