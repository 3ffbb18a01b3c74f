import { BatchSpec, type BatchContext, type BatchModel } from '../../../../src/shared/batches'
import { ENDPOINTS } from '../../../../src/shared/gateway/spec'
import { defaultFieldMap } from '../../../../src/shared/gateway/fieldMap'
import type { ProfileExtras } from '../../../../src/shared/gateway/preflight'
import { JobRequest } from '../../../../src/shared/schemas/jobs'

/**
 * Random batches over every endpoint, made to hit what the checks refuse: sizes and seeds out of range or
 * of the wrong kind, blank and very long prompts, unknown models and lists, broken wildcards, nested fields,
 * extras from the request and the profile, models the listing puts elsewhere. Seeded, so a failure comes
 * back with the same batch.
 */

/** A small seeded generator (mulberry32). */
export function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const MEDIA = 'a'.repeat(32)

/** Bases of every endpoint, several with nested objects, references or their own seed. */
const BASES: JobRequest[] = [
  { endpoint: 'imagesV3', body: { model: 'gpt-image', prompt: '', size: '1024x1024', output_format: 'png' } },
  { endpoint: 'imagesV3', body: { model: 'gpt-image-n', prompt: '', n: 2, background: 'transparent' } },
  { endpoint: 'partnerA', body: { model: 'seedream', prompt: '', size: '2K', seed: 100 } },
  { endpoint: 'partnerA', body: { model: 'seedream-bare', prompt: '' } },
  {
    endpoint: 'partnerA',
    body: {
      model: 'seedream-group',
      prompt: '',
      sequential_image_generation: 'auto',
      sequential_image_generation_options: { max_images: 2 },
      tools: [{ type: 'web_search', options: { depth: [1, 2] } }],
      watermark: false
    },
    references: [{ url: 'https://example.com/a.png' }],
    stream: true
  },
  { endpoint: 'partnerB', body: { model: 'wan', prompt: '', size: '2K', seed: 5 } },
  {
    endpoint: 'partnerB',
    body: { model: 'wan-refs', prompt: '', size: '4K', extra: { style: 'ink', mood: { calm: true } } },
    references: [{ url: 'https://example.com/b.png' }]
  },
  { endpoint: 'imagesV1', body: { model: 'compat', prompt: '', seed: 7, n: 2, quality: 'hd' } },
  {
    endpoint: 'imagesV2',
    body: { model: 'async', prompt: '', resolution: '2K', extra: { style: 'x', nested: { a: [1, 2] } } },
    count: 2
  },
  { endpoint: 'videos', body: { model: 'video', prompt: '', duration: 5, size: '1280x720' } },
  {
    endpoint: 'imageEdits',
    body: { model: 'edit', prompt: '', fields: { n: 2, quality: 'hd' } },
    images: [{ mediaId: MEDIA }]
  }
].map((base) => JobRequest.parse(base))

const COLUMNS: Record<string, readonly string[]> = {
  prompt: [
    'a cat',
    'a dog, on white',
    '',
    '   ',
    '"quoted ""twice"", with commas"',
    'x'.repeat(5000),
    '{red|blue} car',
    '__colour__ hat',
    '__nope__ hat',
    '__empty__ hat',
    '__broken__ hat',
    '{ |x}',
    '{ | }',
    '{open',
    'a {|very }dark cat',
    'Product 7: a teal lamp',
    '\\{literal\\}'
  ],
  model: ['gpt-image', 'seedream', 'wan', 'compat', 'async', 'video', 'edit', 'dall-e', '', 'seedream-group'],
  seed: [
    '1',
    '42',
    '-7',
    '0',
    '-0',
    '1.5',
    '1,5',
    '9007199254740993',
    '1e21',
    '1e400',
    'abc',
    '',
    '+5',
    '.5'
  ],
  size: ['2K', '4K', '1K', '2048x2048', '100x100', '8000x100', '1024x1024', 'auto', '16:9', '', 'huge'],
  guidance_scale: ['7', '7,5', 'x', '', '-0', '0'],
  watermark: ['true', 'FALSE', 'yes', ''],
  n: ['1', '2', '0', '', 'x', '11'],
  style: ['watercolor', '', '1', 'true'],
  duration: ['5', '0', '', 'x'],
  resolution: ['2K', '8K', '']
}

const EXPLICIT_FIELDS = [
  'seed',
  'n',
  'size',
  'sequential_image_generation_options.max_images',
  'tools',
  'negative_prompt',
  'watermark',
  'count'
]

const pick = <T>(next: () => number, values: readonly T[]): T =>
  values[Math.floor(next() * values.length)] as T

