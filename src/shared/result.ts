import { z } from 'zod'

/**
 * Errors cross the contract as plain data: an `Error` instance does not survive IPC or JSON,
 * and the renderer needs a stable `code` to choose words and an action.
 */
/**
 * A sentence of the backend's own, by its code (`errors.backend.<code>` in the renderer's catalogs) and the
 * values it fills in; `message` keeps its English for a client that does not know the code.
 */
export const ErrorWordsSchema = z.object({
  code: z.string().min(1),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional()
})
export type ErrorWordsRef = z.infer<typeof ErrorWordsSchema>

export const AppErrorSchema = z.object({
  code: z.string().min(1),
  message: z.string(),
  details: z.unknown().optional(),
  words: ErrorWordsSchema.optional()
})
export type AppError = z.infer<typeof AppErrorSchema>

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError }

export const ResultEnvelopeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: AppErrorSchema })
])

/** Codes produced by the contract layer itself; features add their own (e.g. `gateway.auth`). */
export const ContractErrorCode = {
  unknownCommand: 'unknown_command',
  invalidInput: 'invalid_input',
  invalidOutput: 'invalid_output',
  unauthorized: 'unauthorized',
  internal: 'internal',
  notFound: 'not_found',
  transport: 'transport'
} as const
