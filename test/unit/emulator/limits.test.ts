import { describe, expect, it } from 'vitest'
import { Accounts } from '../../../src/emulator/accounts'
import { defaultConfig, parseConfig } from '../../../src/emulator/config'
import { GatewayError } from '../../../src/emulator/errors'
import { RateLimiter } from '../../../src/emulator/rate-limit'

/** A clock that moves only when the test says so. */
function manualClock(): { now: () => number; advance: (ms: number) => void } {
  let t = 1_000_000
  return { now: () => t, advance: (ms) => (t += ms) }
}

/** The GatewayError `fn` throws (fails the test when it throws something else or nothing). */
function refusal(fn: () => void): GatewayError {
  try {
    fn()
  } catch (err) {
    if (err instanceof GatewayError) return err
    throw err
  }
  throw new Error('expected a refusal')
}

describe('RateLimiter', () => {
  it('admits everything while a key has no limit', () => {
    const limiter = new RateLimiter(manualClock().now)
    for (let i = 0; i < 1_000; i++) limiter.admit('k')
    expect(limiter.limit('k')).toBeNull()
  })

  it('admits perMinute requests in 60 s, then refuses with 429 and when the next one would pass', () => {
    const clock = manualClock()
    const limiter = new RateLimiter(clock.now)
    limiter.set('k', 2)
    limiter.admit('k')
    clock.advance(1_500)
    limiter.admit('k')
    const err = refusal(() => limiter.admit('k'))
    expect(err.status).toBe(429)
    expect(err.envelope().error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' })
    expect(err.headers).toEqual({ 'retry-after': '59', 'retry-after-ms': '58500' })
    // Refusals use up nothing: the answer stays the same until the oldest request leaves the window.
    clock.advance(500)
    expect(refusal(() => limiter.admit('k')).headers).toEqual({
      'retry-after': '58',
      'retry-after-ms': '58000'
    })
    clock.advance(57_999)
    expect(refusal(() => limiter.admit('k')).headers).toEqual({ 'retry-after': '1', 'retry-after-ms': '1' })
    clock.advance(1)
    limiter.admit('k')
    // The window slides: the second request (at +1.5 s) still counts until +61.5 s.
    expect(refusal(() => limiter.admit('k')).headers['retry-after-ms']).toBe('1500')
  })

  it('limits each key on its own', () => {
    const limiter = new RateLimiter(manualClock().now)
    limiter.set('a', 1)
    limiter.admit('a')
    expect(refusal(() => limiter.admit('a')).status).toBe(429)
    limiter.admit('b')
    limiter.admit('b')
  })

  it('rounds Retry-After up to whole seconds', () => {
    const clock = manualClock()
    const limiter = new RateLimiter(clock.now)
    limiter.set('k', 1)
    limiter.admit('k')
    clock.advance(0.4)
    expect(refusal(() => limiter.admit('k')).headers).toEqual({
      'retry-after': '60',
      'retry-after-ms': '60000'
    })
    clock.advance(1_000)
    expect(refusal(() => limiter.admit('k')).headers).toEqual({
      'retry-after': '59',
      'retry-after-ms': '59000'
    })
  })

  it('removes a limit with null, and a new limit starts a fresh window', () => {
    const limiter = new RateLimiter(manualClock().now)
    limiter.set('k', 1)
    limiter.admit('k')
    limiter.set('k', null)
    expect(limiter.limit('k')).toBeNull()
    limiter.admit('k')
    limiter.admit('k')
    limiter.set('k', 1)
    expect(limiter.limit('k')).toBe(1)
    limiter.admit('k')
    expect(refusal(() => limiter.admit('k')).status).toBe(429)
  })

  it('refuses limits that are not positive whole numbers', () => {
    const limiter = new RateLimiter(manualClock().now)
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => limiter.set('k', bad)).toThrow(/positive whole number/)
    }
  })
})

