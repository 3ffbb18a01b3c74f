import { describe, expect, it } from 'vitest'
import { fitShape, ratioOf } from '@renderer/features/compare/shapes'

describe('one shape in each endpoint’s own size values', () => {
  it('reads W×H and ratio values, and nothing from tiers', () => {
    expect(ratioOf('1536x1024')).toBe(1.5)
    expect(ratioOf('16:9')).toBeCloseTo(16 / 9)
    expect(ratioOf('2K')).toBeNull()
    expect(ratioOf('auto')).toBeNull()
  })

  it('picks the exact value a select offers (v3 sizes, v2 ratios)', () => {
    expect(fitShape('imagesV3', '3:2')).toEqual({
      kind: 'exact',
      value: '1536x1024',
      values: { size: '1536x1024' }
    })
    expect(fitShape('imagesV2', '16:9')).toEqual({ kind: 'exact', value: '16:9', values: { ratio: '16:9' } })
  })

  it('says when the nearest value is only near, and when there is none', () => {
    expect(fitShape('imagesV1', '16:9')).toMatchObject({ kind: 'near', value: '1792x1024' })
    expect(fitShape('imagesV1', '4:3')).toEqual({ kind: 'none' })
  })

  it('gives free-size endpoints an exact W×H (text for partner A, a custom size for partner B)', () => {
    expect(fitShape('partnerA', '3:2')).toEqual({
      kind: 'exact',
      value: '2496x1664',
      values: { size: '2496x1664' }
    })
    expect(fitShape('partnerB', '9:16')).toEqual({
      kind: 'exact',
      value: '1440x2560',
      values: { sizeMode: 'custom', width: '1440', height: '2560' }
    })
  })

  it('leaves every endpoint at its default when no shape is asked for', () => {
    expect(fitShape('imagesV3', 'default')).toEqual({ kind: 'default', noField: false })
  })
})
