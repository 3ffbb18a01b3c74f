import { describe, expect, it } from 'vitest'
import { dateFormat, numberFormat } from '@renderer/ui/intl'

describe('Intl formatters made once', () => {
  it('hands back the same formatter for the same language and options, another for others', () => {
    expect(dateFormat('en', { hour: '2-digit' })).toBe(dateFormat('en', { hour: '2-digit' }))
    expect(dateFormat('en', { hour: '2-digit' })).not.toBe(dateFormat('zh-CN', { hour: '2-digit' }))
    expect(numberFormat('en')).toBe(numberFormat('en'))
    expect(numberFormat('en', { style: 'percent' })).not.toBe(numberFormat('en'))
    expect(numberFormat('zh-CN', { style: 'percent' }).format(0.5)).toBe('50%')
    expect(numberFormat('en').format(1234.5)).toBe('1,234.5')
  })
})
