import { z } from 'zod'

/**
 * Error bodies the gateway may send or pass through (docs/GATEWAY.md §1): the spec's
 * `{error:{type,code,message}}`, Ark's `{error:{code,message,param,type}}`, OpenRouter's numeric `code`,
 * Anthropic's `{type:'error',error:{type,message},request_id}`, and the loose `{error:'text'}` /
 * `{message}` shapes seen on proxies.
 */

const Text = z.union([z.string(), z.number()]).transform(String)

const Inner = z.looseObject({
  type: Text.optional().catch(undefined),
  code: Text.optional().catch(undefined),
  message: z.string().optional().catch(undefined),
  param: z.unknown().optional()
})

const Envelope = z.looseObject({
  type: z.string().optional().catch(undefined),
  error: z.union([Inner, z.string()]).optional().catch(undefined),
  message: z.string().optional().catch(undefined),
  request_id: z.string().optional().catch(undefined)
})

export interface ParsedEnvelope {
  type?: string | undefined
  code?: string | undefined
  message?: string | undefined
  requestId?: string | undefined
}

/** Reads an error envelope out of any JSON value; undefined when it holds none. */
export function readEnvelope(value: unknown): ParsedEnvelope | undefined {
  const parsed = Envelope.safeParse(value)
  if (!parsed.success) return undefined
  const env = parsed.data
  // A video task's `error` (docs/GATEWAY.md §2.10) nests the envelope once more: `error: { error: {...} }`.
  const nested = typeof env.error === 'object' ? Inner.safeParse(env.error['error']) : undefined
  if (typeof env.error === 'object') {
    const inner = nested?.success && !env.error.message ? nested.data : env.error
    if (inner.type === undefined && inner.code === undefined && inner.message === undefined) return undefined
    return { type: inner.type, code: inner.code, message: inner.message, requestId: env.request_id }
  }
  if (typeof env.error === 'string') return { message: env.error, requestId: env.request_id }
  if (env.message !== undefined) return { type: env.type, message: env.message, requestId: env.request_id }
  return undefined
}
