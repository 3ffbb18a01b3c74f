import { describe, expect, it } from 'vitest'
import { exportPriceTable, importPriceTable, priceFileFormatOf } from '../../../../src/shared/money/file'
import { readPriceCsv, writePriceCsv } from '../../../../src/shared/money/fileCsv'
import { readPriceJson, writePriceJson } from '../../../../src/shared/money/fileJson'
import { PRICE_FILE_ISSUE_CODES, type PriceFileIssue } from '../../../../src/shared/money/issues'
import { MAX_AMOUNT_MICROS } from '../../../../src/shared/money/amounts'
import {
  MAX_MODELS,
  MAX_SIZES,
  PRICE_UNITS,
  type PriceTable,
  type ModelPrice
} from '../../../../src/shared/money/prices'
import { MAX_PRICE_FILE_CHARS, type PriceImport } from '../../../../src/shared/money/problems'
import { seededRandom } from '../../../helpers/random'

const TRICKY_IDS = [
  'gpt-image-1',
  'vendor/model:tag@2024',
  'with, comma',
  'with "quotes"',
  'semi;colon',
  '=SUM(A1)',
  '+plus',
  '-minus',
  '@at',
  "'apostrophe",
  "'=quoted formula",
  "''+twice",
  '模型-一号',
  'emoji 🎨',
  'constructor',
  'toString',
  'hasOwnProperty'
]

function randomTable(next: () => number, models: number): PriceTable {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T
  const micros = (): number =>
    pick([0, 1, 10_000, 40_000, 1_000_000, MAX_AMOUNT_MICROS, Math.floor(next() * MAX_AMOUNT_MICROS)])
  const entries: [string, ModelPrice][] = []
  const ids = new Set<string>()
  while (entries.length < models) {
    const id = next() < 0.5 ? pick(TRICKY_IDS) : `model-${Math.floor(next() * 1e6)}`
    if (ids.has(id)) continue
    ids.add(id)
    const unit = pick(PRICE_UNITS)
    if (unit === 'image') {
      const sizes = new Set<string>()
      const count = Math.floor(next() * 5)
      while (sizes.size < count) {
        sizes.add(
          next() < 0.5 ? `${1 + Math.floor(next() * 8)}K` : `${256 * (1 + Math.floor(next() * 16))}x1024`
        )
      }
      entries.push([
        id,
        { unit, price: micros(), bySize: [...sizes].map((size) => ({ size, price: micros() })) }
      ])
    } else if (unit === 'tokens') {
      const cached = next() < 0.5 ? { cachedInputPerMillion: micros() } : {}
      entries.push([id, { unit, inputPerMillion: micros(), outputPerMillion: micros(), ...cached }])
    } else {
      entries.push([id, { unit, price: micros() }])
    }
  }
  return { version: 1, currency: pick(['USD', 'CNY', 'EUR', 'JPY']), models: Object.fromEntries(entries) }
}

/** An import that did not throw, said something, and said it as the catalogs can word it. */
function expectWellFormed(result: PriceImport, input: string): void {
  if (result.ok) return
  const problems = result.issues.filter(
    (issue: PriceFileIssue) =>
      !PRICE_FILE_ISSUE_CODES.includes(issue.code) ||
      issue.code === 'file_unreadable' ||
      Object.values(issue.values).some((value) => typeof value !== 'string' && typeof value !== 'number') ||
      ('line' in issue.values && !(issue.values.line >= 1))
  )
  expect({ input, empty: result.issues.length === 0, problems }).toEqual({
    input,
    empty: false,
    problems: []
  })
}

