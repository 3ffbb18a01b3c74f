import { describe, expect, it } from 'vitest'
import {
  MAX_MODEL_ID_CHARS,
  MAX_MODELS,
  MAX_SIZES,
  ModelId,
  ModelPrice,
  PriceTable,
  formatMoney,
  toMicros,
  type PriceTableFile
} from '../../../../src/shared/money/prices'

const table = (models: Record<string, unknown>, extra: Record<string, unknown> = {}): unknown => ({
  version: 1,
  currency: 'USD',
  models,
  ...extra
})

const moneyCodes = (value: unknown): string[] => {
  const parsed = PriceTable.safeParse(value)
  if (parsed.success) return []
  return parsed.error.issues.map((issue) => {
    const params = issue.code === 'custom' ? (issue.params as { money?: string } | undefined) : undefined
    return params?.money ?? issue.code
  })
}

describe('the price table schema', () => {
  it('reads the file form into micros', () => {
    const file: PriceTableFile = {
      version: 1,
      currency: 'USD',
      models: {
        'img-1': { unit: 'image', price: '0.04', bySize: [{ size: '2k', price: '0.08' }] },
        'img-2': { unit: 'image', price: '0.02' },
        'chat-1': {
          unit: 'tokens',
          inputPerMillion: '2.5',
          outputPerMillion: '10',
          cachedInputPerMillion: '1.25'
        },
        'chat-2': { unit: 'tokens', inputPerMillion: '0.15', outputPerMillion: '0.6' },
        'vid-1': { unit: 'video', price: '0.5' },
        'vid-2': { unit: 'second', price: '0.1' }
      }
    }
    expect(PriceTable.parse(file)).toEqual({
      version: 1,
      currency: 'USD',
      models: {
        'img-1': { unit: 'image', price: 40_000, bySize: [{ size: '2K', price: 80_000 }] },
        'img-2': { unit: 'image', price: 20_000, bySize: [] },
        'chat-1': {
          unit: 'tokens',
          inputPerMillion: 2_500_000,
          outputPerMillion: 10_000_000,
          cachedInputPerMillion: 1_250_000
        },
        'chat-2': { unit: 'tokens', inputPerMillion: 150_000, outputPerMillion: 600_000 },
        'vid-1': { unit: 'video', price: 500_000 },
        'vid-2': { unit: 'second', price: 100_000 }
      }
    })
  })

  it('takes only ISO 4217 codes as the currency', () => {
    for (const currency of ['USD', 'CNY', 'EUR']) expect(moneyCodes(table({}, { currency }))).toEqual([])
    expect(moneyCodes(table({}, { currency: 42 }))).toEqual(['invalid_type'])
    for (const currency of ['usd', 'US', 'USDT', '', 'U$D']) {
      expect({ currency, codes: moneyCodes(table({}, { currency })) }).toEqual({
        currency,
        codes: ['invalid_format']
      })
    }
    expect(moneyCodes({ version: 1, models: {} })).toEqual(['invalid_type'])
  })

  it('takes only version 1, and no other fields', () => {
    expect(moneyCodes(table({}, { version: 2 }))).toEqual(['invalid_value'])
    expect(moneyCodes(table({}, { notes: 'x' }))).toEqual(['unrecognized_keys'])
  })

  it('holds every amount to its rules', () => {
    const codes = moneyCodes(
      table({
        a: { unit: 'video', price: '0,5' },
        b: { unit: 'video', price: '-1' },
        c: { unit: 'video', price: '1000000.5' },
        d: { unit: 'video', price: '0.1234567' },
        e: { unit: 'video', price: 'free' },
        f: { unit: 'video', price: 0.5 },
        g: { unit: 'video' }
      })
    )
    expect(codes).toEqual([
      'amount_uses_comma',
      'amount_negative',
      'amount_too_large',
      'amount_too_precise',
      'amount_invalid',
      'invalid_type',
      'invalid_type'
    ])
  })

  it('bounds the models, their ids and their sizes', () => {
    const many = Object.fromEntries(
      Array.from({ length: MAX_MODELS + 1 }, (_, i) => [`m${i}`, { unit: 'video', price: '1' }])
    )
    expect(moneyCodes(table(many))).toEqual(['too_many_models'])
    delete many['m0']
    expect(moneyCodes(table(many))).toEqual([])

    const sizes = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ size: `${i + 1}K`, price: '1' }))
    expect(moneyCodes(table({ a: { unit: 'image', price: '1', bySize: sizes(MAX_SIZES) } }))).toEqual([])
    expect(moneyCodes(table({ a: { unit: 'image', price: '1', bySize: sizes(MAX_SIZES + 1) } }))).toEqual([
      'too_big'
    ])

    expect(ModelId.safeParse('x'.repeat(MAX_MODEL_ID_CHARS)).success).toBe(true)
    for (const id of [
      '',
      'x'.repeat(MAX_MODEL_ID_CHARS + 1),
      ' gpt',
      'gpt ',
      'a\nb',
      'a\u0000b',
      '__proto__'
    ]) {
      expect({ id, ok: ModelId.safeParse(id).success }).toEqual({ id, ok: false })
    }
    for (const id of ['gpt-image-1', 'vendor/model:tag', '模型 一号', 'a b']) {
      expect({ id, ok: ModelId.safeParse(id).success }).toEqual({ id, ok: true })
    }
  })

  it('reads sizes in any usual spelling, and refuses a size listed twice', () => {
    const price = ModelPrice.parse({
      unit: 'image',
      price: '1',
      bySize: [
        { size: '1024X1024', price: '2' },
        { size: '4k', price: '3' }
      ]
    })
    expect(price).toEqual({
      unit: 'image',
      price: 1_000_000,
      bySize: [
        { size: '1024x1024', price: 2_000_000 },
        { size: '4K', price: 3_000_000 }
      ]
    })
    expect(
      moneyCodes(
        table({
          a: {
            unit: 'image',
            price: '1',
            bySize: [
              { size: '2K', price: '1' },
              { size: '2k', price: '2' }
            ]
          }
        })
      )
    ).toEqual(['size_duplicate'])
    expect(
      moneyCodes(table({ a: { unit: 'image', price: '1', bySize: [{ size: 'auto', price: '1' }] } }))
    ).toEqual(['size_invalid'])
  })

  it('refuses a unit it does not know and fields of another unit', () => {
    expect(moneyCodes(table({ a: { unit: 'minute', price: '1' } }))).toEqual(['invalid_union'])
    expect(moneyCodes(table({ a: { unit: 'video', price: '1', bySize: [] } }))).toEqual(['unrecognized_keys'])
  })

  it('re-exports the amount helpers', () => {
    expect(toMicros('0.04')).toBe(40_000)
    expect(formatMoney(40_000, 'USD', 'en')).toBe('$0.04')
  })
})
