import { z } from 'zod'

/**
 * The screens that choose a model, each remembering its last choice; Compare keeps its last
 * run too (the prompt, the shape and which job each model's column shows), so the grid survives a restart.
 */
export const LastUsedScreen = z.enum(['chat', 'images', 'edit', 'video', 'compare'])
export type LastUsedScreen = z.output<typeof LastUsedScreen>

/** A parameter value as a form holds it: words, numbers and switches, never objects or files. */
const ParamValue = z.union([z.string().max(4000), z.number(), z.boolean(), z.null()])

/**
 * One screen's last model and parameters. Parameters are a flat or one-level-nested map so each screen
 * reads back only the names it knows; anything else a newer or older app wrote is ignored on restore.
 */
export const LastUsedEntry = z.object({
  model: z.string().max(200),
  params: z.record(z.string().max(100), z.union([ParamValue, z.record(z.string().max(100), ParamValue)])),
  savedAt: z.number()
})
export type LastUsedEntry = z.output<typeof LastUsedEntry>

export const LastUsed = z.object({
  chat: LastUsedEntry.optional(),
  images: LastUsedEntry.optional(),
  edit: LastUsedEntry.optional(),
  video: LastUsedEntry.optional(),
  compare: LastUsedEntry.optional()
})
export type LastUsed = z.output<typeof LastUsed>

export const RememberLastUsedInput = z
  .object({ screen: LastUsedScreen, model: z.string().max(200), params: LastUsedEntry.shape.params })
  .strict()
