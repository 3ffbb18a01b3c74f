import { describe, expect, it } from 'vitest'
import { GatewayError, type GatewayErrorInit } from '../../../../src/main/gateway/errors'
import { backoffMs, retryDelayMs, shouldRetry, withRetries } from '../../../../src/main/gateway/retry'
import { serverDelayMs } from '../../../../src/main/time/backoff'
import type { Clock } from '../../../../src/main/time/clock'

const NOW = Date.parse('2030-01-01T00:00:00Z')

function fakeClock(random = 0): Clock & { slept: number[] } {
  const slept: number[] = []
  return {
    slept,
    now: () => NOW,
    monotonic: () => 0,
    random: () => random,
    sleep: (ms, signal) => {
      if (signal.aborted) return Promise.reject(new Error('aborted'))
      slept.push(ms)
      return Promise.resolve()
    }
  }
}

const httpErr = (status: number, extra: Partial<GatewayErrorInit> = {}): GatewayError =>
  new GatewayError({ reason: 'http', status, message: 'x', ...extra })

describe('delays [P14]', () => {
  const clock = fakeClock(0.5)
  it.each([
    [{ retryAfterMs: '150' }, 150],
    [{ retryAfter: '2' }, 2000],
    [{ retryAfter: new Date(NOW + 5000).toUTCString() }, 5000],
    [{ retryAfterMs: '150', retryAfter: '2' }, 150],
    [{ retryAfter: '0' }, 0],
    [{ retryAfter: '60' }, 60_000]
  ])('server hint %o → %d ms', (hints, ms) => {
    expect(retryDelayMs(0, hints, clock)).toBe(ms)
  })

  it.each([
    [{ retryAfter: '120' }],
    [{ retryAfter: 'soon' }],
    [{ retryAfterMs: 'NaN' }],
    [{ retryAfter: '61' }],
    [{}]
  ])('hint %o is ignored: the first retry waits 375–500 ms', (hints) => {
    expect(serverDelayMs(hints, NOW)).toBeUndefined()
    for (const random of [0, 0.5, 0.999999]) {
      const delay = retryDelayMs(0, hints, fakeClock(random))
      expect(delay).toBeGreaterThanOrEqual(375)
      expect(delay).toBeLessThanOrEqual(500)
    }
  })

  it('a date in the past means retry now', () => {
    expect(serverDelayMs({ retryAfter: new Date(NOW - 5000).toUTCString() }, NOW)).toBe(0)
  })

  it('backoff doubles to a cap of 8 s, jittered by U[0.75, 1]', () => {
    expect(backoffMs(0, () => 1)).toBe(500)
    expect(backoffMs(1, () => 1)).toBe(1000)
    expect(backoffMs(4, () => 1)).toBe(8000)
    expect(backoffMs(9, () => 1)).toBe(8000)
    expect(backoffMs(1, () => 0)).toBe(750)
  })
})

describe('decisions [P13]', () => {
  it.each([
    [408, true],
    [409, true],
    [429, true],
    [500, true],
    [503, true],
    [529, true],
    [400, false],
    [401, false],
    [402, false],
    [403, false],
    [404, false],
    [422, false]
  ])('GET %d → retry=%s', (status, retry) => {
    expect(shouldRetry(httpErr(status), 'idempotent')).toBe(retry)
  })

  it('x-should-retry overrides the table for GETs', () => {
    expect(shouldRetry(httpErr(503, { hints: { shouldRetry: 'false' } }), 'idempotent')).toBe(false)
    expect(shouldRetry(httpErr(400, { hints: { shouldRetry: 'true' } }), 'idempotent')).toBe(true)
  })

  it('never retries a mismatch, a money 429, a cancel or a pre-flight refusal', () => {
    const mismatch = httpErr(400, { code: 'model_endpoint_mismatch', hints: { shouldRetry: 'true' } })
    expect(shouldRetry(mismatch, 'idempotent')).toBe(false)
    expect(shouldRetry(httpErr(429, { code: 'insufficient_quota' }), 'idempotent')).toBe(false)
    expect(shouldRetry(new GatewayError({ reason: 'cancelled', message: 'x' }), 'idempotent')).toBe(false)
    expect(shouldRetry(new GatewayError({ reason: 'preflight', message: 'x' }), 'billed')).toBe(false)
  })

  it('billed POSTs: only provably-unsent failures and plain 429 [P17]', () => {
    const refused = new GatewayError({ reason: 'network', code: 'ECONNREFUSED', message: 'x', notSent: true })
    const reset = new GatewayError({ reason: 'network', code: 'ECONNRESET', message: 'x' })
    const timeout = new GatewayError({ reason: 'timeout', code: 'UND_ERR_HEADERS_TIMEOUT', message: 'x' })
    const cert = new GatewayError({
      reason: 'network',
      code: 'CERT_HAS_EXPIRED',
      message: 'x',
      notSent: true,
      permanent: true
    })
    expect(shouldRetry(refused, 'billed')).toBe(true)
    expect(shouldRetry(reset, 'billed')).toBe(false)
    expect(shouldRetry(timeout, 'billed')).toBe(false)
    expect(shouldRetry(cert, 'billed')).toBe(false)
    expect(shouldRetry(httpErr(500), 'billed')).toBe(false)
    expect(shouldRetry(httpErr(503), 'billed')).toBe(false)
    expect(shouldRetry(httpErr(400, { hints: { shouldRetry: 'true' } }), 'billed')).toBe(false)
    expect(shouldRetry(httpErr(429), 'billed')).toBe(true)
    expect(shouldRetry(httpErr(429, { hints: { shouldRetry: 'false' } }), 'billed')).toBe(false)
    expect(shouldRetry(httpErr(429, { type: 'insufficient_quota' }), 'billed')).toBe(false)
  })
})

describe('withRetries', () => {
  it('makes at most 3 attempts and sleeps the backoff in between [P13][P14]', async () => {
    const clock = fakeClock(0)
    let attempts = 0
    const run = withRetries('idempotent', clock, new AbortController().signal, () => {
      attempts++
      return Promise.reject(httpErr(503))
    })
    await expect(run).rejects.toMatchObject({ status: 503 })
    expect(attempts).toBe(3)
    expect(clock.slept).toEqual([375, 750])
  })

  it('returns the first success', async () => {
    let attempts = 0
    const value = await withRetries('idempotent', fakeClock(), new AbortController().signal, () => {
      attempts++
      return attempts < 2 ? Promise.reject(httpErr(502)) : Promise.resolve('ok')
    })
    expect(value).toBe('ok')
    expect(attempts).toBe(2)
  })

  it('a cancel during the backoff sleep ends at once, with no further attempt [P16]', async () => {
    const controller = new AbortController()
    let attempts = 0
    const clock: Clock = {
      now: () => NOW,
      monotonic: () => 0,
      random: () => 0,
      sleep: (_ms, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true })
          controller.abort()
        })
    }
    const run = withRetries('idempotent', clock, controller.signal, () => {
      attempts++
      return Promise.reject(httpErr(503))
    })
    await expect(run).rejects.toMatchObject({ reason: 'cancelled' })
    expect(attempts).toBe(1)
  })
})
