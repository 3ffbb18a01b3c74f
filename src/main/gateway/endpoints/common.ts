import type { z } from 'zod'
import type { ExtraFieldEndpoint } from '../../../shared/gateway/fieldMap'
import { checkModelEndpoint, type PreflightIssue } from '../../../shared/gateway/preflight'
import { ENDPOINTS, MODEL_ENDPOINT_MISMATCH, type ModelEndpointKey } from '../../../shared/gateway/spec'
import { timeoutsFor, type TimeoutProfile } from '../agent'
import type { CallOptions, GatewayContext, PostOptions } from '../context'
import { GatewayError, preflightError } from '../errors'
import { openResponse, requestJson, type JsonResult, type RequestSpec } from '../http'
import { runStream, type StreamDecoder } from '../streams/run'

export type { JsonResult }

/** A stream that has opened (headers arrived, status 2xx). Iterate `events` to the end, or `return()` it. */
export interface GatewayStream<E> {
  requestId: string | undefined
  events: AsyncGenerator<E, void, undefined>
}

/**
 * Request fields over the call's own extras over the profile's extras: an extra adds what the gateway
 * wants but never overrides what the user asked for. Undefined fields are left out.
 */
export function mergeBody(
  ctx: GatewayContext,
  endpoint: ExtraFieldEndpoint | undefined,
  callExtra: Readonly<Record<string, unknown>> | undefined,
  fields: Readonly<Record<string, unknown>>
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    ...(endpoint ? ctx.extraFields[endpoint] : undefined),
    ...callExtra
  }
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) body[key] = value
  return body
}

/** Refuses locally what the gateway would refuse, before a byte is sent. */
export async function preflight(
  ctx: GatewayContext,
  endpoint: ModelEndpointKey,
  model: string,
  issues: PreflightIssue[]
): Promise<void> {
  const entry = model && ctx.lookupModel ? await ctx.lookupModel(model) : undefined
  const all = [...checkModelEndpoint(entry, endpoint), ...issues]
  if (all.length > 0) throw preflightError(all)
}

/** The gateway's own mismatch rarely lists what the model supports; the catalog does. */
async function withCatalogFacts(ctx: GatewayContext, model: string, err: unknown): Promise<unknown> {
  if (!(err instanceof GatewayError) || err.code !== MODEL_ENDPOINT_MISMATCH || err.supportedEndpoints)
    return err
  const entry = await Promise.resolve()
    .then(() => ctx.lookupModel?.(model))
    .catch(() => undefined)
  return entry ? err.with({ supportedEndpoints: [...entry.supported_endpoints] }) : err
}

interface PostSpec {
  endpoint: ModelEndpointKey
  model: string
  profile: TimeoutProfile
  json?: unknown
  form?: RequestSpec['form']
  headers?: Record<string, string>
}

function postSpec(
  ctx: GatewayContext,
  spec: PostSpec,
  options: PostOptions,
  accept: RequestSpec['accept']
): RequestSpec {
  requireIdempotencyKey(options)
  return {
    method: 'POST',
    path: ENDPOINTS[spec.endpoint],
    cls: 'billed',
    timeouts: timeoutsFor(spec.profile, ctx.timeouts),
    signal: options.signal,
    accept,
    idempotencyKey: options.idempotencyKey,
    leaveRateLimits: options.rateLimits === 'caller',
    json: spec.json,
    form: spec.form,
    headers: spec.headers
  }
}

export async function postJson<S extends z.ZodType>(
  ctx: GatewayContext,
  spec: PostSpec,
  schema: S,
  options: PostOptions
): Promise<JsonResult<z.output<S>>> {
  try {
    return await requestJson(ctx, postSpec(ctx, spec, options, 'application/json'), schema)
  } catch (err) {
    throw await withCatalogFacts(ctx, spec.model, err)
  }
}

export async function postStream<E>(
  ctx: GatewayContext,
  spec: PostSpec,
  decoder: StreamDecoder<E>,
  options: PostOptions
): Promise<GatewayStream<E>> {
  let res
  try {
    res = await openResponse(ctx, postSpec(ctx, spec, options, 'text/event-stream'))
  } catch (err) {
    throw await withCatalogFacts(ctx, spec.model, err)
  }
  return {
    requestId: res.requestId,
    events: runStream(res, decoder, { signal: options.signal, maxEventBytes: ctx.maxEventBytes })
  }
}

export async function getJson<S extends z.ZodType>(
  ctx: GatewayContext,
  path: string,
  schema: S,
  options: CallOptions
): Promise<JsonResult<z.output<S>>> {
  return requestJson(
    ctx,
    {
      method: 'GET',
      path,
      cls: 'idempotent',
      timeouts: timeoutsFor('read', ctx.timeouts),
      signal: options.signal,
      accept: 'application/json'
    },
    schema
  )
}

function requireIdempotencyKey(options: PostOptions): void {
  if (typeof options.idempotencyKey !== 'string' || options.idempotencyKey.trim() === '') {
    // A programming error, not a gateway answer: every billed POST must be traceable to one user action.
    throw new TypeError('A billed request needs the idempotencyKey of its user action.')
  }
}

/** `{id}` in a path template, URL-encoded so an odd id cannot change the path. */
export function taskPath(template: string, id: string): string {
  return template.replace('{id}', encodeURIComponent(id))
}
