import { describe, expect, it } from 'vitest'
import { ENDPOINT_LIST } from '@shared/gateway/endpoints'
import type { FieldSpec, FormSpec, NumberSpec } from '@shared/gateway/endpoints/form'
import { fieldKeys, hasWords, optionPart } from '@renderer/jobs/imageForm/words'
import { createI18n } from '@renderer/i18n'
import { images } from '@shared/i18n/locales/en/images'

/**
 * Every word an endpoint descriptor's form shows (src/shared/gateway/endpoints, English data) has its entry
 * in the images catalog, in English as the descriptor says it and in Simplified Chinese: a new endpoint, a
 * new field, a new option word or a reworded hint fails here instead of showing English to Chinese readers.
 */

interface Text {
  endpoint: string
  key: string
  /** The catalog's name of the part: label, hint, … or options.<value>. */
  part: string
  english: string
  values?: Record<string, unknown>
}

/** A value a text field's `check` refuses, to hold the catalog's message to the descriptor's. */
const PROBES = ['x', 'not a value', '?']

function textsOf(endpoint: string, spec: FieldSpec): Text[] {
  const out: Text[] = []
  const add = (part: string, english: string | undefined, values?: Record<string, unknown>): void => {
    if (english !== undefined && hasWords(english))
      out.push({ endpoint, key: spec.key, part, english, ...(values ? { values } : {}) })
  }
  if (spec.kind === 'notice') {
    add('text', spec.text)
    return out
  }
  if (spec.kind === 'extra') return out
  add('label', spec.label)
  add('hint', spec.hint)
  add('words', spec.words)
  if (spec.kind === 'select') {
    add('empty', spec.empty)
    for (const value of spec.options) {
      const part = optionPart(value)
      if (part) add(part, value)
    }
  }
  if (spec.kind === 'text') {
    add('placeholder', spec.placeholder)
    const probe = PROBES.find((value) => spec.check?.(value) !== undefined)
    if (spec.check) {
      expect(probe, `${endpoint}.${spec.key}: a value its check refuses`).toBeDefined()
      add('invalid', spec.check(probe as string), { value: probe })
    }
  }
  if (spec.kind === 'number') {
    add('placeholder', spec.placeholder)
    add('required', spec.required)
    add('whenHint', spec.when?.hint)
    add('whenPlaceholder', spec.when?.placeholder)
  }
  if (spec.kind === 'toggle' && spec.inline) out.push(...textsOf(endpoint, spec.inline satisfies NumberSpec))
  return out
}

const FORMS = ENDPOINT_LIST.flatMap((d) => (d.form ? [{ key: d.key, form: d.form }] : []))
const textsOfForm = (endpoint: string, form: FormSpec): Text[] =>
  form.fields.flatMap((spec) => textsOf(endpoint, spec))

const english = createI18n('en')
const chinese = createI18n('zh-CN')
const resolved = (text: Text): string | undefined =>
  fieldKeys(text.endpoint, text.key, text.part).find((key) => english.exists(key))
const say = (lng: typeof english, key: string, values?: Record<string, unknown>): string =>
  (lng.t as unknown as (key: string, options?: Record<string, unknown>) => string)(key, values)

/** The descriptor texts with no catalog entry, named as the catalog would name them. */
const missing = (texts: Text[]): string[] =>
  texts.filter((text) => !resolved(text)).map((t) => `${t.endpoint}: images.fields.${t.key}.${t.part}`)

describe('the descriptors’ form words in the images catalog', () => {
  const texts = FORMS.flatMap(({ key, form }) => textsOfForm(key, form))

  it('has an entry for every word of every image endpoint’s form', () => {
    expect(FORMS.map((f) => f.key).sort()).toEqual([
      'imagesV1',
      'imagesV2',
      'imagesV3',
      'partnerA',
      'partnerB'
    ])
    expect(texts.length).toBeGreaterThan(30)
    expect(missing(texts)).toEqual([])
  })

  it('says in English exactly what the descriptor says, and in Chinese something else', () => {
    for (const text of texts) {
      const key = resolved(text) as string
      expect({ key, english: say(english, key, text.values) }).toEqual({ key, english: text.english })
      expect(chinese.exists(key, { lng: 'zh-CN', fallbackLng: false }), key).toBe(true)
      expect(say(chinese, key, text.values), key).not.toBe(text.english)
    }
  })

  it('says every endpoint’s line, and why it takes addresses only', () => {
    for (const descriptor of ENDPOINT_LIST.filter((d) => d.form)) {
      const base = `images.endpoints.${descriptor.key}`
      expect(say(english, `${base}.blurb`)).toBe(descriptor.form?.blurb)
      const urlOnly = descriptor.references?.urlOnly
      if (urlOnly) expect(say(english, `${base}.urlOnly`)).toBe(urlOnly)
      expect(say(chinese, `${base}.blurb`)).not.toBe(say(english, `${base}.blurb`))
    }
    for (const { form } of FORMS)
      for (const [wire, [, words]] of Object.entries(form.issueAliases ?? {}))
        expect(say(english, `images.issueAliases.${wire}`)).toBe(words)
  })

  it('keeps no entry that no descriptor uses, and one entry per field key where endpoints agree', () => {
    const used = new Set(texts.map((text) => resolved(text)))
    const leaves = (tree: object, prefix: string): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'string' ? [`${prefix}${key}`] : leaves(value as object, `${prefix}${key}.`)
      )
    const entries = [
      ...leaves(images.fields, 'images.fields.'),
      ...Object.entries(images.endpoints).flatMap(([endpoint, words]) =>
        'fields' in words ? leaves(words.fields, `images.endpoints.${endpoint}.fields.`) : []
      )
    ]
    expect(entries.filter((key) => !used.has(key))).toEqual([])
    // An endpoint's own entry is there because another endpoint says the same field differently.
    for (const text of texts.filter((t) => resolved(t)?.startsWith('images.endpoints.'))) {
      const others = texts.filter(
        (t) => t.key === text.key && t.part === text.part && t.endpoint !== text.endpoint
      )
      expect(
        others.some((t) => t.english !== text.english),
        `${text.endpoint}.${text.key}.${text.part}`
      ).toBe(true)
    }
  })

  it('fails for a field a new endpoint brings without words in the catalog', () => {
    const form: FormSpec = {
      blurb: 'A new endpoint.',
      order: 9,
      fields: [
        { kind: 'select', key: 'quality', label: 'Quality', options: ['low', 'high'], default: '' },
        { kind: 'select', key: 'size', label: 'Size', options: ['1024x1024', 'huge'], default: '' }
      ]
    }
    expect(missing(textsOfForm('imagesV9', form))).toEqual([
      'imagesV9: images.fields.quality.label',
      'imagesV9: images.fields.quality.options.low',
      'imagesV9: images.fields.quality.options.high',
      'imagesV9: images.fields.size.options.huge'
    ])
  })
})
