import { z } from 'zod'
import { GEN_ENDPOINTS, type GenEndpoint } from '../../jobs/imageForm/form'
import { ImagePreset, type ImagePresetPayload } from '../../jobs/presets/imagePreset'
import type { PresetAdapter } from '../../jobs/presets/PresetBar'
import { MAX_MODELS, choiceKey, type Choice } from './plan'
import { fitShape, SHAPES, type Shape } from './shapes'
import { useCompareStore } from './store'

/**
 * Compare lists and saves the Images screen's presets (screen `images`): one library of image prompts, so
 * a prompt saved on Images can be tried on several models here, and one saved here opens on Images with its
 * first model. What Compare adds is its own part, `compare`: every ticked model (on its endpoint) and the
 * shape. Images leaves that part out when it reads the preset; the reference images are never kept.
 */
const CompareExtra = z.object({
  models: z
    .array(z.object({ model: z.string().min(1).max(200), endpoint: z.string().max(64) }))
    .max(MAX_MODELS * 4),
  shape: z.enum(SHAPES).default('default')
})
const ComparePreset = ImagePreset.extend({ compare: CompareExtra.optional() })

export type ComparePresetPayload = ImagePresetPayload & { compare?: z.input<typeof CompareExtra> }

/** The part of the Compare form a preset keeps. */
export interface CompareFormState {
  prompt: string
  chosen: Choice[]
  shape: Shape
}

const known = (endpoint: string | null): endpoint is GenEndpoint =>
  endpoint !== null && (GEN_ENDPOINTS as readonly string[]).includes(endpoint)

/**
 * The form as a preset: readable as an Images preset too (the prompt, the first model on its endpoint with
 * the shape in that endpoint's size field), and as a whole by Compare.
 */
export function comparePresetOf(form: CompareFormState, style: string | null): ComparePresetPayload {
  const first = form.chosen[0]
  const fit = first ? fitShape(first.endpoint, form.shape) : null
  return {
    prompt: form.prompt,
    model: first?.model ?? '',
    endpoint: first?.endpoint ?? null,
    fields: fit && (fit.kind === 'exact' || fit.kind === 'near') ? { ...fit.values } : {},
    ...(style ? { style } : {}),
    compare: {
      models: form.chosen.map(({ model, endpoint }) => ({ model, endpoint })),
      shape: form.shape
    }
  }
}

/**
 * The form a preset makes of the current one, or null when it does not read. A Compare preset sets the
 * prompt, the ticked models (those on an endpoint this app offers, at most four) and the shape; an Images
 * preset sets the prompt and ticks its model beside those already ticked, room allowing.
 */
export function applyComparePreset(
  current: CompareFormState,
  payload: Record<string, unknown>
): { form: CompareFormState; style: string | null } | null {
  const parsed = ComparePreset.safeParse(payload)
  if (!parsed.success) return null
  const { prompt, model, endpoint, compare } = parsed.data
  const style = parsed.data.style ?? null
  if (compare) {
    const chosen: Choice[] = []
    for (const { model: id, endpoint: on } of compare.models) {
      if (!known(on)) continue
      const choice = { model: id, endpoint: on }
      if (!chosen.some((c) => choiceKey(c) === choiceKey(choice))) chosen.push(choice)
    }
    return { form: { prompt, chosen: chosen.slice(0, MAX_MODELS), shape: compare.shape }, style }
  }
  const choice = model !== '' && known(endpoint) ? { model, endpoint } : null
  const tick =
    choice !== null &&
    current.chosen.length < MAX_MODELS &&
    !current.chosen.some((c) => choiceKey(c) === choiceKey(choice))
  return {
    form: { ...current, prompt, chosen: tick ? [...current.chosen, choice] : current.chosen },
    style
  }
}

/** The preset bar on the Compare form; it says what it did under itself. */
export const comparePresets: PresetAdapter = {
  screen: 'images',
  id: 'compare',
  usePrompt: () => useCompareStore((state) => state.prompt),
  useStyle: () => useCompareStore((state) => state.style),
  setStyle: (style) => useCompareStore.getState().setStyle(style),
  read: () => {
    const state = useCompareStore.getState()
    return comparePresetOf(state, state.style?.name ?? null)
  },
  apply: (payload) => {
    const store = useCompareStore.getState()
    const result = applyComparePreset(store, payload)
    if (!result) return null
    store.setPrompt(result.form.prompt)
    store.setChosen(result.form.chosen)
    store.setShape(result.form.shape)
    return { style: result.style }
  }
}
