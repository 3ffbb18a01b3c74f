import { describe, expect, it } from 'vitest'
import {
  fromMicros,
  isMicros,
  readAmount,
  toMicros,
  MAX_AMOUNT_MICROS
} from '../../../../src/shared/money/amounts'

describe('amounts as decimal text and micros', () => {
  it('reads decimal text into whole micros, exactly', () => {
    expect(toMicros('0.04')).toBe(40_000)
    expect(toMicros('0.1')).toBe(100_000)
    expect(toMicros('0.3')).toBe(300_000)
    expect(toMicros('12.5')).toBe(12_500_000)
    expect(toMicros('0')).toBe(0)
    expect(toMicros('0.000001')).toBe(1)
    expect(toMicros('007.50')).toBe(7_500_000)
    expect(toMicros(' 0.04 ')).toBe(40_000)
    expect(toMicros('1000000')).toBe(MAX_AMOUNT_MICROS)
    expect(toMicros('999999.999999')).toBe(MAX_AMOUNT_MICROS - 1)
  })

  it('says which rule a text breaks, and never throws', () => {
    const problem = (text: string) => {
      const reading = readAmount(text)
      return reading.ok ? 'ok' : reading.problem
    }
    expect(problem('')).toBe('amount_missing')
    expect(problem('   ')).toBe('amount_missing')
    expect(problem('0,04')).toBe('amount_uses_comma')
    expect(problem('-1')).toBe('amount_negative')
    expect(problem('-0.5')).toBe('amount_negative')
    expect(problem('1000000.000001')).toBe('amount_too_large')
    expect(problem('1000001')).toBe('amount_too_large')
    expect(problem('99999999999999999999999')).toBe('amount_too_large')
    expect(problem('0.0000001')).toBe('amount_too_precise')
    for (const bad of [
      '$0.04',
      '1e3',
      '.5',
      '5.',
      '0x10',
      '1,000.50',
      'NaN',
      'Infinity',
      '+1',
      '1 000',
      '١٢',
      '0.04.1'
    ]) {
      expect({ bad, problem: problem(bad) }).toEqual({ bad, problem: 'amount_invalid' })
    }
    expect(problem('1'.repeat(10_000))).toBe('amount_invalid')
  })

  it('writes micros back as the shortest text that reads to them', () => {
    expect(fromMicros(40_000)).toBe('0.04')
    expect(fromMicros(2_000_000)).toBe('2')
    expect(fromMicros(1)).toBe('0.000001')
    expect(fromMicros(0)).toBe('0')
    expect(fromMicros(-1_500_000)).toBe('-1.5')
    for (const micros of [0, 1, 10, 999_999, 1_000_001, 123_456_789, MAX_AMOUNT_MICROS]) {
      expect(toMicros(fromMicros(micros))).toBe(micros)
    }
    expect(() => fromMicros(0.5)).toThrow(RangeError)
  })

  it('tells micros from other numbers', () => {
    expect(isMicros(0)).toBe(true)
    expect(isMicros(40_000)).toBe(true)
    expect(isMicros(-1)).toBe(false)
    expect(isMicros(0.5)).toBe(false)
    expect(isMicros(Number.MAX_SAFE_INTEGER + 1)).toBe(false)
  })
})
