import { z } from 'zod'
import { emptyDraft, GEN_ENDPOINTS, type Draft } from '../imageForm/form'

/**
 * What an image preset (screen `images`) keeps: the prompt, the model and its endpoint, the endpoint's
 * parameters and the style. Reference images are not kept (they are this moment's files). Images saves and
 * applies these; Compare lists the same presets (see features/compare/presets.ts). Read back through this
 * schema, so a preset saved by another version, or edited by hand in a shared file, can only set what the
 * form has; keys it does not know (Compare's own) are left out.
 */
export const ImagePreset = z.object({
  prompt: z.string().max(32_000).default(''),
  model: z.string().max(200).default(''),
  endpoint: z.string().nullable().default(null),
  fields: z.record(z.string(), z.union([z.string(), z.boolean()])).default({}),
  style: z.string().max(80).optional()
})
export type ImagePresetPayload = z.input<typeof ImagePreset>

export function presetOf(draft: Draft, style: string | null): ImagePresetPayload {
  const endpoint = draft.endpoint
  return {
    prompt: draft.prompt,
    model: draft.model,
    endpoint,
    fields: endpoint ? { ...draft[endpoint] } : {},
    ...(style ? { style } : {})
  }
}

/** The draft a preset makes from the current one (its references kept), or null when it does not read. */
export function applyPreset(
  current: Draft,
  payload: Record<string, unknown>
): { draft: Draft; style: string | null } | null {
  const parsed = ImagePreset.safeParse(payload)
  if (!parsed.success) return null
  const { prompt, model, fields, style } = parsed.data
  const endpoint = GEN_ENDPOINTS.find((key) => key === parsed.data.endpoint) ?? null
  const base = emptyDraft()
  const draft: Draft = { ...current, prompt, model, endpoint }
  if (endpoint) {
    // Only the fields this endpoint's form has, each of the type it has there.
    const known = base[endpoint]
    const kept = Object.fromEntries(
      Object.entries(fields).filter(([key, value]) => key in known && typeof value === typeof known[key])
    )
    draft[endpoint] = { ...known, ...kept }
  }
  return { draft, style: style ?? null }
}
