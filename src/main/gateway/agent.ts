import { Agent } from 'undici'

/**
 * Time limits (P15). undici's defaults (300 s for headers and body) would fire before the 600 s a slow
 * image generation may take, so every limit is set explicitly. All figures are ours.
 */
export interface GatewayTimeouts {
  /** TCP + TLS connect. */
  connectMs: number
  /** Chat and synchronous images: until the whole answer's headers arrive, and between body chunks. */
  requestMs: number
  /** A stream with no byte at all (comments and pings count as bytes) for this long is dead. */
  sseIdleMs: number
  /** A stream whose headers come only with its first image (partner-a's), which may take minutes. */
  streamFirstByteMs: number
  /** The model listing and task polls are cheap reads. */
  readMs: number
}

export const DEFAULT_TIMEOUTS: Readonly<GatewayTimeouts> = {
  connectMs: 10_000,
  requestMs: 600_000,
  sseIdleMs: 120_000,
  streamFirstByteMs: 600_000,
  readMs: 60_000
}

/** Per-request undici limits; `headersMs` counts from the request being sent, `bodyMs` between chunks. */
export interface RequestTimeouts {
  headersMs: number
  bodyMs: number
}

export type TimeoutProfile = 'read' | 'request' | 'stream' | 'lateFirstByte'

export function timeoutsFor(profile: TimeoutProfile, t: GatewayTimeouts): RequestTimeouts {
  switch (profile) {
    case 'read':
      return { headersMs: t.readMs, bodyMs: t.readMs }
    case 'request':
      return { headersMs: t.requestMs, bodyMs: t.requestMs }
    case 'stream':
      return { headersMs: t.requestMs, bodyMs: t.sseIdleMs }
    case 'lateFirstByte':
      return { headersMs: t.streamFirstByteMs, bodyMs: t.sseIdleMs }
  }
}

/**
 * The one undici dispatcher for gateway traffic (and for anyone who wants the same connect limit, such as
 * result downloads). Requests still pass their own headers/body limits; these are only the fallbacks.
 */
export function createGatewayAgent(timeouts: Partial<GatewayTimeouts> = {}): Agent {
  const t = { ...DEFAULT_TIMEOUTS, ...timeouts }
  return new Agent({
    connect: { timeout: t.connectMs },
    headersTimeout: t.requestMs,
    bodyTimeout: t.requestMs
  })
}
