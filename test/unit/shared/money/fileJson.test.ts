import { describe, expect, it } from 'vitest'
import { readPriceJson, toPriceFile, writePriceJson } from '../../../../src/shared/money/fileJson'
import type { PriceFileIssue } from '../../../../src/shared/money/issues'
import { MAX_MODELS, PriceTable } from '../../../../src/shared/money/prices'
import { MAX_ISSUES, MAX_PRICE_FILE_CHARS } from '../../../../src/shared/money/problems'

const issuesOf = (text: string): PriceFileIssue[] => {
  const read = readPriceJson(text)
  return read.ok ? [] : read.issues
}

const TABLE = PriceTable.parse({
  version: 1,
  currency: 'USD',
  models: {
    'gpt-image-1': {
      unit: 'tokens',
      inputPerMillion: '5',
      outputPerMillion: '40',
      cachedInputPerMillion: '1.25'
    },
    'seed-4': {
      unit: 'image',
      price: '0.03',
      bySize: [
        { size: '2K', price: '0.03' },
        { size: '4K', price: '0.06' }
      ]
    },
    'flux-1': { unit: 'image', price: '0.025' },
    'veo-3': { unit: 'second', price: '0.4' },
    'kling-2': { unit: 'video', price: '0.9' }
  }
})

describe('a price table as a JSON file', () => {
  it('writes the file form, pretty-printed, and reads it back the same', () => {
    const text = writePriceJson(TABLE)
    expect(text).toContain('\n  "currency": "USD",\n')
    expect(text).toContain('"price": "0.025"')
    expect(text.endsWith('}\n')).toBe(true)
    expect(readPriceJson(text)).toEqual({ ok: true, table: TABLE })
    expect(toPriceFile(TABLE).models['flux-1']).toEqual({ unit: 'image', price: '0.025' })
  })

  it('reads a file that begins with a byte order mark', () => {
    expect(readPriceJson(`\uFEFF${writePriceJson(TABLE)}`)).toEqual({ ok: true, table: TABLE })
  })

  it('says what is wrong with each entry, at its line', () => {
    const text = [
      '{', // 1
      '  "version": 1,', // 2
      '  "currency": "USD",', // 3
      '  "models": {', // 4
      '    "a": { "unit": "image", "price": "0,04" },', // 5
      '    "b": {', // 6
      '      "unit": "image",', // 7
      '      "price": "0.04",', // 8
      '      "bySize": [', // 9
      '        { "size": "2K", "price": "0.05" },', // 10
      '        { "size": "huge", "price": "0.05" },', // 11
      '        { "size": "4K", "price": 0.1 }', // 12
      '      ]', // 13
      '    },', // 14
      '    "c": { "unit": "tokens", "inputPerMillion": "1", "outputPerMillion": "2", "price": "3" },', // 15
      '    "d": { "unit": "minutes", "price": "1" },', // 16
      '    "e": { "price": "1" },', // 17
      '    "f": "0.04",', // 18
      '    " g": { "unit": "video", "price": "1" },', // 19
      '    "h": { "unit": "video", "price": "1", "colour": "red" }', // 20
      '  },', // 21
      '  "notes": "draft"', // 22
      '}' // 23
    ].join('\n')
    expect(issuesOf(text)).toEqual([
      {
        code: 'amount_uses_comma',
        values: { line: 5, model: 'a', field: 'price', value: '0,04', suggestion: '0.04' }
      },
      { code: 'size_invalid', values: { line: 11, model: 'b', value: 'huge' } },
      { code: 'amount_not_text', values: { line: 12, model: 'b', field: 'price', value: '0.1' } },
      { code: 'field_not_for_unit', values: { line: 15, model: 'c', field: 'price', unit: 'tokens' } },
      {
        code: 'unit_invalid',
        values: { line: 16, model: 'd', value: 'minutes', units: 'image, tokens, video, second' }
      },
      { code: 'unit_missing', values: { line: 17, model: 'e', units: 'image, tokens, video, second' } },
      { code: 'model_entry_invalid', values: { line: 18, model: 'f' } },
      { code: 'model_id_invalid', values: { line: 19, model: ' g', max: 200 } },
      { code: 'unknown_field', values: { line: 20, model: 'h', field: 'colour' } },
      { code: 'table_unknown_field', values: { line: 22, field: 'notes' } }
    ])
  })

  it('says what is wrong with the file as a whole', () => {
    expect(issuesOf('')).toEqual([{ code: 'file_empty', values: {} }])
    expect(issuesOf('{"version": 1,')).toEqual([{ code: 'json_syntax', values: {} }])
    expect(issuesOf('[1, 2]')).toEqual([{ code: 'not_a_price_table', values: {} }])
    expect(issuesOf('"prices"')).toEqual([{ code: 'not_a_price_table', values: {} }])
    expect(issuesOf('{"version": 1, "currency": "USD", "models": []}')).toEqual([
      { code: 'not_a_price_table', values: {} }
    ])
    expect(issuesOf('{"version": 2, "currency": "usd", "models": {}}')).toEqual([
      { code: 'version_unsupported', values: { version: '2' } },
      { code: 'currency_invalid', values: { value: 'usd' } }
    ])
    expect(issuesOf('{"currency": "USD", "models": {}}')).toEqual([
      { code: 'version_unsupported', values: { version: '' } }
    ])
    expect(issuesOf(`${'['.repeat(50)}${']'.repeat(50)}`)).toEqual([{ code: 'json_too_complex', values: {} }])
    expect(issuesOf(' '.repeat(MAX_PRICE_FILE_CHARS + 1))).toEqual([
      { code: 'file_too_large', values: { maxMegabytes: 16 } }
    ])
  })

  it('says a model id the schema would drop without a word', () => {
    const text =
      '{"version": 1, "currency": "USD",\n"models": {\n"__proto__": {"unit": "video", "price": "1"}}}'
    expect(issuesOf(text)).toEqual([
      { code: 'model_id_invalid', values: { line: 3, model: '__proto__', max: 200 } }
    ])
  })

  it('counts the models before reading them', () => {
    const models = Object.fromEntries(
      Array.from({ length: MAX_MODELS + 5 }, (_, i) => [`m${i}`, { unit: 'video', price: 'x' }])
    )
    expect(issuesOf(JSON.stringify({ version: 1, currency: 'USD', models }))).toEqual([
      { code: 'too_many_models', values: { max: MAX_MODELS, count: MAX_MODELS + 5 } }
    ])
  })

  it('lists the first issues and counts the rest', () => {
    const models = Object.fromEntries(
      Array.from({ length: 250 }, (_, i) => [`m${i}`, { unit: 'video', price: 'x' }])
    )
    const issues = issuesOf(JSON.stringify({ version: 1, currency: 'USD', models }, null, 1))
    expect(issues).toHaveLength(MAX_ISSUES + 1)
    expect(issues.at(-1)).toEqual({ code: 'more_problems', values: { count: 150 } })
    expect(issues[0]).toEqual({
      code: 'amount_invalid',
      values: { line: 7, model: 'm0', field: 'price', value: 'x' }
    })
  })
})
