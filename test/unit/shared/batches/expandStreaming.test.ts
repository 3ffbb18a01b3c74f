import { describe, expect, it } from 'vitest'
import { BatchSpec, expandBatch } from '../../../../src/shared/batches'
import { readCsv } from '../../../../src/shared/batches/csv'
import { codes, context, PARTNER_A, V3 } from './fixtures'

/** A CSV batch is made record by record as the file is read (src/shared/batches/expand.ts, csv.ts). */
describe('a CSV file made into rows as it is read', () => {
  it('still fails as before when the model listing throws, rather than blaming the file', () => {
    const spec = BatchSpec.parse({ bases: [V3], prompts: { kind: 'csv', text: 'prompt\na\nb\n' } })
    const broken = {
      lookupModel: (): never => {
        throw new Error('listing unavailable')
      }
    }
    expect(() => expandBatch(spec, broken)).toThrow('listing unavailable')
  })

  it('makes no row of a file whose mapping names a prompt column it does not have', () => {
    const text = 'prompt,size\na,1K\nb,2K\n'
    const mapping = { prompt: 5, fields: [] }
    const spec = BatchSpec.parse({ bases: [V3, PARTNER_A], prompts: { kind: 'csv', text, mapping } })
    const result = expandBatch(spec, context)
    expect(result.rows).toEqual([])
    expect(codes(result.issues)).toEqual(['csv_no_prompt_column'])
    expect(readCsv(text, mapping, [V3, PARTNER_A])).toEqual({
      rows: [],
      issues: [{ code: 'csv_no_prompt_column', values: { columns: 'prompt, size' } }],
      modelColumn: false
    })
  })

  it('makes the same rows every way as row by row when the file names each record’s model', () => {
    const text = 'prompt,model,size\na,gpt-image,1024x1024\nb,seedream,2K\nc,dall-e,2K\n'
    const every = BatchSpec.parse({ bases: [V3, PARTNER_A], prompts: { kind: 'csv', text } })
    const rows = BatchSpec.parse({ bases: [V3, PARTNER_A], prompts: { kind: 'csv', text }, combine: 'rows' })
    expect(expandBatch(every, context)).toStrictEqual(expandBatch(rows, context))
  })
})
