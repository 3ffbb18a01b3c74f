import { describe, expect, it } from 'vitest'
import { csvCell, manifestCsv, manifestJson, type ManifestEntry } from '../../../../src/main/gallery/manifest'
import { fuzzStrings, NASTY } from './nasty'

/** A strict RFC 4180 reader: every field must be quoted the way we write them. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let i = 0
  while (i < text.length) {
    if (text[i] !== '"') throw new Error(`unquoted field at ${i}`)
    let value = ''
    i++
    for (;;) {
      const ch = text[i]
      if (ch === undefined) throw new Error('unterminated field')
      if (ch === '"') {
        if (text[i + 1] === '"') {
          value += '"'
          i += 2
          continue
        }
        i++
        break
      }
      value += ch
      i++
    }
    row.push(value)
    if (text[i] === ',') i++
    else if (text.startsWith('\r\n', i)) {
      rows.push(row)
      row = []
      i += 2
    } else throw new Error(`junk after field at ${i}`)
  }
  return rows
}

const entry = (prompt: string, i: number): ManifestEntry => ({
  file: `images/${i}.png`,
  prompt,
  revisedPrompt: i % 2 ? `revised ${prompt}` : null,
  model: 'studio-image-v3',
  endpoint: '/v3/images/generations',
  size: '1024x1024',
  width: 1024,
  height: 1024,
  seed: i % 3 === 0 ? -1 : null,
  usage: '1 image',
  usageRaw: { total_tokens: 10 },
  billingUnit: 'image',
  created: '2025-05-01T12:00:00.000Z',
  jobId: `job-${i}`,
  resultId: `r-${i}`,
  mime: 'image/png',
  bytes: 100
})

/** What a spreadsheet shows after our guard: the original, with one leading quote on formula-like text. */
const guarded = (value: string): string =>
  /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value

describe('manifest.csv', () => {
  it('quotes every field and doubles quotes', () => {
    expect(csvCell('plain')).toBe('"plain"')
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"')
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"')
    expect(csvCell('')).toBe('""')
  })

  it('guards cells that a spreadsheet would run as a formula, but not plain numbers', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"')
    expect(csvCell('+1+1')).toBe('"\'+1+1"')
    expect(csvCell('-2+3')).toBe('"\'-2+3"')
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"')
    expect(csvCell('\t=1')).toBe('"\'\t=1"')
    expect(csvCell('-1')).toBe('"-1"')
    expect(csvCell('-0.5')).toBe('"-0.5"')
    expect(csvCell('a=b')).toBe('"a=b"')
  })

  it('round-trips fuzzed prompts through a strict reader, one row per image', () => {
    const prompts = [...NASTY, ...fuzzStrings(2000)]
    const csv = manifestCsv(prompts.map(entry))
    expect(csv.startsWith('\uFEFF')).toBe(true)
    const rows = parseCsv(csv.slice(1))
    expect(rows[0]).toEqual([
      'file',
      'prompt',
      'revised_prompt',
      'model',
      'endpoint',
      'size',
      'seed',
      'usage',
      'billing_unit',
      'created',
      'job_id'
    ])
    expect(rows).toHaveLength(prompts.length + 1)
    prompts.forEach((prompt, i) => {
      const row = rows[i + 1] ?? []
      expect(row[0]).toBe(`images/${i}.png`)
      expect(row[1]).toBe(guarded(prompt))
      expect(row[2]).toBe(i % 2 ? guarded(`revised ${prompt}`) : '')
      expect(row[6]).toBe(i % 3 === 0 ? '-1' : '')
      expect(row[10]).toBe(`job-${i}`)
      for (const cell of row) expect(cell).not.toMatch(/^[=+@\t\r]/)
    })
  })
})

describe('manifest.json', () => {
  it('lists every image with its fields, the prompts exactly', () => {
    const prompts = NASTY.slice(0, 10)
    const parsed = JSON.parse(
      manifestJson(prompts.map(entry), {
        exportedAt: '2025-05-01T12:00:00.000Z',
        app: 'Gateway Studio',
        version: '1'
      })
    ) as {
      count: number
      images: { prompt: string; file: string; seed: number | null; usageReported: unknown }[]
    }
    expect(parsed.count).toBe(10)
    expect(parsed.images.map((i) => i.prompt)).toEqual(prompts)
    expect(parsed.images[0]).toMatchObject({
      file: 'images/0.png',
      seed: -1,
      usageReported: { total_tokens: 10 }
    })
  })
})
