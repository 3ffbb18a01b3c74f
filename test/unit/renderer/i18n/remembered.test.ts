import { describe, expect, it, vi } from 'vitest'
import i18next from 'i18next'
import { createI18n } from '@renderer/i18n'
import { en } from '@shared/i18n/locales/en'
import { zhCN } from '@shared/i18n/locales/zh-CN'

/** i18next as it is, without the memory: what every remembered answer must equal. */
function plainI18n(language: 'en' | 'zh-CN'): typeof i18next {
  const instance = i18next.createInstance()
  void instance.init({
    resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false
  })
  return instance
}

/** Any key of the catalog, asked as the screens ask (the typed keys are not the point here). */
type Ask = (key: string, options?: Record<string, unknown>) => string
const asking = (t: unknown): Ask => t as Ask

const CALLS: [string, Record<string, unknown>?][] = [
  ['queue.title'],
  ['queue.row.place', { place: 3 }],
  ['queue.row.polls', { count: 1 }],
  ['queue.row.polls', { count: 4 }],
  ['queue.batches.progress', { done: 3, total: 500 }],
  ['queue.batches.progress', { done: 4, total: 500 }]
]

describe('t remembers its answers (issue 25: the Queue at 10,000 jobs)', () => {
  it('gives the same words as i18next itself, asked once or many times, through a fixed t too', () => {
    const instance = createI18n('en')
    const app = asking(instance.t.bind(instance))
    const fixed = asking(instance.getFixedT('en'))
    const plainOne = plainI18n('en')
    const reference = asking(plainOne.t.bind(plainOne))
    for (let round = 0; round < 3; round++)
      for (const [key, options] of CALLS) {
        expect(app(key, options)).toBe(reference(key, options))
        expect(fixed(key, options)).toBe(reference(key, options))
      }
    // A plural's count is part of the question: one and four polls are different words.
    expect(app('queue.row.polls', { count: 1 })).not.toBe(app('queue.row.polls', { count: 4 }))
  })

  it('forgets when the language changes: the same call then says it in the new language', async () => {
    const app = createI18n('en')
    const english = app.t('queue.batches.progress', { done: 3, total: 500 })
    await app.changeLanguage('zh-CN')
    const chinese = app.t('queue.batches.progress', { done: 3, total: 500 })
    expect(chinese).toBe(plainI18n('zh-CN').t('queue.batches.progress', { done: 3, total: 500 }))
    expect(chinese).not.toBe(english)
  })

  it('asks i18next every time when an option is not a plain value', () => {
    const app = createI18n('en')
    const value = { toString: () => 'first' }
    const first = app.t('queue.details.usage', { usage: value })
    value.toString = () => 'second'
    expect(first).toContain('first')
    expect(app.t('queue.details.usage', { usage: value })).toContain('second')
  })
})

describe('numbers in words (issue 25)', () => {
  it('are written as i18next writes them, with one formatter per language however many counts are asked', () => {
    const app = asking(createI18n('en').t)
    const plain = plainI18n('en')
    const reference = asking(plain.t.bind(plain))
    for (let place = 1_000; place < 1_200; place++)
      expect(app('queue.row.place', { place })).toBe(reference('queue.row.place', { place }))
    expect(app('queue.row.place', { place: 1_234 })).toBe('#1,234 in line')
    const made = vi.spyOn(Intl, 'NumberFormat')
    try {
      for (let place = 2_000; place < 2_200; place++) app('queue.row.place', { place })
      expect(made.mock.calls.length).toBe(0)
      // i18next's own makes one per count: its cache is keyed on the call's values.
      for (let place = 2_000; place < 2_020; place++) reference('queue.row.place', { place })
      expect(made.mock.calls.length).toBe(20)
    } finally {
      made.mockRestore()
    }
  })
})
