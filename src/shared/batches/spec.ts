import { z } from 'zod'
import { FieldName } from '../gateway/fieldNames'
import { JobRequest } from '../schemas/jobs'

/**
 * What a batch is made from, as it crosses the contract: the bases (one job request per chosen model), the
 * prompts (typed, or a .txt or .csv file's text), the user's lists for `__name__`, and the axes (seeds or
 * variations, sizes) combined every way or row by row. Every size is bounded, so a spec that passes is small
 * enough to parse, store and expand (src/shared/json.ts bounds a command's input to 50,000 JSON nodes: the
 * lists' entries, seeds and sizes together stay well under it).
 */

/** The most jobs one batch makes; the expansion stops there and says how many the combination would make. */
export const MAX_BATCH_JOBS = 10_000
/** Prompt text or a file's text, in characters (UTF-16 code units, as the contract's JSON carries them). */
export const MAX_SOURCE_CHARS = 5 * 1024 * 1024
export const MAX_BATCH_MODELS = 50
/** Seeds and sizes: values of one axis. */
export const MAX_AXIS_VALUES = 1_000
export const MAX_LISTS = 50
export const MAX_LIST_ENTRIES = 1_000
/** All lists' entries together. */
export const MAX_LIST_ENTRIES_TOTAL = 10_000
export const MAX_LIST_ENTRY_CHARS = 4_000
export const MAX_LIST_NAME_CHARS = 64
/** Columns a mapping may name, counted from 0. */
export const MAX_CSV_COLUMNS = 1_000
export const MAX_MAPPED_FIELDS = 100
export const MAX_SIZE_CHARS = 64
/** A style's words on each side, as a saved style allows. */
export const MAX_STYLE_CHARS = 2_000

/**
 * A list's name as `__name__` writes it: letters and digits, with `_`, `-` or `.` inside. It starts and ends
 * with a letter or digit and never holds `__`, so the prompt's `__` always closes the name.
 */
export const LIST_NAME_PATTERN = /^[\p{L}\p{N}](?:[\p{L}\p{N}_.-]*[\p{L}\p{N}])?$/u
export const ListName = z
  .string()
  .max(MAX_LIST_NAME_CHARS)
  .regex(LIST_NAME_PATTERN)
  .refine((name) => !name.includes('__'), 'A list name cannot hold "__"')

export const Lists = z
  .record(ListName, z.array(z.string().max(MAX_LIST_ENTRY_CHARS)).max(MAX_LIST_ENTRIES))
  .refine((lists) => Object.keys(lists).length <= MAX_LISTS, `At most ${MAX_LISTS} lists`)
  .refine(
    (lists) =>
      Object.values(lists).reduce((sum, entries) => sum + entries.length, 0) <= MAX_LIST_ENTRIES_TOTAL,
    `At most ${MAX_LIST_ENTRIES_TOTAL} list entries in all`
  )
export type Lists = z.output<typeof Lists>

const SourceText = z.string().max(MAX_SOURCE_CHARS)
const ColumnIndex = z
  .number()
  .int()
  .min(0)
  .max(MAX_CSV_COLUMNS - 1)

/**
 * Names a column must not set: the model and the prompt have their own columns, `extra` is a container, and
 * the object's own machinery is no field at all.
 */
const RESERVED_FIELDS = ['model', 'prompt', 'extra']
const UNSAFE_SEGMENTS = ['__proto__', 'constructor', 'prototype']
export const settableField = (name: string): boolean => {
  const segments = name.split('.')
  return !RESERVED_FIELDS.includes(segments[0] ?? name) && !segments.some((s) => UNSAFE_SEGMENTS.includes(s))
}

/**
 * Which column holds what, by position (0 is the first): the prompt, optionally the model (by its id), and
 * columns that set fields of the request body under the names the Images form's `wire` uses (`size`,
 * `seed`, `guidance_scale`; dots reach into an object). An empty cell keeps the base's value.
 */
export const ColumnMapping = z
  .object({
    prompt: ColumnIndex,
    model: ColumnIndex.optional(),
    fields: z
      .array(
        z
          .object({
            column: ColumnIndex,
            field: FieldName.refine(settableField, 'The model and the prompt have their own columns')
          })
          .strict()
      )
      .max(MAX_MAPPED_FIELDS)
      .default([])
  })
  .strict()
export type ColumnMapping = z.output<typeof ColumnMapping>

/**
 * Where the prompts come from: `lines` is typed text or a .txt file (one prompt a line, blank lines skipped);
 * `csv` is a file with a header row, read with its mapping or, without one, the mapping `guessMapping` finds.
 */
export const PromptSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('lines'), text: SourceText }).strict(),
  z.object({ kind: z.literal('csv'), text: SourceText, mapping: ColumnMapping.optional() }).strict()
])
export type PromptSource = z.output<typeof PromptSource>

/**
 * Seeds: an explicit list, one job per seed; or variations, n jobs of the same request. Variations of a base
 * that sets a seed use that seed and the n-1 after it (the batch can be made again, image for image); of a
 * base without one, they leave the seed to the gateway, which picks a new one each time.
 */
export const Seeding = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('list'), seeds: z.array(z.number().int()).min(1).max(MAX_AXIS_VALUES) })
    .strict(),
  z.object({ kind: z.literal('variations'), count: z.number().int().min(1).max(MAX_BATCH_JOBS) }).strict()
])
export type Seeding = z.output<typeof Seeding>

export const COMBINE = ['every', 'rows'] as const
export type Combine = (typeof COMBINE)[number]

export const BatchSpec = z
  .object({
    bases: z.array(JobRequest).min(1).max(MAX_BATCH_MODELS),
    prompts: PromptSource,
    lists: Lists.default({}),
    seeds: Seeding.optional(),
    /** Set into the body's `size` field, on endpoints that have one. */
    sizes: z.array(z.string().trim().min(1).max(MAX_SIZE_CHARS)).min(1).max(MAX_AXIS_VALUES).optional(),
    /**
     * `every`: every prompt with every model, seed and size. `rows`: the i-th prompt with the i-th model,
     * seed and size; an axis with one value goes with every row.
     */
    combine: z.enum(COMBINE).default('every'),
    /** The form's chosen style, put around every row's prompt (after its wildcards), as a single send is. */
    style: z
      .object({ prefix: z.string().max(MAX_STYLE_CHARS), suffix: z.string().max(MAX_STYLE_CHARS) })
      .strict()
      .optional()
  })
  .strict()
  // A model column names its base by model id, so two bases of one model would make that ambiguous.
  .refine(
    (spec) => new Set(spec.bases.map((base) => base.body.model)).size === spec.bases.length,
    'Each model may have one base request'
  )
export type BatchSpec = z.output<typeof BatchSpec>
export type BatchSpecInput = z.input<typeof BatchSpec>