describe('a price table as a file', () => {
  it('knows the format by the file name', () => {
    expect(priceFileFormatOf('prices.json')).toBe('json')
    expect(priceFileFormatOf('Prices.CSV ')).toBe('csv')
    expect(priceFileFormatOf('prices.tsv')).toBe('csv')
    expect(priceFileFormatOf('prices.xlsx')).toBeUndefined()
  })

  it('round-trips through JSON and CSV: export then import gives the same table', () => {
    const next = seededRandom(20_240_601)
    for (let run = 0; run < 50; run++) {
      const table = randomTable(next, 1 + Math.floor(next() * 12))
      expect(importPriceTable(exportPriceTable(table, 'json'), { format: 'json' })).toEqual({
        ok: true,
        table
      })
      expect(
        importPriceTable(exportPriceTable(table, 'csv'), { format: 'csv', currency: table.currency })
      ).toEqual({
        ok: true,
        table
      })
    }
  })

  it('round-trips a table at every bound, within the file size bound', () => {
    const models = Object.fromEntries(
      Array.from({ length: MAX_MODELS }, (_, m): [string, ModelPrice] => [
        `vendor/a-rather-long-model-name-${m}`,
        {
          unit: 'image',
          price: MAX_AMOUNT_MICROS - 1,
          bySize: Array.from({ length: MAX_SIZES }, (_, s) => ({
            size: `${10_000 + s}x${10_000 + m}`,
            price: 123_456
          }))
        }
      ])
    )
    const table: PriceTable = { version: 1, currency: 'USD', models }
    const json = writePriceJson(table)
    const text = writePriceCsv(table)
    expect(json.length).toBeLessThan(MAX_PRICE_FILE_CHARS)
    expect(text.length).toBeLessThan(MAX_PRICE_FILE_CHARS)
    expect(readPriceJson(json)).toEqual({ ok: true, table })
    expect(readPriceCsv(text, 'USD')).toEqual({ ok: true, table })
  }, 60_000)

  it('never throws on random text, and says what is wrong in words the catalogs have', () => {
    const next = seededRandom(7)
    const alphabet = [
      '{',
      '}',
      '[',
      ']',
      '"',
      ',',
      ':',
      ';',
      '\n',
      '\r',
      '\t',
      ' ',
      '\\',
      '\uFEFF',
      'x',
      '0',
      '1',
      '.',
      '-',
      'é',
      '模',
      '🎨',
      "'",
      '='
    ]
    for (let run = 0; run < 300; run++) {
      const length = Math.floor(next() * 200)
      const text = Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('')
      expectWellFormed(readPriceJson(text), text)
      expectWellFormed(readPriceCsv(text, 'USD'), text)
    }
  })

  it('never throws on random JSON values, nor on a valid table with a part replaced', () => {
    const next = seededRandom(11)
    const scalar = (): unknown =>
      [null, true, 0, -1, 0.04, 1e300, '', '0.04', '0,04', 'image', '2K', '__proto__', 'x'.repeat(300)][
        Math.floor(next() * 13)
      ]
    const value = (depth: number): unknown => {
      const roll = next()
      if (depth > 3 || roll < 0.5) return scalar()
      if (roll < 0.75) return Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1))
      const keys = [
        'version',
        'currency',
        'models',
        'unit',
        'price',
        'bySize',
        'size',
        'inputPerMillion',
        '__proto__'
      ]
      return Object.fromEntries(
        Array.from({ length: Math.floor(next() * 4) }, () => [
          keys[Math.floor(next() * keys.length)],
          value(depth + 1)
        ])
      )
    }
    for (let run = 0; run < 300; run++) {
      const text = JSON.stringify(value(0)) ?? 'null'
      expectWellFormed(readPriceJson(text), text)
    }
    for (let run = 0; run < 300; run++) {
      const file = JSON.parse(writePriceJson(randomTable(next, 3))) as Record<string, unknown>
      // Walks to a random object or list in the file and sets one of its members to a random value.
      let at: unknown = file
      for (let depth = 0; depth < 4; depth++) {
        if (typeof at !== 'object' || at === null) break
        const keys = Object.keys(at)
        const key = keys[Math.floor(next() * keys.length)]
        if (key === undefined) break
        const child: unknown = (at as Record<string, unknown>)[key]
        if (next() < 0.3 || typeof child !== 'object' || child === null) {
          ;(at as Record<string, unknown>)[key] = value(2)
          break
        }
        at = child
      }
      const text = JSON.stringify(file, null, 2)
      const result = readPriceJson(text)
      expectWellFormed(result, text)
      if (result.ok) expect(readPriceJson(writePriceJson(result.table))).toEqual(result)
    }
  })

  it('never throws on a CSV file with random edits', () => {
    const next = seededRandom(13)
    const edits = ['', ',', '"', '\n', ';', 'x', '-', '0', ',,', '""', '\r\n']
    for (let run = 0; run < 300; run++) {
      let text = writePriceCsv(randomTable(next, 4))
      for (let edit = 0; edit < 1 + Math.floor(next() * 4); edit++) {
        const at = Math.floor(next() * text.length)
        const cut = Math.floor(next() * 3)
        text = text.slice(0, at) + (edits[Math.floor(next() * edits.length)] as string) + text.slice(at + cut)
      }
      const result = readPriceCsv(text, 'USD')
      expectWellFormed(result, text)
      if (result.ok) expect(readPriceCsv(writePriceCsv(result.table), 'USD')).toEqual(result)
    }
  })

  it('gives the issue of a fault no rule foresaw, rather than throwing', () => {
    const text = null as unknown as string
    expect(importPriceTable(text, { format: 'json' })).toEqual({
      ok: false,
      issues: [{ code: 'file_unreadable', values: { message: expect.any(String) as string } }]
    })
  })
})
