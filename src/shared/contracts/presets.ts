import { z } from 'zod'
import {
  Preset,
  PresetRef,
  PresetSaveInput,
  PresetScreen,
  PresetsImportInput,
  PresetsImportResult,
  Style,
  StyleSaveInput
} from '../schemas/presets'

/** Presets of a screen's prompt and parameters, and styles for any prompt. */
export const presetCommands = {
  'presets.list': { input: z.object({ screen: PresetScreen }).strict(), output: z.array(Preset) },
  'presets.save': { input: PresetSaveInput, output: Preset },
  'presets.delete': { input: PresetRef, output: z.object({ deleted: z.boolean() }) },
  'styles.list': { input: z.object({}).strict(), output: z.array(Style) },
  'styles.save': { input: StyleSaveInput, output: Style },
  'styles.delete': { input: PresetRef, output: z.object({ deleted: z.boolean() }) },
  /** Every preset and style as one JSON document (the file a team shares). */
  'presets.export': { input: z.object({}).strict(), output: z.object({ text: z.string() }) },
  /** Reads such a document; names that exist already are kept, and said. */
  'presets.import': { input: PresetsImportInput, output: PresetsImportResult }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>
