import { describe, expect, it } from 'vitest'
import { emptyDraft, GEN_ENDPOINTS } from '@renderer/jobs/imageForm/form'
import { applyPreset, presetOf } from '@renderer/jobs/presets/imagePreset'
import { styledPrompt } from '@renderer/jobs/presets/style'

describe('Images presets and styles', () => {
  const endpoint = GEN_ENDPOINTS[0] ?? 'imagesV1'

  it('keeps prompt, model, endpoint, parameters and style, and gives them back on another draft', () => {
    const draft = { ...emptyDraft(), prompt: 'a poster', model: 'studio-image-v3', endpoint }
    const saved = presetOf(draft, 'Film')
    const later = {
      ...emptyDraft(),
      prompt: 'something else',
      references: [{ kind: 'url' as const, url: 'https://x/y.png' }]
    }
    const applied = applyPreset(later, JSON.parse(JSON.stringify(saved)) as Record<string, unknown>)
    expect(applied?.style).toBe('Film')
    expect(applied?.draft).toMatchObject({ prompt: 'a poster', model: 'studio-image-v3', endpoint })
    // This moment's reference images stay: a preset does not keep files.
    expect(applied?.draft.references).toEqual(later.references)
  })

  it('sets only fields the endpoint has, of the type it has, and refuses what does not read', () => {
    const known = emptyDraft()[endpoint]
    const [key, value] = Object.entries(known)[0] ?? ['none', '']
    const applied = applyPreset(emptyDraft(), {
      endpoint,
      fields: { [key]: value, injected: 'x', ...(typeof value === 'string' ? {} : { [key]: 'wrong type' }) }
    })
    expect(applied?.draft[endpoint]).not.toHaveProperty('injected')
    expect(applyPreset(emptyDraft(), { endpoint: 'not-an-endpoint' })?.draft.endpoint).toBeNull()
    expect(applyPreset(emptyDraft(), { prompt: 42 })).toBeNull()
  })

  it('puts a style around the prompt with natural spacing', () => {
    expect(styledPrompt('a fox', null)).toBe('a fox')
    expect(styledPrompt(' a fox ', { prefix: 'cinematic still of', suffix: ', 35mm grain' })).toBe(
      'cinematic still of a fox, 35mm grain'
    )
    expect(styledPrompt('a fox', { prefix: 'watercolor,', suffix: 'soft light' })).toBe(
      'watercolor, a fox soft light'
    )
    expect(styledPrompt('', { prefix: 'line art', suffix: '' })).toBe('line art')
  })
})
