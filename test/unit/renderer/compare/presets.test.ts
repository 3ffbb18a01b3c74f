import { beforeEach, describe, expect, it } from 'vitest'
import { emptyDraft } from '@renderer/jobs/imageForm/form'
import { applyPreset, presetOf } from '@renderer/jobs/presets/imagePreset'
import { applyComparePreset, comparePresetOf, comparePresets } from '@renderer/features/compare/presets'
import type { Choice } from '@renderer/features/compare/plan'
import { groupName } from '@renderer/features/compare/send'
import { useCompareStore } from '@renderer/features/compare/store'

const GPT = { model: 'gpt-image', endpoint: 'imagesV3' } as const
const COMPAT = { model: 'compat', endpoint: 'imagesV1' } as const
const SEEDREAM = { model: 'seedream-stream', endpoint: 'partnerA' } as const
const pristine = useCompareStore.getState()

/** A payload as it comes back from the backend: plain JSON. */
const stored = (payload: object): Record<string, unknown> =>
  JSON.parse(JSON.stringify(payload)) as Record<string, unknown>

describe('Compare presets', () => {
  beforeEach(() => useCompareStore.setState({ ...pristine }, true))

  it('keeps the prompt, every ticked model on its endpoint, the shape and the style', () => {
    const form = { prompt: 'a lighthouse', chosen: [GPT, SEEDREAM], shape: '16:9' as const }
    const applied = applyComparePreset(
      { prompt: 'other', chosen: [COMPAT], shape: 'default' },
      stored(comparePresetOf(form, 'Film'))
    )
    expect(applied).toEqual({ form, style: 'Film' })
  })

  it('is an Images preset too: Images reads the prompt and the first model, in the shape’s size', () => {
    const payload = stored(
      comparePresetOf({ prompt: 'a lighthouse', chosen: [GPT, COMPAT], shape: '16:9' }, null)
    )
    const applied = applyPreset(emptyDraft(), payload)
    expect(applied?.draft).toMatchObject({ prompt: 'a lighthouse', model: 'gpt-image', endpoint: 'imagesV3' })
    expect(applied?.draft.imagesV3).toMatchObject({ size: '2048x1152' })
    expect(applied?.style).toBeNull()
  })

  it('takes an Images preset as its prompt, with its model ticked beside the others while there is room', () => {
    const images = stored(
      presetOf({ ...emptyDraft(), prompt: 'a kite', model: 'compat', endpoint: 'imagesV1' }, 'Film')
    )
    expect(applyComparePreset({ prompt: '', chosen: [GPT], shape: '1:1' }, images)).toEqual({
      form: { prompt: 'a kite', chosen: [GPT, COMPAT], shape: '1:1' },
      style: 'Film'
    })
    // Already ticked: not twice. Four ticked: the prompt, and the ticks as they were.
    expect(applyComparePreset({ prompt: '', chosen: [COMPAT], shape: '1:1' }, images)?.form.chosen).toEqual([
      COMPAT
    ])
    const full: Choice[] = [
      GPT,
      SEEDREAM,
      { model: 'multi', endpoint: 'imagesV3' },
      { model: 'multi', endpoint: 'partnerA' }
    ]
    expect(applyComparePreset({ prompt: '', chosen: full, shape: '1:1' }, images)?.form).toEqual({
      prompt: 'a kite',
      chosen: full,
      shape: '1:1'
    })
  })

  it('ticks only models on an endpoint this app offers, each once, at most four; refuses what does not read', () => {
    const payload = {
      prompt: 'p',
      compare: {
        models: [
          GPT,
          { model: 'x', endpoint: 'imagesV9' },
          GPT,
          COMPAT,
          SEEDREAM,
          { model: 'multi', endpoint: 'imagesV3' },
          { model: 'y', endpoint: 'imagesV1' }
        ],
        shape: '1:1'
      }
    }
    expect(applyComparePreset({ prompt: '', chosen: [], shape: 'default' }, payload)?.form.chosen).toEqual([
      GPT,
      COMPAT,
      SEEDREAM,
      { model: 'multi', endpoint: 'imagesV3' }
    ])
    const current = { prompt: 'kept', chosen: [GPT], shape: 'default' as const }
    expect(applyComparePreset(current, { prompt: 42 })).toBeNull()
    expect(applyComparePreset(current, { compare: { models: 'gpt-image' } })).toBeNull()
    expect(applyComparePreset(current, { compare: { models: [], shape: '5:4' } })).toBeNull()
  })

  it('reads and applies through the store (references stay), and leaves the store alone on a bad payload', () => {
    const reference = { kind: 'url' as const, url: 'https://x/y.png' }
    useCompareStore.setState({
      prompt: 'a moth',
      chosen: [GPT, COMPAT],
      shape: '3:2',
      references: [reference]
    })
    useCompareStore.getState().setStyle({ name: 'Film', prefix: 'film still', suffix: '' })
    const saved = stored(comparePresets.read())
    expect(saved).toMatchObject({ prompt: 'a moth', style: 'Film', compare: { shape: '3:2' } })
    expect(saved).not.toHaveProperty('references')

    useCompareStore.setState({ prompt: '', chosen: [], shape: 'default' })
    expect(comparePresets.apply(saved)).toEqual({ style: 'Film' })
    expect(useCompareStore.getState()).toMatchObject({
      prompt: 'a moth',
      chosen: [GPT, COMPAT],
      shape: '3:2',
      references: [reference]
    })
    expect(comparePresets.apply({ prompt: ['no'] })).toBeNull()
    expect(useCompareStore.getState()).toMatchObject({
      prompt: 'a moth',
      chosen: [GPT, COMPAT],
      shape: '3:2'
    })
  })

  it('names a compare’s group by its prompt, cut to the 200 characters a name holds', () => {
    expect(groupName('  a fox  ')).toBe('a fox')
    expect(groupName(`${'a'.repeat(199)} and more`)).toBe(`${'a'.repeat(199)}…`)
    // A character of two UTF-16 units that would cross the limit is left out whole, never split.
    expect(groupName(`${'a'.repeat(198)}🦊🦊 and more`)).toBe(`${'a'.repeat(198)}…`)
    expect(groupName('b'.repeat(200))).toBe('b'.repeat(200))
  })
})
