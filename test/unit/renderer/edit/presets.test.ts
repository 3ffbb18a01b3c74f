import { beforeEach, describe, expect, it } from 'vitest'
import { applyEditPreset, editPresetOf, editPresets } from '@renderer/features/edit/presets'
import { useEditStore } from '@renderer/features/edit/store'

const SOURCE = { mediaId: 'e'.repeat(32), width: 40, height: 30 }
const SKY = 'c'.repeat(32)
const form = (patch = {}) => ({
  prompt: 'make it night',
  model: 'gpt-image',
  options: { n: '2', outputFormat: 'webp' },
  mode: 'whole' as const,
  ...patch
})
const stored = (payload: object): Record<string, unknown> =>
  JSON.parse(JSON.stringify(payload)) as Record<string, unknown>

describe('Edit presets', () => {
  beforeEach(() => {
    localStorage.clear()
    useEditStore.getState().closeSource()
    useEditStore.setState({
      prompt: '',
      model: '',
      options: { n: '', outputFormat: '' },
      style: null,
      mode: 'painted'
    })
  })

  it('keeps the prompt, the model, the edit’s fields, the mode and the style, and gives them back', () => {
    const current = form({ prompt: '', model: '', options: { n: '', outputFormat: '' }, mode: 'painted' })
    expect(applyEditPreset(current, stored(editPresetOf(form(), 'Film')))).toEqual({
      form: form(),
      style: 'Film'
    })
    expect(applyEditPreset(form(), { prompt: 'p' })).toEqual({
      form: { prompt: 'p', model: '', options: { n: '', outputFormat: '' }, mode: 'whole' },
      style: null
    })
  })

  it('drops a format it does not offer, and refuses a payload that does not read', () => {
    expect(applyEditPreset(form(), { options: { n: '1', outputFormat: 'tiff' } })?.form.options).toEqual({
      n: '1',
      outputFormat: ''
    })
    expect(applyEditPreset(form(), { prompt: 1 })).toBeNull()
    expect(applyEditPreset(form(), { options: { n: 3 } })).toBeNull()
    expect(applyEditPreset(form(), { mode: 'everything' })).toBeNull()
  })

  it('reads and applies through the store, never the images or the mask', () => {
    const editor = useEditStore.getState().openSource(SOURCE)
    useEditStore.getState().addInputs([{ mediaId: SKY }])
    editor.setBrushSize(8)
    editor.pointerDown(10, 10)
    editor.pointerUp(12, 10)
    const painted = editor.paintedCount()
    expect(painted).toBeGreaterThan(0)
    useEditStore.setState({ prompt: 'snow', model: 'compat', options: { n: '3', outputFormat: 'png' } })
    useEditStore.getState().setStyle({ name: 'Ink', prefix: 'ink drawing,', suffix: '' })
    const saved = stored(editPresets.read())
    expect(saved).toEqual({
      prompt: 'snow',
      model: 'compat',
      options: { n: '3', outputFormat: 'png' },
      mode: 'painted',
      style: 'Ink'
    })

    useEditStore.setState({ prompt: '', model: '', options: { n: '', outputFormat: '' }, mode: 'whole' })
    expect(editPresets.apply(saved)).toEqual({ style: 'Ink' })
    const state = useEditStore.getState()
    expect(state).toMatchObject({ prompt: 'snow', model: 'compat', mode: 'painted', source: SOURCE })
    expect(state.inputs).toEqual([{ mediaId: SKY }])
    expect(state.editor).toBe(editor)
    expect(editor.paintedCount()).toBe(painted)

    expect(editPresets.apply({ model: false })).toBeNull()
    expect(useEditStore.getState()).toMatchObject({ prompt: 'snow', model: 'compat' })
  })
})
