import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { GroupNews } from '../../../../src/main/jobs/groupNews'
import { Coalesced } from '../../../../src/main/time/coalesced'

describe('words told in bursts (team files that came here, a batch’s jobs) [P55]', () => {
  let told: string[][]
  let news: Coalesced
  beforeEach(() => {
    vi.useFakeTimers()
    told = []
    news = new Coalesced((keys) => told.push(keys), 250)
  })
  afterEach(() => {
    news.stop()
    vi.useRealTimers()
  })

  it('tells a thousand keys said together in one word, after the delay and not before', () => {
    for (let i = 0; i < 1_000; i++) news.add(`m${i}`)
    vi.advanceTimersByTime(249)
    expect(told).toEqual([])
    vi.advanceTimersByTime(1)
    expect(told).toHaveLength(1)
    expect(told[0]).toHaveLength(1_000)
    expect(told[0]?.[999]).toBe('m999')
  })

  it('tells a key once however often it is said, and a later arrival in a word of its own', () => {
    news.add('a')
    news.add('a')
    vi.advanceTimersByTime(250)
    news.add('b')
    vi.advanceTimersByTime(250)
    // Nothing more arrived: no empty word.
    vi.advanceTimersByTime(1_000)
    expect(told).toEqual([['a'], ['b']])
  })

  it('tells nothing once stopped, not even what was waiting', () => {
    news.add('a')
    news.stop()
    news.add('b')
    vi.advanceTimersByTime(1_000)
    expect(told).toEqual([])
  })

  it('tells a batch’s band each group changed in the burst, once, one group at a time', () => {
    const groups: string[] = []
    const bands = new GroupNews((groupId) => groups.push(groupId), 250)
    for (let i = 0; i < 500; i++) bands.changed(i % 2 === 0 ? 'g1' : 'g2')
    vi.advanceTimersByTime(250)
    bands.stop()
    expect(groups).toEqual(['g1', 'g2'])
  })
})