const quoted = (cell: string): string => (/[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)

function csvOf(next: () => number, rows: number): { text: string; mapping?: unknown } {
  const names = Object.keys(COLUMNS).filter((name) => name === 'prompt' || next() < 0.5)
  const lines = [names.join(',')]
  for (let i = 0; i < rows; i++) {
    lines.push(names.map((name) => quoted(pick(next, COLUMNS[name] ?? ['']))).join(','))
  }
  const text = `${lines.join(next() < 0.2 ? '\r\n' : '\n')}\n`
  if (next() < 0.7) return { text }
  // An explicit mapping: fields the guess would not find, some no endpoint has.
  const fields = names
    .map((name, column) => ({ column, field: name === 'prompt' || name === 'model' ? '' : name }))
    .filter(({ field }) => field !== '')
    .map(({ column }) => ({ column, field: pick(next, EXPLICIT_FIELDS) }))
    .filter((entry, i, all) => all.findIndex((other) => other.field === entry.field) === i)
  const model = names.indexOf('model')
  return { text, mapping: { prompt: 0, ...(model >= 0 ? { model } : {}), fields } }
}

function linesOf(next: () => number, rows: number): string {
  const prompts = COLUMNS['prompt'] ?? []
  return Array.from({ length: rows }, () => pick(next, prompts)).join('\n')
}

const PROFILES: (ProfileExtras | undefined)[] = [
  undefined,
  { name: 'Acme', extraFields: { partnerA: { n: 3 } }, fieldMap: defaultFieldMap() },
  {
    name: 'Acme',
    extraFields: { partnerA: { seed: 'x', watermark: 'no' }, partnerB: { seed: 1.5, watermark: 'no' } },
    fieldMap: defaultFieldMap()
  },
  {
    name: 'Acme',
    extraFields: { imagesV2: { resolution: '8K' }, videos: { duration: 0 } },
    fieldMap: defaultFieldMap()
  },
  {
    name: 'Renamed',
    extraFields: { partnerB: { seed: 3, random_seed: 'x', img_size: '9K' } },
    fieldMap: {
      ...defaultFieldMap(),
      partnerB: { ...defaultFieldMap().partnerB, seed: 'random_seed', size: 'img_size' }
    }
  },
  {
    name: 'Ratio as seed',
    extraFields: { imagesV2: { seed: 12 } },
    fieldMap: { ...defaultFieldMap(), imagesV2: { ...defaultFieldMap().imagesV2, size: 'seed' } }
  }
]

/** The listing: each base's model on its own endpoint, on another, on none, or not listed at all. */
function contextOf(next: () => number, bases: readonly JobRequest[]): BatchContext {
  const listing = new Map<string, BatchModel>()
  for (const base of bases) {
    const id = base.body.model
    const roll = next()
    if (roll < 0.55) listing.set(id, { id, supported_endpoints: [ENDPOINTS[base.endpoint]] })
    else if (roll < 0.7) listing.set(id, { id, supported_endpoints: [ENDPOINTS.chatCompletions] })
    else if (roll < 0.8) listing.set(id, { id })
  }
  return { lookupModel: (id) => listing.get(id), profile: pick(next, PROFILES) }
}

const SEEDS = [0, 1, -1, 42, 2 ** 31, -(2 ** 40), Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]

/** A random batch and its context; null when the spec itself is refused (the expansion never sees those). */
export function randomBatch(
  next: () => number,
  rows: number
): { spec: BatchSpec; context: BatchContext } | null {
  const count = 1 + Math.floor(next() * 3)
  const bases = [...BASES].sort(() => next() - 0.5).slice(0, count)
  const csv = next() < 0.7
  const roll = next()
  const seeds =
    roll < 0.4
      ? undefined
      : roll < 0.7
        ? { kind: 'list', seeds: Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(next, SEEDS)) }
        : { kind: 'variations', count: 1 + Math.floor(next() * 3) }
  const sizes =
    next() < 0.6
      ? undefined
      : Array.from({ length: 1 + Math.floor(next() * 2) }, () =>
          pick(next, ['2K', '4K', '1024x1024', '16:9', 'x'])
        )
  const parsed = BatchSpec.safeParse({
    bases,
    prompts: csv ? { kind: 'csv', ...csvOf(next, rows) } : { kind: 'lines', text: linesOf(next, rows) },
    lists: { colour: ['red', '{dark|light} blue', ' '], empty: ['  '], broken: ['{open'] },
    ...(seeds ? { seeds } : {}),
    ...(sizes ? { sizes } : {}),
    combine: next() < 0.7 ? 'every' : 'rows'
  })
  return parsed.success ? { spec: parsed.data, context: contextOf(next, bases) } : null
}
