import type { Dispatcher } from 'undici'
import type { ExtraFields, FieldMap } from '../../shared/gateway/fieldMap'
import type { ModelEntry } from '../../shared/gateway/requests'
import type { GatewayTimeouts } from './agent'
import type { Clock } from '../time/clock'
import type { RetryEvent } from './retry'

/**
 * How to reach one gateway profile. The key is not here: `authorization` is asked for the header value
 * right before each request, so this module never holds the key longer than one request.
 */
export interface GatewayConnection {
  baseUrl: string
  /** Returns `Bearer <key>`, or null to send no Authorization header (the gateway then answers 401). */
  authorization: () => Promise<string | null>
  fieldMap: FieldMap
  extraFields?: ExtraFields | undefined
  /** The profile's name, so a refused extra can say where in Settings to change it. */
  profileName?: string | undefined
}

export interface GatewayClientOptions {
  /** Defaults to one shared `createGatewayAgent()`. */
  dispatcher?: Dispatcher | undefined
  /** Injected so tests never really wait. */
  clock?: Clock | undefined
  timeouts?: Partial<GatewayTimeouts> | undefined
  /** P29: plain http is refused unless this is set and the host is loopback. */
  allowLoopbackHttp?: boolean | undefined
  /** The model catalog; when it knows the model, a call on an endpoint the model lacks is refused locally. */
  lookupModel?: ((id: string) => ModelEntry | undefined | Promise<ModelEntry | undefined>) | undefined
  /** Cap on one SSE event, in bytes (P23). */
  maxEventBytes?: number | undefined
  /** Told about every automatic retry, e.g. for a debug log (carries no key). */
  onRetry?: ((event: RetryEvent & { method: string; path: string }) => void) | undefined
}

/** Everything an endpoint function needs, resolved once per client. */
export interface GatewayContext {
  baseUrl: string
  authorization: () => Promise<string | null>
  fieldMap: FieldMap
  extraFields: ExtraFields
  profileName: string | undefined
  dispatcher: Dispatcher
  clock: Clock
  timeouts: GatewayTimeouts
  maxEventBytes: number
  lookupModel: GatewayClientOptions['lookupModel']
  onRetry: GatewayClientOptions['onRetry']
}

export interface CallOptions {
  signal: AbortSignal
}

/** Every POST bills; the key comes from the user action (stored with the job) and is reused only on a confirmed re-send. */
export interface PostOptions extends CallOptions {
  idempotencyKey: string
  /**
   * `caller`: a 429 that is not about money is thrown at once instead of waited out here, so a queue can
   * slow the whole lane and let the slot go (the job engine). Default `retry`: waited out (P14).
   */
  rateLimits?: 'retry' | 'caller'
}
