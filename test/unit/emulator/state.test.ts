import { describe, expect, it } from 'vitest'
import { Clock, sleep } from '../../../src/emulator/clock'
import { defaultConfig, parseConfig } from '../../../src/emulator/config'
import { tierOrPixels } from '../../../src/emulator/images/results'
import { TaskStore } from '../../../src/emulator/tasks/task-store'
import { PrefixCache } from '../../../src/emulator/text/tokens'

describe('TaskStore', () => {
  it('derives the state from the clock, answers queued on creation and hides other tenants’ tasks', () => {
    const clock = new Clock()
    const store = new TaskStore<string, null>(clock, 't_')
    let made = 0
    const created = store.create({
      tenant: 'a',
      model: 'm',
      outcome: 'succeeded',
      meta: null,
      queuedMs: 100,
      runningMs: 100,
      makeResult: () => `result ${++made}`
    })
    expect(created).toMatchObject({ status: 'queued', completedAt: null })
    expect(store.view(created.id, 'a')?.status).toBe('queued')
    clock.advance(100)
    expect(store.view(created.id, 'a')).toMatchObject({ status: 'running', completedAt: null })
    clock.advance(100)
    const done = store.view(created.id, 'a')
    expect(done).toMatchObject({ status: 'succeeded', result: 'result 1' })
    expect(store.view(created.id, 'a')?.result).toBe('result 1')
    expect(made).toBe(1)
    expect(store.view(created.id, 'b')).toBeUndefined()
  })
})

describe('tierOrPixels', () => {
  const rule = { tiers: { '2K': 2048 }, minPixels: 100, maxPixels: 400, maxAspect: 4 }
  it('takes tiers and pixel sizes within bounds, inclusive', () => {
    expect(tierOrPixels('2K', rule)).toEqual({ width: 2048, height: 2048 })
    expect(tierOrPixels('10x10', rule)).toEqual({ width: 10, height: 10 })
    expect(tierOrPixels('20x20', rule)).toEqual({ width: 20, height: 20 })
    expect(tierOrPixels('20x5', rule)).toEqual({ width: 20, height: 5 })
    expect(typeof tierOrPixels('21x20', rule)).toBe('string')
    expect(typeof tierOrPixels('9x10', rule)).toBe('string')
    expect(typeof tierOrPixels('25x6', rule)).toBe('string')
    expect(typeof tierOrPixels('10*10', rule)).toBe('string')
    expect(tierOrPixels('10*10', { ...rule, star: true })).toEqual({ width: 10, height: 10 })
  })
})

describe('PrefixCache', () => {
  it('reports the tokens of the longest prefix seen before in the same scope', () => {
    const cache = new PrefixCache()
    expect(cache.lookup('s', ['a'.repeat(40), 'q1'])).toBe(0)
    expect(cache.lookup('s', ['a'.repeat(40), 'q2'])).toBe(10)
    expect(cache.lookup('other', ['a'.repeat(40), 'q3'])).toBe(0)
    expect(cache.lookup('s', ['a'.repeat(40), 'q1', 'b'.repeat(8), 'q4'])).toBe(11)
  })
})

describe('config', () => {
  it('has a valid default config with every key role', () => {
    const config = defaultConfig()
    expect(config.keys.map((k) => k.role)).toEqual(['ordinary', 'noPermission', 'noBalance', 'otherTenant'])
  })

  it('refuses unknown models, tenants and endpoints, and duplicates', () => {
    const base = defaultConfig()
    expect(() => parseConfig({ ...base, keys: [{ ...base.keys[0], models: ['ghost'] }] })).toThrow(/ghost/)
    expect(() => parseConfig({ ...base, keys: [{ ...base.keys[0], tenant: 'nowhere' }] })).toThrow(/nowhere/)
    expect(() => parseConfig({ ...base, models: [...base.models, base.models[0]] })).toThrow(/unique/)
    expect(() =>
      parseConfig({ ...base, models: [{ ...base.models[0], supported_endpoints: ['/v9/nothing'] }] })
    ).toThrow()
  })
})

describe('sleep', () => {
  it('rejects with an Error as soon as its signal aborts', async () => {
    const controller = new AbortController()
    const pending = sleep(60_000, controller.signal)
    controller.abort()
    await expect(pending).rejects.toBeInstanceOf(Error)
  })
})
