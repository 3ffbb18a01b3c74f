import { z } from 'zod'
import type { PresetAdapter } from '../../jobs/presets/PresetBar'
import { emptyVideoDraft, RATIOS, RESOLUTIONS, type VideoDraft } from './form'
import { useVideoStore } from './store'

/** A number box's text; a number written by hand in a shared file reads as the text it would be typed as. */
const NumberText = z.union([z.string().max(32), z.number()]).transform(String)
const TriState = z.enum(['default', 'on', 'off'])

/**
 * What a Video preset keeps: the prompt, the model, every video field (duration, size, resolution, ratio,
 * seed, watermark, audio, further JSON fields) and the style. The first-frame image is not kept: it is this
 * moment's file. Read back through this schema, so a preset from another version or a hand-edited file can
 * only set what the form has.
 */
const VideoPreset = z.object({
  prompt: z.string().max(32_000).default(''),
  model: z.string().max(200).default(''),
  duration: NumberText.default(emptyVideoDraft.duration),
  width: NumberText.default(''),
  height: NumberText.default(''),
  resolution: z.string().max(32).default(''),
  ratio: z.string().max(32).default(''),
  seed: NumberText.default(''),
  watermark: TriState.default('default'),
  audio: TriState.default('default'),
  extraJson: z.string().max(20_000).default(''),
  style: z.string().max(80).optional()
})
export type VideoPresetPayload = z.input<typeof VideoPreset>

export function videoPresetOf(draft: VideoDraft, style: string | null): VideoPresetPayload {
  const { firstFrame: _thisMoments, ...kept } = draft
  return { ...kept, ...(style ? { style } : {}) }
}

/**
 * The draft a preset makes of the current one (its first frame kept), or null when it does not read. A
 * resolution or ratio the pickers do not offer becomes the gateway's default.
 */
export function applyVideoPreset(
  current: VideoDraft,
  payload: Record<string, unknown>
): { draft: VideoDraft; style: string | null } | null {
  const parsed = VideoPreset.safeParse(payload)
  if (!parsed.success) return null
  const { style, resolution, ratio, ...fields } = parsed.data
  const offered = (list: readonly string[], value: string): string => (list.includes(value) ? value : '')
  return {
    draft: {
      ...current,
      ...fields,
      resolution: offered(RESOLUTIONS, resolution),
      ratio: offered(RATIOS, ratio)
    },
    style: style ?? null
  }
}

/** The preset bar on the Video form; it says what it did under itself. */
export const videoPresets: PresetAdapter = {
  screen: 'video',
  id: 'video',
  usePrompt: () => useVideoStore((state) => state.draft.prompt),
  useStyle: () => useVideoStore((state) => state.style),
  setStyle: (style) => useVideoStore.getState().setStyle(style),
  read: () => {
    const { draft, style } = useVideoStore.getState()
    return videoPresetOf(draft, style?.name ?? null)
  },
  apply: (payload) => {
    const store = useVideoStore.getState()
    const result = applyVideoPreset(store.draft, payload)
    if (!result) return null
    store.edit(result.draft)
    return { style: result.style }
  }
}
