import { describe, expect, it } from 'vitest'
import {
  BatchSpec,
  MAX_BATCH_MODELS,
  MAX_LIST_ENTRIES_TOTAL,
  MAX_SOURCE_CHARS,
  type BatchSpecInput
} from '../../../../src/shared/batches'
import { JobRequest } from '../../../../src/shared/schemas/jobs'
import { PARTNER_A, V3 } from './fixtures'

const base: BatchSpecInput = { bases: [V3], prompts: { kind: 'lines', text: 'a cat' } }
const accepts = (input: unknown): boolean => BatchSpec.safeParse(input).success

describe('the batch spec, as it crosses the contract', () => {
  it('accepts a small spec and fills its defaults', () => {
    expect(BatchSpec.parse(base)).toMatchObject({ lists: {}, combine: 'every' })
  })

  it('bounds the text, the models, the lists and the axes', () => {
    expect(accepts({ ...base, prompts: { kind: 'lines', text: 'x'.repeat(MAX_SOURCE_CHARS) } })).toBe(true)
    expect(accepts({ ...base, prompts: { kind: 'lines', text: 'x'.repeat(MAX_SOURCE_CHARS + 1) } })).toBe(
      false
    )
    const models = Array.from({ length: MAX_BATCH_MODELS + 1 }, (_, i) =>
      JobRequest.parse({ endpoint: 'imagesV3', body: { model: `m${i}`, prompt: '' } })
    )
    expect(accepts({ ...base, bases: models.slice(0, MAX_BATCH_MODELS) })).toBe(true)
    expect(accepts({ ...base, bases: models })).toBe(false)
    const half = Array.from({ length: MAX_LIST_ENTRIES_TOTAL / 20 }, () => 'x')
    const lists = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`l${i}`, half]))
    expect(accepts({ ...base, lists })).toBe(true)
    expect(accepts({ ...base, lists: { ...lists, one: ['more'] } })).toBe(false)
    expect(accepts({ ...base, lists: { big: Array.from({ length: 1001 }, () => 'x') } })).toBe(false)
    expect(
      accepts({ ...base, seeds: { kind: 'list', seeds: Array.from({ length: 1001 }, (_, i) => i) } })
    ).toBe(false)
    expect(accepts({ ...base, seeds: { kind: 'variations', count: 10_001 } })).toBe(false)
    expect(accepts({ ...base, sizes: [] })).toBe(false)
  })

  it('takes list names a prompt can write as __name__', () => {
    expect(accepts({ ...base, lists: { 'colour.warm-2': ['red'], 颜色: ['红'] } })).toBe(true)
    for (const name of ['', 'two words', '_lead', 'trail_', 'a__b', 'x'.repeat(65)]) {
      expect({ name, ok: accepts({ ...base, lists: { [name]: ['red'] } }) }).toEqual({ name, ok: false })
    }
  })

  it('refuses two bases for one model, since a model column names its base by model', () => {
    expect(accepts({ ...base, bases: [V3, PARTNER_A] })).toBe(true)
    expect(accepts({ ...base, bases: [V3, V3] })).toBe(false)
  })

  it('lets a column set a field, never the model, the prompt, extra or the object’s own machinery', () => {
    const mapping = (field: string) => ({
      ...base,
      prompts: { kind: 'csv', text: 'prompt', mapping: { prompt: 0, fields: [{ column: 1, field }] } }
    })
    expect(accepts(mapping('seed'))).toBe(true)
    expect(accepts(mapping('sequential_image_generation_options.max_images'))).toBe(true)
    for (const field of ['model', 'prompt', 'extra', 'extra.x', '__proto__', 'a.constructor', 'x y']) {
      expect({ field, ok: accepts(mapping(field)) }).toEqual({ field, ok: false })
    }
  })

  it('refuses what it does not know', () => {
    expect(accepts({ ...base, combine: 'zip' })).toBe(false)
    expect(accepts({ ...base, extra: 1 })).toBe(false)
    expect(accepts({ ...base, seeds: { kind: 'list', seeds: [1.5] } })).toBe(false)
  })
})
