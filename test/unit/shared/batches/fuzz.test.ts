import { describe, expect, it } from 'vitest'
import { BatchSpec, expandBatch, MAX_BATCH_JOBS, type BatchExpansion } from '../../../../src/shared/batches'
import { readCsv } from '../../../../src/shared/batches/csv'
import { createListTable, parsePrompt, promptAt } from '../../../../src/shared/batches/wildcards'
import { context, PARTNER_A, V3 } from './fixtures'

/** A small seeded generator (mulberry32), so a failure comes back with the same strings. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// The characters every reader here treats specially, and some it must not.
const ALPHABET = [...'{}|\\_",;\t\n\r abc123é颜色🙂', '\ufeff', '__', '\\{', '{a|b}', '__c__', '""', '\r\n']

function text(next: () => number, length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += ALPHABET[Math.floor(next() * ALPHABET.length)]
  return out
}

/** What every expansion keeps, whatever it was given. */
function holds(result: BatchExpansion): void {
  expect(result.rows.length).toBeLessThanOrEqual(MAX_BATCH_JOBS)
  result.rows.forEach((row, index) => {
    expect(row.index).toBe(index)
    expect(row.request === null).toBe(row.issues.length > 0)
  })
  expect(result.summary.jobs).toBe(result.rows.length)
  expect(result.summary.valid + result.summary.invalid).toBe(result.rows.length)
  expect(result.summary.total).toBeGreaterThanOrEqual(result.rows.length)
  expect(JSON.parse(JSON.stringify(result.issues))).toEqual(result.issues)
}

describe('bad input never throws', () => {
  const next = random(20_251_128)

  it('through the prompt parser', () => {
    const lists = createListTable({ c: ['x', '{y|z}'], broken: ['{open'] })
    for (let i = 0; i < 500; i++) {
      const prompt = text(next, Math.floor(next() * 40))
      const parsed = parsePrompt(prompt, lists, 1)
      if (parsed.ok) {
        expect(typeof promptAt(parsed.template, 0)).toBe('string')
        expect(typeof promptAt(parsed.template, parsed.template.count - 1)).toBe('string')
      } else {
        expect(parsed.issues.length).toBeGreaterThan(0)
      }
    }
  })

  it('through the CSV reader, with and without a mapping', () => {
    for (let i = 0; i < 300; i++) {
      const csv = text(next, Math.floor(next() * 200))
      const mapping = next() < 0.5 ? undefined : { prompt: Math.floor(next() * 3), fields: [] }
      const source = readCsv(csv, mapping, [V3, PARTNER_A])
      for (const row of source.rows) expect(row.line).toBeGreaterThan(0)
    }
  })

  it('through the whole expansion, every way and row by row', () => {
    for (let i = 0; i < 150; i++) {
      const csv = next() < 0.5
      const spec = BatchSpec.parse({
        bases: next() < 0.5 ? [V3, PARTNER_A] : [PARTNER_A],
        prompts: csv
          ? { kind: 'csv', text: `prompt,model,seed,size\n${text(next, 150)}` }
          : { kind: 'lines', text: text(next, 150) },
        lists: { c: [text(next, 8), text(next, 8)] },
        ...(next() < 0.3 ? { sizes: ['2K', '1024x1024'] } : {}),
        ...(next() < 0.3 ? { seeds: { kind: 'list', seeds: [1, 2] } } : {}),
        combine: next() < 0.5 ? 'every' : 'rows'
      })
      holds(expandBatch(spec, context))
    }
  })
})
