import { describe, expect, it } from 'vitest'
import { PRICE_CSV_COLUMNS, readPriceCsv, writePriceCsv } from '../../../../src/shared/money/fileCsv'
import type { PriceFileIssue } from '../../../../src/shared/money/issues'
import { MAX_SIZES, PriceTable } from '../../../../src/shared/money/prices'

const HEADER = PRICE_CSV_COLUMNS.join(',')
const COLUMNS = PRICE_CSV_COLUMNS.join(', ')
const csv = (...rows: string[]): string => [HEADER, ...rows].join('\n')
const issuesOf = (text: string, currency = 'USD'): PriceFileIssue[] => {
  const read = readPriceCsv(text, currency)
  return read.ok ? [] : read.issues
}

describe('a price table as a CSV file', () => {
  it('reads one row per model, and one more per size', () => {
    const text = csv(
      'flux-1,image,0.025,,,,',
      'seed-4,image,0.03,,,,',
      'seed-4,image,0.06,4K,,,',
      'seed-4,image,0.05,2048x2048,,,',
      'gpt-image-1,tokens,,,5,40,1.25',
      'gpt-4o-mini,tokens,,,0.15,0.6,',
      'veo-3,second,0.4,,,,',
      'kling-2,video,0.9,,,,'
    )
    expect(readPriceCsv(text, 'USD')).toEqual({
      ok: true,
      table: {
        version: 1,
        currency: 'USD',
        models: {
          'flux-1': { unit: 'image', price: 25_000, bySize: [] },
          'seed-4': {
            unit: 'image',
            price: 30_000,
            bySize: [
              { size: '4K', price: 60_000 },
              { size: '2048x2048', price: 50_000 }
            ]
          },
          'gpt-image-1': {
            unit: 'tokens',
            inputPerMillion: 5_000_000,
            outputPerMillion: 40_000_000,
            cachedInputPerMillion: 1_250_000
          },
          'gpt-4o-mini': { unit: 'tokens', inputPerMillion: 150_000, outputPerMillion: 600_000 },
          'veo-3': { unit: 'second', price: 400_000 },
          'kling-2': { unit: 'video', price: 900_000 }
        }
      }
    })
  })

  it('reads what spreadsheets write: a BOM, CRLF, semicolons, quotes, columns in any order and case', () => {
    const text = '\uFEFFUnit;Model;Price\r\nimage;"model; with, marks ""quoted""";0.5\r\n\r\nvideo;v;1\r\n'
    expect(readPriceCsv(text, 'EUR')).toEqual({
      ok: true,
      table: {
        version: 1,
        currency: 'EUR',
        models: {
          'model; with, marks "quoted"': { unit: 'image', price: 500_000, bySize: [] },
          v: { unit: 'video', price: 1_000_000 }
        }
      }
    })
  })

  it('says what is wrong with each row, at its line', () => {
    const text = csv(
      'a,image,0.04,,,,', // 2
      'a,image,0.05,1024x1024,,,', // 3
      'a,image,0.06,1024X1024,,,', // 4
      'b,tokens,1,,2.5,10,', // 5
      'b,tokens,,,2.5,10,', // 6
      'c,video,"0,5",2K,,,', // 7
      'sizes-only,image,0.1,2K,,,', // 8
      ',video,1,,,,', // 9
      'd,seconds,1,,,,', // 10
      'e,,1,,,,', // 11
      'a,video,1,,,,', // 12
      'f,image,$1,,,,', // 13
      'g,image,0.1,huge,,,', // 14
      'h,tokens,,,,10,' // 15
    )
    const units = 'image, tokens, video, second'
    expect(issuesOf(text)).toEqual([
      { code: 'size_duplicate', values: { line: 4, model: 'a', size: '1024X1024' } },
      { code: 'field_not_for_unit', values: { line: 5, model: 'b', field: 'price', unit: 'tokens' } },
      { code: 'model_duplicate', values: { line: 6, model: 'b', firstLine: 5 } },
      { code: 'field_not_for_unit', values: { line: 7, model: 'c', field: 'size', unit: 'video' } },
      {
        code: 'amount_uses_comma',
        values: { line: 7, model: 'c', field: 'price', value: '0,5', suggestion: '0.5' }
      },
      { code: 'image_base_missing', values: { line: 8, model: 'sizes-only' } },
      { code: 'model_missing', values: { line: 9 } },
      { code: 'unit_invalid', values: { line: 10, model: 'd', value: 'seconds', units } },
      { code: 'unit_missing', values: { line: 11, model: 'e', units } },
      {
        code: 'unit_conflict',
        values: { line: 12, model: 'a', unit: 'video', firstUnit: 'image', firstLine: 2 }
      },
      { code: 'amount_invalid', values: { line: 13, model: 'f', field: 'price', value: '$1' } },
      { code: 'size_invalid', values: { line: 14, model: 'g', value: 'huge' } },
      { code: 'amount_missing', values: { line: 15, model: 'h', field: 'input_per_million' } }
    ])
  })

  it('says a model id the schema would drop without a word', () => {
    expect(issuesOf(csv('__proto__,video,1,,,,'))).toEqual([
      { code: 'model_id_invalid', values: { line: 2, model: '__proto__', max: 200 } }
    ])
  })

  it('counts lines as an editor does, across quoted line breaks and blank lines', () => {
    const text = `${HEADER}\n\n"multi\nline",video,1,,,,\n\nz,video,x,,,,\n`
    expect(issuesOf(text)).toEqual([
      { code: 'model_id_invalid', values: { line: 3, model: 'multi\nline', max: 200 } },
      { code: 'amount_invalid', values: { line: 6, model: 'z', field: 'price', value: 'x' } }
    ])
  })

  it('says what is wrong with the header', () => {
    expect(issuesOf('model,price\nm,1')).toEqual([
      { code: 'csv_missing_column', values: { column: 'unit', columns: COLUMNS } }
    ])
    expect(issuesOf('model,unit,price,notes\nm,video,1,cheap')).toEqual([
      { code: 'csv_unknown_column', values: { column: 'notes', columns: COLUMNS } }
    ])
    expect(issuesOf('model,unit,price,price\nm,video,1,1')).toEqual([
      { code: 'csv_duplicate_column', values: { column: 'price' } }
    ])
    // Empty columns a spreadsheet adds at the right are fine; one with something in it is not.
    expect(issuesOf('model,unit,price,,\nm,video,1,,')).toEqual([])
    expect(issuesOf('model,unit,price,\nm,video,1,2')).toEqual([
      { code: 'csv_unknown_column', values: { column: '#4', columns: COLUMNS } }
    ])
  })

  it('says a broken quote, and a currency the caller got wrong', () => {
    expect(issuesOf(csv('m,video,"1,,,,'))).toContainEqual(expect.objectContaining({ code: 'csv_parse' }))
    expect(issuesOf(csv('m,video,1,,,,'), 'dollars')).toEqual([
      { code: 'currency_invalid', values: { value: 'dollars' } }
    ])
    expect(issuesOf('\n \n')).toEqual([{ code: 'file_empty', values: {} }])
  })

  it('bounds the sizes of a model, at the line of its first size', () => {
    const rows = [
      'm,image,1,,,,',
      ...Array.from({ length: MAX_SIZES + 1 }, (_, i) => `m,image,1,${i + 1}x1,,,`)
    ]
    expect(issuesOf(csv(...rows))).toEqual([
      { code: 'too_many_sizes', values: { line: 3, model: 'm', max: MAX_SIZES, count: MAX_SIZES + 1 } }
    ])
  })

  it('writes cells a spreadsheet would run as formulas so they are not, and reads them back as they were', () => {
    const table = PriceTable.parse({
      version: 1,
      currency: 'USD',
      models: { '=HYPERLINK("x")': { unit: 'video', price: '1' }, '-neg': { unit: 'video', price: '2' } }
    })
    const text = writePriceCsv(table)
    expect(text).toContain(`"'=HYPERLINK(""x"")"`)
    expect(text).toContain(`'-neg`)
    expect(readPriceCsv(text, 'USD')).toEqual({ ok: true, table })
  })

  it('writes a header row, then the rows, with CRLF line ends', () => {
    const table = PriceTable.parse({
      version: 1,
      currency: 'USD',
      models: {
        img: { unit: 'image', price: '0.04', bySize: [{ size: '2K', price: '0.05' }] },
        tok: { unit: 'tokens', inputPerMillion: '2.5', outputPerMillion: '10' }
      }
    })
    expect(writePriceCsv(table)).toBe(
      [HEADER, 'img,image,0.04,,,,', 'img,image,0.05,2K,,,', 'tok,tokens,,,2.5,10,', ''].join('\r\n')
    )
  })
})
