import { z } from 'zod'
import { jsonShapeProblem } from '../json'

/**
 * Presets and styles. A preset is a screen's prompt and parameters under a name; the payload is
 * the screen's own (the images form's draft, say), opaque here and validated by that screen when applied.
 * A style is text put before and after the prompt, for any model.
 */

const Id = z.string().min(1).max(64)
const Name = z
  .string()
  .trim()
  .min(1, { message: 'Give it a name.' })
  .max(80, { message: 'A name has at most 80 characters.' })

export const PresetScreen = z.enum(['images', 'edit', 'video'])
export type PresetScreen = z.infer<typeof PresetScreen>

/** A screen's form nests a few levels; this bounds the walk before the size is measured (ours). */
const PAYLOAD_LIMITS = { maxDepth: 16, maxNodes: 20_000 }

/**
 * A screen's saved state: plain JSON, at most 64 KB once written. Its shape is measured without recursion
 * before `JSON.stringify` measures its size: a payload nested 5,000 deep must be refused, not overflow.
 */
export const PresetPayload = z
  .record(z.string(), z.unknown())
  .refine(
    (payload) =>
      jsonShapeProblem(payload, PAYLOAD_LIMITS) === null && JSON.stringify(payload).length <= 65_536,
    { message: 'That preset is too large to save.' }
  )

export const Preset = z.object({
  id: Id,
  screen: PresetScreen,
  name: z.string(),
  payload: z.record(z.string(), z.unknown()),
  updatedAt: z.number().int()
})
export type Preset = z.infer<typeof Preset>

export const PresetSaveInput = z
  .object({
    screen: PresetScreen,
    name: Name,
    payload: PresetPayload,
    /** Saving under a name the screen already has replaces that preset only when asked to. */
    replace: z.boolean().default(false)
  })
  .strict()

export const Style = z.object({
  id: Id,
  name: z.string(),
  prefix: z.string(),
  suffix: z.string(),
  updatedAt: z.number().int()
})
export type Style = z.infer<typeof Style>

const Affix = z.string().max(2000, { message: 'Keep a style under 2,000 characters on each side.' })
export const StyleSaveInput = z
  .object({
    /** Absent for a new style. */
    id: Id.optional(),
    name: Name,
    prefix: Affix.default(''),
    suffix: Affix.default('')
  })
  .strict()
  .refine((style) => style.prefix.trim() !== '' || style.suffix.trim() !== '', {
    message: 'A style adds words before or after the prompt: write at least one of them.'
  })

export const PresetRef = z.object({ id: Id }).strict()

/** The file a team shares: every preset and style, versioned so a later app can read an older file. */
export const PresetsFile = z
  .object({
    format: z.literal('gateway-studio-presets'),
    version: z.literal(1),
    presets: z
      .array(z.object({ screen: PresetScreen, name: Name, payload: PresetPayload }).strict())
      .max(1000),
    styles: z
      .array(z.object({ name: Name, prefix: Affix.default(''), suffix: Affix.default('') }).strict())
      .max(1000)
  })
  .strict()
export type PresetsFile = z.infer<typeof PresetsFile>

export const PresetsImportInput = z.object({ text: z.string().max(5_000_000) }).strict()
export const PresetsImportResult = z.object({
  presets: z.number().int().nonnegative(),
  styles: z.number().int().nonnegative(),
  /** Names that already existed and were kept as they were. */
  skipped: z.array(z.string())
})
