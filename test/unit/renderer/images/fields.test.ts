import { describe, expect, it } from 'vitest'
import { i18n } from '@renderer/i18n'
import { defaultValues, readForm, remixForm, type FormIssue } from '@renderer/jobs/imageForm/fields'
import { seedField, watermarkToggle, type FormSpec } from '@shared/gateway/endpoints/form'

/** A form as a new endpoint's descriptor would declare it, using every kind of field. */
const form: FormSpec = {
  blurb: 'A new endpoint.',
  order: 9,
  fields: [
    {
      kind: 'select',
      key: 'quality',
      wire: 'quality',
      label: 'Quality',
      options: ['low', 'high'],
      empty: 'Default',
      default: ''
    },
    {
      kind: 'text',
      key: 'style',
      wire: 'style',
      label: 'Style',
      check: (v) => (v === 'bad' ? 'No.' : undefined),
      default: ''
    },
    {
      kind: 'number',
      key: 'count',
      wire: 'count',
      target: 'job',
      label: 'Images',
      whole: true,
      min: 1,
      max: 4,
      default: '1'
    },
    {
      kind: 'number',
      key: 'strength',
      wire: 'options.strength',
      label: 'Strength',
      whole: false,
      default: ''
    },
    seedField,
    watermarkToggle('on'),
    {
      kind: 'toggle',
      key: 'loop',
      label: 'Loop',
      send: 'on',
      sets: { mode: 'loop' },
      inline: {
        kind: 'number',
        key: 'loops',
        wire: 'loop_count',
        label: 'Loops',
        whole: true,
        required: 'How many?',
        keepWhenAbsent: true,
        default: '2'
      },
      default: false
    },
    {
      kind: 'tierOrSize',
      key: 'size',
      wire: 'size',
      label: 'Size',
      tiers: ['S', 'L'],
      textOnlyTier: 'L',
      minPixels: 1,
      maxPixels: 100,
      maxAspect: 2,
      default: { tier: 'S', width: '8', height: '8' }
    },
    { kind: 'extra', key: 'extra', placement: 'spread' },
    { kind: 'notice', key: 'note', text: 'Hello.' }
  ]
}

describe('form fields as data', () => {
  it('starts from each field’s default', () => {
    expect(defaultValues(form)).toEqual({
      quality: '',
      style: '',
      count: '1',
      strength: '',
      seed: '',
      watermark: false,
      loop: false,
      loops: '2',
      sizeMode: 'tier',
      tier: 'S',
      width: '8',
      height: '8',
      extra: ''
    })
  })

  it('makes body and job fields of the values, and back again (remix)', () => {
    const values = {
      ...defaultValues(form),
      quality: 'high',
      style: 'ink',
      count: '3',
      strength: '0.5',
      seed: '7',
      watermark: true,
      loop: true,
      loops: '5',
      sizeMode: 'custom',
      width: '6',
      height: '4',
      extra: '{"tone": "warm"}'
    }
    const issues: FormIssue[] = []
    const read = readForm(form, values, issues, i18n.t, 'test')
    expect(issues).toEqual([])
    expect(read).toEqual({
      body: {
        quality: 'high',
        style: 'ink',
        options: { strength: 0.5 },
        seed: 7,
        watermark: true,
        mode: 'loop',
        loop_count: 5,
        size: '6x4'
      },
      job: { count: 3 },
      spread: { tone: 'warm' },
      nested: undefined
    })
    const body = { ...read.spread, model: 'm', prompt: 'p', ...read.body }
    expect(remixForm(form, { body, job: read.job }, defaultValues(form))).toEqual({
      ...values,
      tier: 'S',
      extra: JSON.stringify({ tone: 'warm' }, null, 2)
    })
  })

  it('says what is wrong, plain fields first, then sizes and checks, then the extra fields', () => {
    const issues: FormIssue[] = []
    readForm(
      form,
      {
        ...defaultValues(form),
        style: 'bad',
        count: '9',
        loop: true,
        loops: '',
        sizeMode: 'custom',
        width: '',
        extra: '[]'
      },
      issues,
      i18n.t,
      'test'
    )
    expect(issues).toEqual([
      { field: 'count', message: 'Use a whole number from 1 to 4 (images: 9).' },
      { field: 'loops', message: 'How many?' },
      { field: 'style', message: 'No.' },
      { field: 'size', message: 'Enter both a width and a height (size).' },
      { field: 'extra', message: 'Use a JSON object: {"name": value, …} (extra fields).' }
    ])
  })
})
