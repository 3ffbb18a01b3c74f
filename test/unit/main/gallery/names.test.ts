import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isReservedName, pathInside } from '../../../../src/main/library/names'
import {
  DATE_TIME_FIELDS,
  dateTimeParts,
  endpointSlug,
  renderTemplate,
  UniqueNames,
  type TemplateValues
} from '../../../../src/main/gallery/names'
import { makeTempDir } from '../../../helpers/tempDir'
import { fuzzStrings, NASTY } from './nasty'

const values = (over: Partial<TemplateValues> = {}): TemplateValues => ({
  date: '2025-05-01',
  time: '12-00-00',
  model: 'studio-image-v3',
  endpoint: 'v3-images-generations',
  index: '001',
  prompt: 'a red fox',
  size: '1024x1024',
  seed: '',
  job: 'abcd1234',
  id: 'ef567890',
  ...over
})

/** P33's figure: valid on Windows (no forbidden or control characters, no device name) and short. */
function expectValidName(name: string): void {
  expect(Buffer.byteLength(name)).toBeLessThanOrEqual(100 + 1 + 8 + 6)
  // eslint-disable-next-line no-control-regex
  expect(name).not.toMatch(/[\u0000-\u001f<>:"/\\|?*\u202a-\u202e\u2066-\u2069]/)
  expect(name).not.toMatch(/^[. ]|[. ]$/)
  expect(isReservedName(name)).toBe(false)
  expect(name).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/)
}

describe('export names from the template', () => {
  it('renders the default template readably', () => {
    expect(renderTemplate('{date}_{model}_{index}', values())).toBe('2025-05-01_studio-image-v3_001')
    expect(renderTemplate('{prompt}-{size}-{job}', values())).toBe('a red fox-1024x1024-abcd1234')
    expect(renderTemplate('{date} {time}', values())).toBe('2025-05-01 12-00-00')
  })

  it('turns separators inside values into dashes and leaves unknown placeholders as typed', () => {
    expect(renderTemplate('{model}', values({ model: 'org/model:v2' }))).toBe('org-model-v2')
    expect(renderTemplate('{nope}_{index}', values())).toBe('{nope}_001')
    expect(renderTemplate('{prompt}', values({ prompt: 'x'.repeat(500) }))).toHaveLength(60)
  })

  it('gives unique names, ignoring case, within the byte limit', () => {
    const names = new UniqueNames()
    expect(names.take('Fox', 'png')).toBe('Fox.png')
    expect(names.take('fox', 'png')).toBe('fox-2.png')
    expect(names.take('FOX', 'png')).toBe('FOX-3.png')
    expect(names.take('fox', 'jpg')).toBe('fox.jpg')
    const long = 'é'.repeat(80)
    const first = names.take(long, 'png')
    const second = names.take(long, 'png')
    expect(second).not.toBe(first)
    expect(Buffer.byteLength(second.replace(/\.png$/, ''))).toBeLessThanOrEqual(100)
    expect(second.endsWith('-2.png')).toBe(true)
    expect(names.take('', 'png')).toBe('image.png')
    expect(names.take('...', 'png')).toBe('image-2.png')
    expect(names.take('CON', 'png')).toBe('_CON.png')
  })

  it('never yields a bad or clashing name for 10,000 fuzzed prompts and models, and writes stay inside [P33]', () => {
    const temp = makeTempDir('gs-names-')
    const dir = join(temp.dir, 'export', 'images')
    mkdirSync(dir, { recursive: true })
    const names = new UniqueNames()
    const taken = new Set<string>()
    const inputs = [...NASTY, ...fuzzStrings(10_000, 11)]
    try {
      inputs.forEach((text, i) => {
        const template =
          i % 4 === 0 ? '{prompt}' : i % 4 === 1 ? '{model}_{index}' : i % 4 === 2 ? text : '{date}'
        const name = names.take(renderTemplate(template, values({ prompt: text, model: text })), 'png')
        expectValidName(name)
        expect(taken.has(name.toLowerCase())).toBe(false)
        taken.add(name.toLowerCase())
        if (i % 10 === 0) writeFileSync(pathInside(dir, name), '')
      })
      expect(readdirSync(join(temp.dir, 'export'))).toEqual(['images'])
      expect(readdirSync(dir).length).toBe(Math.ceil(inputs.length / 10))
    } finally {
      temp.cleanup()
    }
  })

  it('formats dates in the requested zone and slugs endpoints', () => {
    const at = Date.UTC(2025, 0, 31, 23, 30, 5)
    expect(dateTimeParts('UTC')(at)).toEqual({ date: '2025-01-31', time: '23-30-05' })
    expect(dateTimeParts('Asia/Tokyo')(at)).toEqual({ date: '2025-02-01', time: '08-30-05' })
    expect(endpointSlug('/v3/images/generations')).toBe('v3-images-generations')
  })

  it('agrees with Intl for every instant, across DST changes and quarter-hour zones', () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/St_Johns',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'America/Los_Angeles'
    ]
    const instants = [
      Date.UTC(2025, 2, 9, 9, 59, 59),
      Date.UTC(2025, 2, 9, 10, 0, 0),
      Date.UTC(2025, 2, 30, 0, 59, 59),
      Date.UTC(2025, 2, 30, 1, 0, 0),
      Date.UTC(2025, 3, 5, 15, 29, 59),
      Date.UTC(2025, 3, 5, 15, 30, 0),
      ...Array.from({ length: 400 }, (_, i) => Date.UTC(2025, 0, 1) + i * 7_919_113)
    ]
    for (const zone of zones) {
      const fast = dateTimeParts(zone)
      const slow = new Intl.DateTimeFormat('en-CA', { ...DATE_TIME_FIELDS, timeZone: zone })
      for (const at of instants) {
        const p = Object.fromEntries(slow.formatToParts(at).map((part) => [part.type, part.value]))
        expect([zone, at, fast(at)]).toEqual([
          zone,
          at,
          { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}-${p.minute}-${p.second}` }
        ])
      }
    }
  })
})
