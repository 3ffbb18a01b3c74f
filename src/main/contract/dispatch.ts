import type { z } from 'zod'
import {
  commands,
  isCommandName,
  type CommandName,
  type CommandOutputDraft,
  type ParsedCommandInput
} from '../../shared/contract'
import { INPUT_LIMITS, jsonShapeProblem, type JsonShapeProblem } from '../../shared/json'
import { ContractErrorCode, type AppError, type Result } from '../../shared/result'
import { AppFailure } from './failure'

export type CommandHandlers = {
  [K in CommandName]: (input: ParsedCommandInput<K>) => Promise<CommandOutputDraft<K>> | CommandOutputDraft<K>
}

export type Dispatch = (name: unknown, input: unknown) => Promise<Result<unknown>>

/** A refusal names at most this much of what was wrong: an input with 100,000 stray keys lists a few. */
const DESCRIBE_MAX = 400

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const text = issues
    .slice(0, 5)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ')
  return text.length > DESCRIBE_MAX ? `${text.slice(0, DESCRIBE_MAX)}…` : text
}

function describeShape(problem: JsonShapeProblem): string {
  return problem.kind === 'too_deep'
    ? `nested more than ${problem.limit} levels deep`
    : `more than ${problem.limit.toLocaleString('en')} values`
}

const invalid = (name: string, why: string): Result<unknown> => ({
  ok: false,
  error: { code: ContractErrorCode.invalidInput, message: `Invalid input for ${name}: ${why}` }
})

/**
 * The single entry point both shells use: unknown names and inputs that fail the schema are refused here,
 * so handlers only ever see parsed, typed input, and nothing escapes as an exception: not what a handler
 * throws, and not what a hostile input makes the schema throw. The input's size and depth are measured
 * (without recursion) before any schema walks it (RELIABILITY P3).
 */
export function createDispatcher(
  handlers: CommandHandlers,
  onInternalError?: (error: unknown) => void,
  /** Turns a failure the app can say better than "something went wrong" (a full disk) into words. */
  explain?: (error: unknown) => AppFailure | null
): Dispatch {
  return async (name, input) => {
    if (!isCommandName(name)) {
      return {
        ok: false,
        error: {
          code: ContractErrorCode.unknownCommand,
          message: `Unknown command: ${typeof name === 'string' ? name.slice(0, 80) : typeof name}`
        }
      }
    }
    const spec = commands[name]
    try {
      const shape = jsonShapeProblem(input, INPUT_LIMITS)
      if (shape) return invalid(name, describeShape(shape))
      const parsed = spec.input.safeParse(input ?? {})
      if (!parsed.success) return invalid(name, describeIssues(parsed.error.issues))
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
      const explained = explain?.(error)
      if (explained) return { ok: false, error: explained.toAppError() }
      onInternalError?.(error)
      const failure: AppError = {
        code: ContractErrorCode.internal,
        message: 'Something went wrong inside the app. The error has been logged.'
      }
      return { ok: false, error: failure }
    }
  }
}
