import { describe, expect, it } from 'vitest'
import { parseRetryAfter, retryDownload, type RetryClock } from '../../../../src/main/library/download'
import { MediaError } from '../../../../src/main/library/errors'

/** A clock whose sleep only moves time: no real waiting anywhere. */
function fakeClock(start = 1_000_000): RetryClock & { sleeps: number[] } {
  let t = start
  const sleeps: number[] = []
  return {
    sleeps,
    now: () => t,
    sleep: (ms) => {
      sleeps.push(ms)
      t += ms
      return Promise.resolve()
    }
  }
}

const transient = (retryAfterMs?: number) =>
  new MediaError({ kind: 'transient', reason: 'http_status', status: 503, message: '503', retryAfterMs })

describe('retryDownload', () => {
  it('retries transient errors with growing backoff until it succeeds', async () => {
    const clock = fakeClock()
    let calls = 0
    const value = await retryDownload(
      () => (++calls < 4 ? Promise.reject(transient()) : Promise.resolve('ok')),
      { until: clock.now() + 3_600_000, clock, random: () => 0.5 }
    )
    expect(value).toBe('ok')
    expect(calls).toBe(4)
    expect(clock.sleeps).toEqual([2_000, 4_000, 8_000])
  })

  it('caps the delay, applies ±20% jitter and honours Retry-After', async () => {
    const clock = fakeClock()
    let calls = 0
    await retryDownload(
      () => {
        calls += 1
        if (calls === 1) return Promise.reject(transient(45_000))
        if (calls < 12) return Promise.reject(transient())
        return Promise.resolve()
      },
      { until: clock.now() + 86_400_000, clock, random: () => 1 }
    )
    expect(clock.sleeps[0]).toBe(45_000)
    expect(Math.max(...clock.sleeps)).toBe(72_000) // 60 s cap + 20%
    const low = fakeClock()
    let n = 0
    await retryDownload(() => (++n < 2 ? Promise.reject(transient()) : Promise.resolve()), {
      until: low.now() + 60_000,
      clock: low,
      random: () => 0
    })
    expect(low.sleeps).toEqual([1_600])
  })

  it('gives up as expired/deadline when the next try would start after the URL expiry', async () => {
    const clock = fakeClock()
    let calls = 0
    const error = await retryDownload(
      () => {
        calls += 1
        return Promise.reject(transient())
      },
      { until: clock.now() + 10_000, clock, random: () => 0.5 }
    ).catch((e: unknown) => e)
    expect(error).toMatchObject({ kind: 'expired', reason: 'deadline' })
    expect((error as Error).cause).toBeInstanceOf(MediaError)
    expect(calls).toBe(3) // at 0, +2 s, +6 s; the next would be at +14 s
    expect(clock.now()).toBeLessThan(1_000_000 + 10_000)
  })

  it('tries once even past the estimate, and passes expired and rejected straight through', async () => {
    const clock = fakeClock()
    expect(await retryDownload(() => Promise.resolve(1), { until: clock.now() - 1, clock })).toBe(1)
    let calls = 0
    const expired = new MediaError({ kind: 'expired', reason: 'http_status', status: 403, message: '403' })
    await expect(
      retryDownload(() => (calls++, Promise.reject(expired)), { until: clock.now() + 1e9, clock })
    ).rejects.toBe(expired)
    const bad = new MediaError({ kind: 'rejected', reason: 'bad_type', message: 'html' })
    await expect(
      retryDownload(() => (calls++, Promise.reject(bad)), { until: clock.now() + 1e9, clock })
    ).rejects.toBe(bad)
    const other = new Error('bug')
    await expect(
      retryDownload(() => (calls++, Promise.reject(other)), { until: clock.now() + 1e9, clock })
    ).rejects.toBe(other)
    expect(calls).toBe(3)
    expect(clock.sleeps).toEqual([])
  })

  it('stops when the signal aborts during a wait', async () => {
    const controller = new AbortController()
    const clock: RetryClock = {
      now: () => 0,
      sleep: (_ms, signal) => {
        controller.abort(new Error('cancelled'))
        return signal?.aborted ? Promise.reject(signal.reason as Error) : Promise.resolve()
      }
    }
    await expect(
      retryDownload(() => Promise.reject(transient()), { until: 1e9, clock, signal: controller.signal })
    ).rejects.toThrow('cancelled')
  })

  it('parses Retry-After seconds and dates', () => {
    expect(parseRetryAfter('120')).toBe(120_000)
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000)
    expect(parseRetryAfter('soon')).toBeUndefined()
    expect(parseRetryAfter(undefined)).toBeUndefined()
  })
})
