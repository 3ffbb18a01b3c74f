import { describe, expect, it } from 'vitest'
import { expandBatch, MAX_BATCH_JOBS, type BatchRow } from '../../../../src/shared/batches'
import { defaultFieldMap } from '../../../../src/shared/gateway/fieldMap'
import { JobRequest } from '../../../../src/shared/schemas/jobs'
import { codes, context, PARTNER_A, PARTNER_A_NO_SEED, spec, V3 } from './fixtures'

const bodyOf = (row: BatchRow | undefined): Readonly<Record<string, unknown>> | undefined =>
  row?.request?.body

const shown = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? `${value}` : '-'

/** Each row as model, prompt, seed and size: what a designer checks in the preview. */
const plan = (rows: readonly BatchRow[]): string[] =>
  rows.map((row) => {
    const body = bodyOf(row) ?? {}
    return [row.model, row.prompt, shown(body['seed']), shown(body['size']), row.request ? 'ok' : 'x'].join(
      ' '
    )
  })

describe('every combination', () => {
  it('makes prompts × models × seeds × sizes, prompt first, then model, seed and size', () => {
    const result = expandBatch(
      spec({
        bases: [PARTNER_A, V3],
        prompts: { kind: 'lines', text: 'a cat\n\n  a dog  \n' },
        seeds: { kind: 'list', seeds: [1, 2] },
        sizes: ['1024x1024', '1536x1024']
      }),
      context
    )
    expect(result.issues).toEqual([])
    expect(result.rows).toHaveLength(2 * 2 * 2 * 2)
    expect(plan(result.rows.slice(0, 8))).toEqual([
      'seedream a cat 1 1024x1024 ok',
      'seedream a cat 1 1536x1024 ok',
      'seedream a cat 2 1024x1024 ok',
      'seedream a cat 2 1536x1024 ok',
      // v3 takes no seed: the seeds axis is that model's issue, on each of its rows.
      'gpt-image a cat - - x',
      'gpt-image a cat - - x',
      'gpt-image a cat - - x',
      'gpt-image a cat - - x'
    ])
    expect(result.rows[4]?.issues).toEqual([
      {
        code: 'seed_not_supported',
        values: { line: 1, model: 'gpt-image', endpoint: 'imagesV3', seed: 1 }
      }
    ])
    expect(result.rows[8]?.source).toEqual({ line: 3 })
    expect(result.rows.map((row) => row.index)).toEqual([...result.rows.keys()])
  })

  it('counts jobs, valid and invalid rows and images, by model and by endpoint', () => {
    const twoImages = JobRequest.parse({
      endpoint: 'imagesV3',
      body: { model: 'gpt-image', prompt: '', n: 2 }
    })
    const result = expandBatch(
      spec({
        bases: [twoImages, PARTNER_A],
        prompts: { kind: 'lines', text: 'a\nb\nc' },
        sizes: ['1024x1024', '2K']
      }),
      context
    )
    expect(result.summary).toEqual({
      jobs: 12,
      total: 12,
      valid: 9,
      invalid: 3,
      // v3 refuses 2K (pick_one): 3 valid v3 jobs of 2 images, 6 partner-a jobs of one.
      images: 3 * 2 + 6,
      byModel: [
        { model: 'gpt-image', endpoint: 'imagesV3', jobs: 6, valid: 3, images: 6 },
        { model: 'seedream', endpoint: 'partnerA', jobs: 6, valid: 6, images: 6 }
      ],
      byEndpoint: [
        { endpoint: 'imagesV3', jobs: 6, valid: 3, images: 6 },
        { endpoint: 'partnerA', jobs: 6, valid: 6, images: 6 }
      ]
    })
  })

  it('checks each row against its own model’s endpoint: a size one refuses is that row’s issue only', () => {
    const result = expandBatch(spec({ bases: [V3, PARTNER_A], sizes: ['2K'] }), context)
    const [v3, partnerA] = result.rows
    expect(v3?.request).toBeNull()
    expect(v3?.endpoint).toBe('imagesV3')
    expect(codes(v3?.issues ?? [])).toEqual(['pick_one'])
    expect(partnerA?.issues).toEqual([])
    expect(bodyOf(partnerA)).toEqual({ model: 'seedream', prompt: 'a cat', size: '2K', seed: 100 })
    expect(partnerA?.request?.endpoint).toBe('partnerA')
  })

  it('says when an endpoint has no size setting at all', () => {
    const edit = JobRequest.parse({
      endpoint: 'imageEdits',
      body: { model: 'gpt-image', prompt: '' },
      images: [{ mediaId: 'a'.repeat(32) }]
    })
    const [row] = expandBatch(spec({ bases: [edit], sizes: ['1024x1024'] }), context).rows
    expect(row?.issues).toContainEqual({
      code: 'size_not_supported',
      values: { line: 1, model: 'gpt-image', endpoint: 'imageEdits', size: '1024x1024' }
    })
  })

  it('runs the same pre-flight the backend does: the model listing and the profile’s extras', () => {
    const offV3 = {
      lookupModel: (id: string) => ({ id, supported_endpoints: ['/partner-a/v3/images/generations'] })
    }
    const [v3] = expandBatch(spec({}), offV3).rows
    expect(codes(v3?.issues ?? [])).toEqual(['model_not_on_endpoint'])
    const profile = { name: 'Acme', extraFields: { partnerA: { n: 3 } }, fieldMap: defaultFieldMap() }
    const [partnerA] = expandBatch(spec({ bases: [PARTNER_A] }), { ...context, profile }).rows
    expect(codes(partnerA?.issues ?? [])).toEqual(['no_count_use_group'])
  })
})

