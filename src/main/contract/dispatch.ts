import type { z } from 'zod'
import {
  commands,
  isCommandName,
  type CommandName,
  type CommandOutputDraft,
  type ParsedCommandInput
} from '../../shared/contract'
import { ContractErrorCode, type AppError, type Result } from '../../shared/result'
import { AppFailure } from './failure'

export type CommandHandlers = {
  [K in CommandName]: (input: ParsedCommandInput<K>) => Promise<CommandOutputDraft<K>> | CommandOutputDraft<K>
}

export type Dispatch = (name: unknown, input: unknown) => Promise<Result<unknown>>

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ')
}

/**
 * The single entry point both shells use: unknown names and inputs that fail the schema are refused here,
 * so handlers only ever see parsed, typed input, and nothing a handler throws escapes as an exception.
 */
export function createDispatcher(
  handlers: CommandHandlers,
  onInternalError?: (error: unknown) => void
): Dispatch {
  return async (name, input) => {
    if (!isCommandName(name)) {
      return {
        ok: false,
        error: {
          code: ContractErrorCode.unknownCommand,
          message: `Unknown command: ${String(name).slice(0, 80)}`
        }
      }
    }
    const spec = commands[name]
    const parsed = spec.input.safeParse(input ?? {})
    if (!parsed.success) {
      return {
        ok: false,
        error: {
          code: ContractErrorCode.invalidInput,
          message: `Invalid input for ${name}: ${describeIssues(parsed.error.issues)}`
        }
      }
    }
    try {
      const handler = handlers[name] as (input: unknown) => unknown
      const raw = await handler(parsed.data)
      const output = spec.output.safeParse(raw)
      if (!output.success) {
        onInternalError?.(
          new Error(`${name} produced an invalid output: ${describeIssues(output.error.issues)}`)
        )
        return {
          ok: false,
          error: { code: ContractErrorCode.invalidOutput, message: `${name} produced an invalid reply` }
        }
      }
      return { ok: true, value: output.data }
    } catch (error) {
      if (error instanceof AppFailure) return { ok: false, error: error.toAppError() }
      onInternalError?.(error)
      const failure: AppError = {
        code: ContractErrorCode.internal,
        message: 'Something went wrong inside the app. The error has been logged.'
      }
      return { ok: false, error: failure }
    }
  }
}
