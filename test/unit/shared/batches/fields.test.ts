import { describe, expect, it } from 'vitest'
import { cellValue, fieldNamesOf, hasField, planField, setField } from '../../../../src/shared/batches/fields'
import { JobRequest } from '../../../../src/shared/schemas/jobs'
import { PARTNER_A, V3 } from './fixtures'

describe('the fields a batch may set', () => {
  it('are the body’s declared fields, its form’s fields and the base’s own', () => {
    const v1 = JobRequest.parse({ endpoint: 'imagesV1', body: { model: 'm', prompt: '', quality: 'hd' } })
    expect(hasField(v1, 'size')).toBe(true) // offered by its form
    expect(hasField(v1, 'quality')).toBe(true) // set in the base
    expect(hasField(v1, 'seed')).toBe(false)
    expect(hasField(V3, 'seed')).toBe(false)
    expect(hasField(PARTNER_A, 'seed')).toBe(true)
  })

  it('lists every settable name of the bases, never model, prompt or extra', () => {
    const names = fieldNamesOf([V3, PARTNER_A])
    expect(names).toEqual(expect.arrayContaining(['size', 'seed', 'n', 'guidance_scale', 'output_format']))
    expect(names).not.toEqual(expect.arrayContaining(['model']))
    expect(names).not.toContain('prompt')
    expect(names).not.toContain('extra')
  })

  it('plans where a field goes and the kind of value it takes', () => {
    expect(planField(V3, 'n')).toEqual({ place: 'body', kind: 'number' })
    expect(planField(V3, 'size')).toEqual({ place: 'body', kind: 'text' })
    expect(planField(V3, 'style')).toBeNull()
    expect(planField(PARTNER_A, 'watermark')).toEqual({ place: 'body', kind: 'boolean' })
    expect(planField(PARTNER_A, 'style')).toEqual({ place: 'body', kind: 'unknown' })
    const video = JobRequest.parse({
      endpoint: 'videos',
      body: { model: 'v', prompt: '', duration: 5, extra: { fps: 24 } }
    })
    expect(planField(video, 'duration')).toEqual({ place: 'body', kind: 'number' })
    expect(planField(video, 'fps')).toEqual({ place: 'extra', kind: 'number' })
    expect(planField(video, 'style')).toEqual({ place: 'extra', kind: 'unknown' })
    expect(planField(video, 'model')).toBeNull()
  })
})

describe('a cell’s text as a value', () => {
  it('reads numbers, with a decimal comma too', () => {
    expect(cellValue('42', 'number')).toEqual({ ok: true, value: 42 })
    expect(cellValue('-1.5e2', 'number')).toEqual({ ok: true, value: -150 })
    expect(cellValue('7,5', 'number')).toEqual({ ok: true, value: 7.5 })
    for (const text of ['forty', '1,000,000', '0x10', 'Infinity', '1e999', '']) {
      expect({ text, value: cellValue(text, 'number') }).toEqual({
        text,
        value: { ok: false, code: 'field_not_number' }
      })
    }
  })

  it('reads true and false in any case', () => {
    expect(cellValue('TRUE', 'boolean')).toEqual({ ok: true, value: true })
    expect(cellValue('false', 'boolean')).toEqual({ ok: true, value: false })
    expect(cellValue('yes', 'boolean')).toEqual({ ok: false, code: 'field_not_boolean' })
  })

  it('keeps text as text, and a field of unknown kind takes true/false as booleans only', () => {
    expect(cellValue('true', 'text')).toEqual({ ok: true, value: 'true' })
    expect(cellValue('True', 'unknown')).toEqual({ ok: true, value: true })
    expect(cellValue('007', 'unknown')).toEqual({ ok: true, value: '007' })
  })
})

describe('setting a field', () => {
  it('copies the objects on its way, so the base shared by every row never changes', () => {
    const extra = { fps: 24 }
    const options = { max_images: 2 }
    const body: Record<string, unknown> = { extra, options }
    setField(body, 'extra', 'style', 'ink')
    setField(body, 'body', 'options.max_images', 5)
    expect(body).toEqual({ extra: { fps: 24, style: 'ink' }, options: { max_images: 5 } })
    expect(extra).toEqual({ fps: 24 })
    expect(options).toEqual({ max_images: 2 })
  })
})