describe('variations', () => {
  it('count up from the base’s seed, so the batch can be made again', () => {
    const rows = expandBatch(
      spec({ bases: [PARTNER_A], seeds: { kind: 'variations', count: 3 } }),
      context
    ).rows
    expect(rows.map((row) => bodyOf(row)?.['seed'])).toEqual([100, 101, 102])
  })

  it('leave the seed to the gateway when the base has none, on any endpoint', () => {
    const rows = expandBatch(
      spec({ bases: [PARTNER_A_NO_SEED, V3], seeds: { kind: 'variations', count: 2 } }),
      context
    ).rows
    expect(plan(rows)).toEqual([
      'seedream a cat - - ok',
      'seedream a cat - - ok',
      'gpt-image a cat - 1024x1024 ok',
      'gpt-image a cat - 1024x1024 ok'
    ])
  })
})

describe('row by row', () => {
  it('pairs the i-th prompt with the i-th model, seed and size; one value goes with every row', () => {
    const result = expandBatch(
      spec({
        bases: [PARTNER_A, V3],
        prompts: { kind: 'lines', text: 'one\ntwo' },
        seeds: { kind: 'list', seeds: [5] },
        sizes: ['1024x1024', '1536x1024'],
        combine: 'rows'
      }),
      context
    )
    expect(result.issues).toEqual([])
    expect(plan(result.rows)).toEqual(['seedream one 5 1024x1024 ok', 'gpt-image two - - x'])
    expect(result.rows[1]?.issues).toEqual([
      { code: 'seed_not_supported', values: { line: 2, model: 'gpt-image', endpoint: 'imagesV3', seed: 5 } }
    ])
  })

  it('repeats a single prompt along a longer axis, with every combination of its wildcards', () => {
    const rows = expandBatch(
      spec({
        bases: [PARTNER_A],
        prompts: { kind: 'lines', text: 'a {red|blue} car' },
        seeds: { kind: 'list', seeds: [1, 2, 3] },
        combine: 'rows'
      }),
      context
    ).rows
    expect(plan(rows)).toEqual([
      'seedream a red car 1 2K ok',
      'seedream a blue car 1 2K ok',
      'seedream a red car 2 2K ok',
      'seedream a blue car 2 2K ok',
      'seedream a red car 3 2K ok',
      'seedream a blue car 3 2K ok'
    ])
  })

  it('refuses axes of other lengths, naming both, and makes no rows', () => {
    const result = expandBatch(
      spec({
        bases: [PARTNER_A, V3],
        prompts: { kind: 'lines', text: 'a\nb\nc' },
        combine: 'rows'
      }),
      context
    )
    expect(result.rows).toEqual([])
    expect(result.issues).toEqual([
      {
        code: 'rows_unequal',
        values: { first: 'prompts', firstLength: 3, second: 'models', secondLength: 2 }
      }
    ])
  })

  it('names the two axes that differ even when prompts agree with one of them', () => {
    const result = expandBatch(
      spec({
        prompts: { kind: 'lines', text: 'a\nb' },
        seeds: { kind: 'list', seeds: [1, 2] },
        sizes: ['1024x1024', '1536x1024', '1024x1536'],
        combine: 'rows'
      }),
      context
    )
    expect(result.issues).toEqual([
      { code: 'rows_unequal', values: { first: 'prompts', firstLength: 2, second: 'sizes', secondLength: 3 } }
    ])
  })
})

