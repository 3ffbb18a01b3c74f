import { describe, expect, it } from 'vitest'
import { formatMoney } from '../../../../src/shared/money/format'

describe('money as a person reads it', () => {
  it('shows two decimals in English', () => {
    expect(formatMoney(40_000, 'USD', 'en')).toBe('$0.04')
    expect(formatMoney(1_000_000, 'USD', 'en')).toBe('$1.00')
    expect(formatMoney(0, 'USD', 'en')).toBe('$0.00')
    expect(formatMoney(1_234_567_890, 'USD', 'en')).toBe('$1,234.57')
    expect(formatMoney(1_500_000, 'EUR', 'en')).toBe('€1.50')
  })

  it('shows two decimals in Simplified Chinese', () => {
    expect(formatMoney(40_000, 'CNY', 'zh-CN')).toBe('¥0.04')
    expect(formatMoney(1_234_500_000, 'CNY', 'zh-CN')).toBe('¥1,234.50')
    expect(formatMoney(40_000, 'USD', 'zh-CN')).toBe('US$0.04')
  })

  it('keeps up to four decimals below 0.01, and never shows a real cost as zero', () => {
    expect(formatMoney(1_234, 'USD', 'en')).toBe('$0.0012')
    expect(formatMoney(5_000, 'USD', 'en')).toBe('$0.005')
    expect(formatMoney(100, 'USD', 'en')).toBe('$0.0001')
    expect(formatMoney(1_234, 'CNY', 'zh-CN')).toBe('¥0.0012')
    expect(formatMoney(1, 'USD', 'en')).toBe('<$0.0001')
    expect(formatMoney(99, 'CNY', 'zh-CN')).toBe('<¥0.0001')
    const shownAsZero: string[] = []
    for (let micros = 1; micros < 20_000; micros += 7) {
      for (const [currency, locale] of [
        ['USD', 'en'],
        ['CNY', 'zh-CN']
      ] as const) {
        const text = formatMoney(micros, currency, locale)
        if (/^[^1-9]*$/.test(text) && !text.startsWith('<')) shownAsZero.push(`${micros}: ${text}`)
      }
    }
    expect(shownAsZero).toEqual([])
  })

  it('rounds the exact amount, not its nearest float', () => {
    // 0.00125 has no exact float; rounded from its decimal text it is 0.0013 (half away from zero).
    expect(formatMoney(1_250, 'USD', 'en')).toBe('$0.0013')
    // 0.015 as a float is 0.01499…, which would round down to $0.01.
    expect(formatMoney(15_000, 'USD', 'en')).toBe('$0.02')
    expect(formatMoney(125_000, 'USD', 'en')).toBe('$0.13')
  })

  it('shows negative amounts (a difference) with their sign', () => {
    expect(formatMoney(-40_000, 'USD', 'en')).toBe('-$0.04')
    expect(formatMoney(-1, 'USD', 'en')).toBe('>-$0.0001')
  })

  it('falls back to English for a locale Intl refuses, and writes an unknown currency after the number', () => {
    expect(formatMoney(40_000, 'USD', '!!not a locale')).toBe('$0.04')
    expect(formatMoney(40_000, 'U$D', 'en')).toBe('0.04 U$D')
  })

  it('refuses micros that are not a safe whole number', () => {
    expect(() => formatMoney(0.5, 'USD', 'en')).toThrow(RangeError)
    expect(() => formatMoney(Number.NaN, 'USD', 'en')).toThrow(RangeError)
  })
})
