import { z } from 'zod'
import type { PresetAdapter } from '../../jobs/presets/PresetBar'
import { EDIT_OUTPUT_FORMATS } from './editRequest'
import { useEditStore, type EditMode, type EditOptions } from './store'

/**
 * What an Edit preset keeps: the prompt, the model (the edit endpoint is the only one), the edit's fields
 * (how many, the output format), whether the painted area or the whole image changes, and the style. The
 * image being edited, the further input images and the mask are not kept: they are this moment's files.
 * Read back through this schema, so a preset from another version or a hand-edited file can only set what
 * the form has.
 */
const EditPreset = z.object({
  prompt: z.string().max(32_000).default(''),
  model: z.string().max(200).default(''),
  options: z
    .object({ n: z.string().max(8).default(''), outputFormat: z.string().max(16).default('') })
    .default({ n: '', outputFormat: '' }),
  mode: z.enum(['painted', 'whole']).optional(),
  style: z.string().max(80).optional()
})
export type EditPresetPayload = z.input<typeof EditPreset>

/** The part of the Edit form a preset keeps. */
export interface EditFormState {
  prompt: string
  model: string
  options: EditOptions
  mode: EditMode
}

export function editPresetOf(form: EditFormState, style: string | null): EditPresetPayload {
  return {
    prompt: form.prompt,
    model: form.model,
    options: { n: form.options.n, outputFormat: form.options.outputFormat },
    mode: form.mode,
    ...(style ? { style } : {})
  }
}

/**
 * The form a preset makes of the current one, or null when it does not read. An output format this app
 * does not offer becomes the gateway's default; a preset without a mode leaves the current one.
 */
export function applyEditPreset(
  current: EditFormState,
  payload: Record<string, unknown>
): { form: EditFormState; style: string | null } | null {
  const parsed = EditPreset.safeParse(payload)
  if (!parsed.success) return null
  const { prompt, model, options, mode, style } = parsed.data
  const outputFormat = (EDIT_OUTPUT_FORMATS as readonly string[]).includes(options.outputFormat)
    ? options.outputFormat
    : ''
  return {
    form: { prompt, model, options: { n: options.n, outputFormat }, mode: mode ?? current.mode },
    style: style ?? null
  }
}

/** The preset bar on the Edit form; it says what it did under itself. */
export const editPresets: PresetAdapter = {
  screen: 'edit',
  id: 'edit',
  usePrompt: () => useEditStore((state) => state.prompt),
  useStyle: () => useEditStore((state) => state.style),
  setStyle: (style) => useEditStore.getState().setStyle(style),
  read: () => {
    const state = useEditStore.getState()
    return editPresetOf(state, state.style?.name ?? null)
  },
  apply: (payload) => {
    const store = useEditStore.getState()
    const result = applyEditPreset(store, payload)
    if (!result) return null
    store.setPrompt(result.form.prompt)
    store.setModel(result.form.model)
    store.setOptions(result.form.options)
    store.setMode(result.form.mode)
    return { style: result.style }
  }
}