describe('a CSV file', () => {
  const csv = (text: string, extra: Parameters<typeof spec>[0] = {}) =>
    expandBatch(spec({ bases: [V3, PARTNER_A], prompts: { kind: 'csv', text }, ...extra }), context)

  it('sends each record to the model it names, row by row by nature; an empty model cell means every model', () => {
    const result = csv('prompt,model\nfor v3,gpt-image\nfor a,seedream\nfor both,\n')
    expect(plan(result.rows)).toEqual([
      'gpt-image for v3 - 1024x1024 ok',
      'seedream for a 100 2K ok',
      'gpt-image for both - 1024x1024 ok',
      'seedream for both 100 2K ok'
    ])
    expect(result.rows[0]?.source).toEqual({ line: 2, values: { prompt: 'for v3', model: 'gpt-image' } })
  })

  it('does not line the model column up with the bases in rows mode', () => {
    const result = csv('prompt,model\na,gpt-image\nb,seedream\nc,seedream\n', { combine: 'rows' })
    expect(result.issues).toEqual([])
    expect(plan(result.rows).map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual([
      'gpt-image a',
      'seedream b',
      'seedream c'
    ])
  })

  it('makes a record naming an unknown model one invalid row', () => {
    const [row] = csv('prompt,model\nhello,dall-e\n').rows
    expect(row).toMatchObject({ model: 'dall-e', endpoint: null, request: null, prompt: 'hello' })
    expect(row?.issues).toEqual([{ code: 'unknown_model', values: { line: 2, model: 'dall-e' } }])
  })

  it('sets mapped fields, converting numbers for number fields; an empty cell keeps the base value', () => {
    const rows = csv('prompt,model,seed,size,guidance_scale\na,seedream,42,,"7,5"\nb,seedream,,4K,3\n').rows
    expect(bodyOf(rows[0])).toEqual({
      model: 'seedream',
      prompt: 'a',
      size: '2K',
      seed: 42,
      guidance_scale: 7.5
    })
    expect(bodyOf(rows[1])).toEqual({
      model: 'seedream',
      prompt: 'b',
      size: '4K',
      seed: 100,
      guidance_scale: 3
    })
  })

  it('refuses a cell that is not a number for a number field, and not true/false for a boolean one', () => {
    const rows = csv('prompt,model,seed,watermark\na,seedream,forty,TRUE\nb,seedream,1,yes\n', {
      prompts: {
        kind: 'csv',
        text: 'prompt,model,seed,watermark\na,seedream,forty,TRUE\nb,seedream,1,yes\n',
        mapping: {
          prompt: 0,
          model: 1,
          fields: [
            { column: 2, field: 'seed' },
            { column: 3, field: 'watermark' }
          ]
        }
      }
    }).rows
    expect(rows[0]?.issues).toEqual([
      { code: 'field_not_number', values: { line: 2, field: 'seed', value: 'forty' } }
    ])
    expect(rows[1]?.issues).toEqual([
      { code: 'field_not_boolean', values: { line: 3, field: 'watermark', value: 'yes' } }
    ])
    expect(rows.map((row) => row.request)).toEqual([null, null])
  })

  it('says when a model has no such setting, and puts unknown ones where the endpoint keeps extras', () => {
    const v2 = JobRequest.parse({ endpoint: 'imagesV2', body: { model: 'async-image', prompt: '' } })
    const text = 'prompt,seed,style,negative_prompt\na,3,watercolor,blurry\n'
    const mapping = {
      prompt: 0,
      fields: [
        { column: 1, field: 'seed' },
        { column: 2, field: 'style' },
        { column: 3, field: 'negative_prompt' }
      ]
    }
    const result = expandBatch(
      spec({ bases: [V3, PARTNER_A_NO_SEED, v2], prompts: { kind: 'csv', text, mapping } }),
      context
    )
    const [v3, partnerA, async] = result.rows
    // v3 keeps no extras: each unknown setting is refused by name.
    expect(codes(v3?.issues ?? [])).toEqual([
      'field_not_supported',
      'field_not_supported',
      'field_not_supported'
    ])
    expect(v3?.issues[1]).toEqual({
      code: 'field_not_supported',
      values: { line: 2, model: 'gpt-image', endpoint: 'imagesV3', field: 'style' }
    })
    // partner-a's body is the provider's own: any field goes in, as text unless its schema says a number.
    expect(bodyOf(partnerA)).toEqual({
      model: 'seedream',
      prompt: 'a',
      seed: 3,
      style: 'watercolor',
      negative_prompt: 'blurry'
    })
    // v2 has no seed field: it goes with the other extras, as the text the cell holds.
    expect(bodyOf(async)?.['extra']).toEqual({ seed: '3', style: 'watercolor', negative_prompt: 'blurry' })
  })

  it('reaches a nested field by its dotted name, without touching the base', () => {
    const group = JobRequest.parse({
      endpoint: 'partnerA',
      body: {
        model: 'seedream',
        prompt: '',
        sequential_image_generation: 'auto',
        sequential_image_generation_options: { max_images: 2 }
      }
    })
    const text = 'prompt,max\na,5\nb,\n'
    const mapping = {
      prompt: 0,
      fields: [{ column: 1, field: 'sequential_image_generation_options.max_images' }]
    }
    const result = expandBatch(spec({ bases: [group], prompts: { kind: 'csv', text, mapping } }), context)
    expect(result.rows.map((row) => bodyOf(row)?.['sequential_image_generation_options'])).toEqual([
      { max_images: 5 },
      { max_images: 2 }
    ])
    expect(result.summary.images).toBe(5 + 2)
    expect(group.body).toMatchObject({ sequential_image_generation_options: { max_images: 2 } })
  })

  it('makes a row whose request the job schema refuses invalid, naming the field', () => {
    const text = 'prompt,tools\na,web_search\n'
    const mapping = { prompt: 0, fields: [{ column: 1, field: 'tools' }] }
    const [row] = expandBatch(
      spec({ bases: [PARTNER_A], prompts: { kind: 'csv', text, mapping } }),
      context
    ).rows
    expect(row?.request).toBeNull()
    expect(row?.issues).toEqual([{ code: 'request_invalid', values: { line: 2, field: 'body.tools' } }])
  })

  it('says there is no prompt column, and nothing else', () => {
    const result = csv('text,size\nhello,1K\n')
    expect(result.rows).toEqual([])
    expect(codes(result.issues)).toEqual(['csv_no_prompt_column'])
  })

  it('turns a wildcard problem into one invalid row of its line, the other lines still made', () => {
    const result = csv('prompt\nfine\n"a __colour__ car"\n')
    expect(plan(result.rows)).toEqual([
      'gpt-image fine - 1024x1024 ok',
      'seedream fine 100 2K ok',
      ' a __colour__ car - - x'
    ])
    expect(result.rows[2]?.issues).toEqual([{ code: 'unknown_list', values: { line: 3, name: 'colour' } }])
  })
})

describe('the cap', () => {
  it('stops at MAX_BATCH_JOBS and says how many the combination would make', () => {
    const digits = '{0|1|2|3|4|5|6|7|8|9}'
    const result = expandBatch(
      spec({
        bases: [V3, PARTNER_A],
        prompts: { kind: 'lines', text: `${digits}${digits}${digits}${digits}` }
      }),
      context
    )
    expect(result.rows).toHaveLength(MAX_BATCH_JOBS)
    expect(result.issues).toEqual([{ code: 'too_many_jobs', values: { max: MAX_BATCH_JOBS, total: 20_000 } }])
    expect(result.summary).toMatchObject({ jobs: MAX_BATCH_JOBS, total: 20_000, valid: MAX_BATCH_JOBS })
    expect(result.rows.at(-1)?.prompt).toBe('4999')
  })

  it('counts an astronomically large product without building it', () => {
    const group = `{${Array.from({ length: 100 }, (_, i) => `w${i}`).join('|')}} `
    const started = performance.now()
    const result = expandBatch(
      spec({
        prompts: { kind: 'lines', text: `${group.repeat(40)}\n${group.repeat(3)}` },
        seeds: { kind: 'variations', count: MAX_BATCH_JOBS }
      }),
      context
    )
    expect(performance.now() - started).toBeLessThan(5_000)
    expect(result.rows).toHaveLength(MAX_BATCH_JOBS)
    expect(result.issues).toEqual([
      { code: 'too_many_jobs', values: { max: MAX_BATCH_JOBS, total: Number.MAX_SAFE_INTEGER } }
    ])
  })

  it('expands a 10,000-row CSV on two endpoints quickly', () => {
    const lines = ['prompt,model,seed,size']
    for (let i = 0; i < 10_000; i++) {
      lines.push(
        `"product ${i}, on white",${i % 2 ? 'seedream' : 'gpt-image'},${i % 2 ? i : ''},${i % 2 ? '2K' : '1024x1024'}`
      )
    }
    const started = performance.now()
    const result = expandBatch(
      spec({ bases: [V3, PARTNER_A], prompts: { kind: 'csv', text: lines.join('\n') } }),
      context
    )
    const took = performance.now() - started
    expect(result.summary).toMatchObject({ jobs: 10_000, valid: 10_000, total: 10_000 })
    expect(result.issues).toEqual([])
    // Generous: a guard against walking the product or the text more than once, not a benchmark.
    expect(took).toBeLessThan(10_000)
  })
})

describe('nothing to make', () => {
  it('says there is no prompt', () => {
    const result = expandBatch(spec({ prompts: { kind: 'lines', text: '\n  \n' } }), context)
    expect(result).toEqual({
      rows: [],
      issues: [{ code: 'no_prompts', values: {} }],
      summary: { jobs: 0, total: 0, valid: 0, invalid: 0, images: 0, byModel: [], byEndpoint: [] }
    })
  })
})

describe('a style chosen on the form', () => {
  const style = { prefix: 'Studio photo of', suffix: ', soft light' }

  it('goes around every row’s prompt after its wildcards, as a single send puts it', () => {
    const result = expandBatch(
      spec({ bases: [PARTNER_A], prompts: { kind: 'lines', text: 'a {red|blue} kite\n, sunset' }, style }),
      context
    )
    expect(result.rows.map((row) => [row.prompt, bodyOf(row)?.['prompt']])).toEqual([
      ['Studio photo of a red kite, soft light', 'Studio photo of a red kite, soft light'],
      ['Studio photo of a blue kite, soft light', 'Studio photo of a blue kite, soft light'],
      // Punctuation joins without a space, as on the form.
      ['Studio photo of, sunset, soft light', 'Studio photo of, sunset, soft light']
    ])
  })

  it('leaves an empty prompt empty, so its row is refused rather than sent as the style alone', () => {
    const result = expandBatch(
      // A wildcard with an empty choice makes an empty prompt.
      spec({ bases: [PARTNER_A], prompts: { kind: 'lines', text: '{|a kite}' }, style }),
      context
    )
    expect(result.rows.map((row) => [row.prompt, row.request === null])).toEqual([
      ['', true],
      ['Studio photo of a kite, soft light', false]
    ])
  })
})
