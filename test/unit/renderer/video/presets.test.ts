import { beforeEach, describe, expect, it } from 'vitest'
import { emptyVideoDraft, type VideoDraft } from '@renderer/features/video/form'
import { applyVideoPreset, videoPresetOf, videoPresets } from '@renderer/features/video/presets'
import { initialVideoState, useVideoStore } from '@renderer/features/video/store'

const FRAME = { type: 'url', url: 'https://x/frame.png' } as const
const draft: VideoDraft = {
  model: 'seedance-video',
  prompt: 'waves at night',
  duration: '8',
  width: '1280',
  height: '720',
  resolution: '1080p',
  ratio: '16:9',
  seed: '7',
  watermark: 'off',
  audio: 'on',
  firstFrame: { type: 'library', mediaId: 'a'.repeat(32) },
  extraJson: '{"camera_fixed":true}'
}
const stored = (payload: object): Record<string, unknown> =>
  JSON.parse(JSON.stringify(payload)) as Record<string, unknown>

describe('Video presets', () => {
  beforeEach(() => useVideoStore.setState(initialVideoState))

  it('keeps the prompt, the model and every video field but the first frame, and gives them back', () => {
    const saved = stored(videoPresetOf(draft, 'Film'))
    expect(saved).not.toHaveProperty('firstFrame')
    const current = { ...emptyVideoDraft, firstFrame: FRAME }
    expect(applyVideoPreset(current, saved)).toEqual({
      draft: { ...draft, firstFrame: FRAME },
      style: 'Film'
    })
  })

  it('reads numbers written by hand, drops values the pickers do not offer, refuses what does not read', () => {
    const applied = applyVideoPreset(emptyVideoDraft, {
      duration: 10,
      seed: 3,
      resolution: '4k',
      ratio: '5:4'
    })
    expect(applied?.draft).toMatchObject({ duration: '10', seed: '3', resolution: '', ratio: '' })
    expect(applied?.draft.prompt).toBe('')
    expect(applyVideoPreset(emptyVideoDraft, { prompt: null })).toBeNull()
    expect(applyVideoPreset(emptyVideoDraft, { watermark: 'yes' })).toBeNull()
    expect(applyVideoPreset(emptyVideoDraft, { duration: { seconds: 5 } })).toBeNull()
  })

  it('reads and applies through the store, the first frame left as it is', () => {
    useVideoStore.setState({ draft })
    useVideoStore.getState().setStyle({ name: 'Ink', prefix: 'ink drawing of', suffix: '' })
    const saved = stored(videoPresets.read())
    expect(saved).toMatchObject({ prompt: 'waves at night', style: 'Ink', duration: '8' })

    useVideoStore.setState({ draft: { ...emptyVideoDraft, firstFrame: FRAME } })
    expect(videoPresets.apply(saved)).toEqual({ style: 'Ink' })
    expect(useVideoStore.getState().draft).toEqual({ ...draft, firstFrame: FRAME })
    expect(videoPresets.apply({ audio: true })).toBeNull()
    expect(useVideoStore.getState().draft).toEqual({ ...draft, firstFrame: FRAME })
  })
})