describe('Accounts: rate limits and quotas', () => {
  const ordinary = 'sk-emu-acme-ordinary-0001'
  const accountsWith = (keyFields: Record<string, unknown> = {}): Accounts => {
    const base = defaultConfig()
    const keys = base.keys.map((k) => (k.key === ordinary ? { ...k, ...keyFields } : k))
    return new Accounts(parseConfig({ ...base, keys }), manualClock())
  }
  const keyOf = (accounts: Accounts) => accounts.authenticate(`Bearer ${ordinary}`, 'acme')

  it('has no limit and no quota unless the config or a setter gives one', () => {
    const accounts = accountsWith()
    expect(accounts.rateLimit(ordinary)).toBeNull()
    expect(accounts.quota(ordinary)).toBeNull()
    const key = keyOf(accounts)
    for (let i = 0; i < 100; i++) {
      accounts.admit(key)
      accounts.charge(key, 1)
    }
  })

  it('takes the limit and the quota from the key entry', () => {
    const accounts = accountsWith({ requestsPerMinute: 1, quota: 1 })
    expect(accounts.rateLimit(ordinary)).toBe(1)
    expect(accounts.quota(ordinary)).toBe(1)
    const key = keyOf(accounts)
    accounts.admit(key)
    expect(refusal(() => accounts.admit(key)).status).toBe(429)
  })

  it('counts billed requests against the quota, then answers a quota-type 429 without Retry-After', () => {
    const accounts = accountsWith()
    const key = keyOf(accounts)
    accounts.setBalance(ordinary, 100)
    accounts.setQuota(ordinary, 2)
    accounts.charge(key, 10)
    // A 402 for a short balance bills nothing, so it uses up no quota either.
    expect(refusal(() => accounts.charge(key, 1_000)).status).toBe(402)
    expect(accounts.quota(ordinary)).toBe(1)
    accounts.charge(key, 10)
    expect(accounts.quota(ordinary)).toBe(0)
    const err = refusal(() => accounts.charge(key, 10))
    expect(err.status).toBe(429)
    expect(err.envelope().error).toMatchObject({ type: 'insufficient_quota', code: 'insufficient_quota' })
    expect(err.message).toMatch(/exceeded your current quota/)
    expect(err.headers).toEqual({})
    expect(accounts.balance(ordinary)).toBe(80)
    accounts.setQuota(ordinary, null)
    expect(accounts.quota(ordinary)).toBeNull()
    accounts.charge(key, 10)
    expect(accounts.balance(ordinary)).toBe(70)
  })

  it('refuses unknown keys and bad values in the setters', () => {
    const accounts = accountsWith()
    expect(() => accounts.setRateLimit('sk-nobody-at-all', 5)).toThrow(/unknown key/)
    expect(() => accounts.setQuota('sk-nobody-at-all', 5)).toThrow(/unknown key/)
    expect(() => accounts.setRateLimit(ordinary, 0)).toThrow(/positive whole number/)
    for (const bad of [-1, 1.5, Number.NaN]) {
      expect(() => accounts.setQuota(ordinary, bad)).toThrow(/non-negative whole number/)
    }
  })
})

describe('config: requestsPerMinute and quota', () => {
  const base = defaultConfig()
  const withKeyFields = (fields: Record<string, unknown>) =>
    parseConfig({ ...base, keys: [{ ...base.keys[0], ...fields }] })

  it('leaves both out of the default config (unlimited)', () => {
    for (const k of base.keys) {
      expect(k.requestsPerMinute).toBeUndefined()
      expect(k.quota).toBeUndefined()
    }
  })

  it('accepts a positive whole number of requests per minute and a whole-number quota, zero included', () => {
    const config = withKeyFields({ requestsPerMinute: 60, quota: 0 })
    expect(config.keys[0]).toMatchObject({ requestsPerMinute: 60, quota: 0 })
  })

  it('refuses other values', () => {
    for (const requestsPerMinute of [0, -5, 2.5, '60', null]) {
      expect(() => withKeyFields({ requestsPerMinute })).toThrow(/requestsPerMinute/)
    }
    for (const quota of [-1, 0.5, '10', null]) {
      expect(() => withKeyFields({ quota })).toThrow(/quota/)
    }
  })
})
