import { describe, expect, it } from 'vitest'
import { guessMapping, readCsv } from '../../../../src/shared/batches/csv'
import { sourceKindOf } from '../../../../src/shared/batches/source'
import { PARTNER_A, V3 } from './fixtures'

const read = (text: string) => readCsv(text, undefined, [V3, PARTNER_A])

describe('reading a CSV of prompts', () => {
  it('reads quoted cells with commas, quotes and line breaks, and numbers each record by its first line', () => {
    const source = read('prompt,size\n"a cat, sitting",1K\n\n"she said ""hi""",2K\n"two\nlines",4K\nlast,\n')
    expect(source.issues).toEqual([])
    expect(source.rows.map((row) => [row.line, row.prompt, row.cells])).toEqual([
      [2, 'a cat, sitting', [{ field: 'size', text: '1K' }]],
      [4, 'she said "hi"', [{ field: 'size', text: '2K' }]],
      [5, 'two\nlines', [{ field: 'size', text: '4K' }]],
      [7, 'last', []]
    ])
  })

  it('keeps every cell by its header name, as the file has it', () => {
    const [row] = read('Prompt,Notes,\n" a fox ",  keep  ,x\n').rows
    expect(row?.prompt).toBe('a fox')
    expect(row?.values).toEqual({ Prompt: ' a fox ', Notes: '  keep  ', '#3': 'x' })
  })

  it('skips a byte order mark and reads CRLF files', () => {
    const source = read('\ufeffprompt,seed\r\nfirst,1\r\nsecond,2\r\n')
    expect(source.rows.map((row) => [row.line, row.prompt])).toEqual([
      [2, 'first'],
      [3, 'second']
    ])
  })

  it('finds ; between cells (a spreadsheet in much of Europe writes them)', () => {
    const source = read('prompt;model;guidance_scale\n"a; b";seedream;7,5\nc;gpt-image;\n')
    expect(source.modelColumn).toBe(true)
    expect(source.rows.map((row) => [row.prompt, row.model, row.cells])).toEqual([
      ['a; b', 'seedream', [{ field: 'guidance_scale', text: '7,5' }]],
      ['c', 'gpt-image', []]
    ])
  })

  it('finds tabs too, and reads a one-column file without complaint', () => {
    expect(read('prompt\tseed\nx\t1\n').rows[0]?.cells).toEqual([{ field: 'seed', text: '1' }])
    const single = read('prompt\nonly one column\nand another\n')
    expect(single.issues).toEqual([])
    expect(single.rows.map((row) => row.prompt)).toEqual(['only one column', 'and another'])
  })

  it('skips records whose cells are all empty, and flags one with no prompt', () => {
    const source = read('prompt,size\n,,\n,1K\nok,\n')
    expect(source.rows.map((row) => [row.line, row.prompt, row.issues])).toEqual([
      [3, '', [{ code: 'csv_empty_prompt', values: { line: 3 } }]],
      [4, 'ok', undefined]
    ])
  })

  it('says when the file has no prompt column, naming its columns', () => {
    const source = read('text,size\nhello,1K\n')
    expect(source.rows).toEqual([])
    expect(source.issues).toEqual([{ code: 'csv_no_prompt_column', values: { columns: 'text, size' } }])
  })

  it('uses the mapping it is given over the header names', () => {
    const source = readCsv('text,quality\nhello,9\n', { prompt: 0, fields: [{ column: 1, field: 'seed' }] }, [
      PARTNER_A
    ])
    expect(source.rows.map((row) => [row.prompt, row.cells])).toEqual([
      ['hello', [{ field: 'seed', text: '9' }]]
    ])
  })

  it('reports what papaparse cannot read on the record, with its row and message', () => {
    const source = read('prompt,size\nfine,1K\n"never closed,2K\nmore,4K\n')
    const broken = source.rows.find((row) => row.issues)
    expect(broken?.line).toBe(3)
    expect(broken?.issues).toEqual([
      {
        code: 'csv_parse',
        values: { line: 3, row: 3, code: 'MissingQuotes', message: 'Quoted field unterminated' }
      }
    ])
  })

  it('reads nothing from an empty file, without an issue of its own', () => {
    expect(read('')).toEqual({ rows: [], issues: [], modelColumn: false })
    expect(read('\n\n  \n')).toEqual({ rows: [], issues: [], modelColumn: false })
  })
})

describe('guessing the mapping from the header', () => {
  it('finds prompt and model in any case, and the bases’ body fields', () => {
    expect(
      guessMapping(['Model', 'PROMPT', 'Size', 'seed', 'notes', 'Output_Format'], [V3, PARTNER_A])
    ).toEqual({
      prompt: 1,
      model: 0,
      fields: [
        { column: 2, field: 'size' },
        { column: 3, field: 'seed' },
        { column: 5, field: 'output_format' }
      ]
    })
  })

  it('offers only the fields some base has', () => {
    expect(guessMapping(['prompt', 'seed', 'guidance_scale'], [V3])).toEqual({ prompt: 0, fields: [] })
  })

  it('takes the first of two prompt columns, and a column named prompts', () => {
    expect(guessMapping(['prompts', 'prompt'], [V3])).toEqual({ prompt: 0, fields: [] })
  })

  it('finds nothing without a prompt column', () => {
    expect(guessMapping(['text', 'size'], [V3])).toBeUndefined()
  })
})

describe('the kind of a loaded file', () => {
  it('reads .csv and .tsv as tables, anything else a prompt per line', () => {
    expect(sourceKindOf('Prompts.CSV')).toBe('csv')
    expect(sourceKindOf('list.tsv')).toBe('csv')
    expect(sourceKindOf('prompts.txt')).toBe('lines')
    expect(sourceKindOf('notes')).toBe('lines')
  })
})
