import { describe, expect, it } from 'vitest'
import { normalizeSize } from '../../../../src/shared/money/sizes'

describe('sizes a price may depend on', () => {
  it('spells pixel sizes and tiers one way', () => {
    expect(normalizeSize('1024x1024')).toBe('1024x1024')
    expect(normalizeSize(' 1024X1024 ')).toBe('1024x1024')
    expect(normalizeSize('2048 × 1152')).toBe('2048x1152')
    expect(normalizeSize('2048*2048')).toBe('2048x2048')
    expect(normalizeSize('2k')).toBe('2K')
    expect(normalizeSize('4K')).toBe('4K')
    expect(normalizeSize('01024x01024')).toBe('1024x1024')
  })

  it('refuses what is neither', () => {
    for (const text of [
      'auto',
      '',
      '16:9',
      '0x10',
      '10x0',
      '2',
      'K',
      '100K',
      '1024x',
      '123456x1',
      'x'.repeat(100)
    ]) {
      expect({ text, size: normalizeSize(text) }).toEqual({ text, size: undefined })
    }
  })
})
