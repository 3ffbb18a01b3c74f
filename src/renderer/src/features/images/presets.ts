import type { PresetAdapter } from '../../jobs/presets/PresetBar'
import { applyPreset, presetOf } from '../../jobs/presets/imagePreset'
import { useImagesStore } from './store'

const NOTICES = { applied: 'presetApplied', saved: 'presetSaved', deleted: 'presetDeleted' } as const

/** The preset bar on the Images form: the draft as an image preset; said in the form's own notice line. */
export const imagesPresets: PresetAdapter = {
  screen: 'images',
  id: 'images',
  usePrompt: () => useImagesStore((state) => state.draft.prompt),
  useStyle: () => useImagesStore((state) => state.style),
  setStyle: (style) => useImagesStore.getState().setStyle(style),
  read: () => {
    const { draft, style } = useImagesStore.getState()
    return presetOf(draft, style?.name ?? null)
  },
  apply: (payload) => {
    const store = useImagesStore.getState()
    const result = applyPreset(store.draft, payload)
    if (!result) return null
    store.replaceDraft(result.draft)
    return { style: result.style }
  },
  say: ({ kind, name }) => useImagesStore.getState().setNotice({ key: NOTICES[kind], values: { name } })
}
