import { z } from 'zod'
import {
  broken,
  choices,
  intInRange,
  oneOf,
  requireModelAndPrompt,
  type Loose,
  type PreflightIssue,
  type PreflightRule
} from '../checks'
import { FieldName } from '../fieldNames'
import { defineSync, underNames } from './descriptor'
import { ImageItem, toItems } from './imageResults'

/** docs/GATEWAY.md §2.4: synchronous, billed per image. Its fields are all listed, so no extras merge in. */

export const V3_SIZES = [
  'auto',
  '1024x1024',
  '1024x1536',
  '1536x1024',
  '2048x2048',
  '2048x1152',
  '3840x2160',
  '2160x3840',
  '2048x1360',
  '1360x2048',
  '1152x2048',
  '2048x1536',
  '1536x2048',
  '2048x880',
  '880x2048',
  '688x2048',
  '2048x688',
  '2048x1024'
] as const
export const V3_N_MIN = 1
export const V3_N_MAX = 10
export const V3_BACKGROUNDS = ['transparent', 'opaque', 'auto'] as const
export const V3_OUTPUT_FORMATS = ['png', 'jpeg', 'webp'] as const
/** `transparent` needs an output format that has an alpha channel. */
export const V3_TRANSPARENT_FORMATS = ['png', 'webp'] as const
/** Compression quality only means something for lossy formats. */
export const V3_COMPRESSION_FORMATS = ['jpeg', 'webp'] as const
export const V3_COMPRESSION_MIN = 0
export const V3_COMPRESSION_MAX = 100
export const V3_MODERATION = ['low', 'auto'] as const

export const ImagesV3FieldMap = z.object({
  /** The content-safety policy setting of docs/GATEWAY.md §2.4. */
  moderation: FieldName.default('moderation'),
  /** The JPEG/WebP compression quality setting of docs/GATEWAY.md §2.4. */
  compression: FieldName.default('output_compression')
})

export const ImagesV3Request = z.object({
  model: z.string(),
  prompt: z.string(),
  n: z.number().optional(),
  size: z.string().optional(),
  background: z.string().optional(),
  output_format: z.string().optional(),
  /** Sent under the field map's `imagesV3.moderation` name. */
  moderation: z.string().optional(),
  /** Sent under the field map's `imagesV3.compression` name. */
  compression: z.number().optional()
})
export type ImagesV3Request = z.output<typeof ImagesV3Request>

/** docs/GATEWAY.md §2.4: v3 adds the settings actually used and detailed usage. */
export const ImagesV3Result = z.looseObject({
  created: z.number().optional(),
  background: z.string().optional(),
  output_format: z.string().optional(),
  quality: z.string().optional(),
  size: z.string().optional(),
  data: z.array(ImageItem),
  usage: z
    .looseObject({
      total_tokens: z.number().optional(),
      input_tokens: z.number().optional(),
      output_tokens: z.number().optional(),
      input_tokens_details: z
        .looseObject({ text_tokens: z.number().optional(), image_tokens: z.number().optional() })
        .optional()
    })
    .nullish()
})
export type ImagesV3Result = z.output<typeof ImagesV3Result>

/** Output formats as designers name them: "PNG or WebP". */
const FORMAT_NAMES: Readonly<Record<string, string>> = { png: 'PNG', jpeg: 'JPEG', webp: 'WebP' }

/**
 * A setting that works only with some output formats, refused when the format in use is another: the
 * issue sits on the setting (`field`) and names the format in its bracket.
 */
function needsFormat(
  issues: PreflightIssue[],
  format: unknown,
  rule: { field: string; rule: PreflightRule; words: string; formats: readonly string[] }
): void {
  if (format === undefined || rule.formats.includes(format as string)) return
  const names = rule.formats.map((f) => FORMAT_NAMES[f] ?? f)
  issues.push(
    broken({
      field: rule.field,
      rule: rule.rule,
      words: `${rule.words} ${choices(names)}`,
      values: { formats: names },
      about: 'output_format',
      value: format
    })
  )
}

export function preflightImagesV3(input: Loose<ImagesV3Request>): PreflightIssue[] {
  const issues = requireModelAndPrompt(input)
  intInRange(issues, 'n', input['n'], V3_N_MIN, V3_N_MAX)
  oneOf(issues, 'size', input['size'], V3_SIZES)
  const formatOk = oneOf(issues, 'output_format', input['output_format'], V3_OUTPUT_FORMATS)
  // The spec's default format is png, which is what the gateway applies when the field is omitted.
  const format = formatOk ? input['output_format'] : input['output_format'] === undefined ? 'png' : undefined
  if (
    oneOf(issues, 'background', input['background'], V3_BACKGROUNDS) &&
    input['background'] === 'transparent'
  ) {
    needsFormat(issues, format, {
      field: 'background',
      rule: 'transparent_needs_format',
      words: 'A transparent background needs',
      formats: V3_TRANSPARENT_FORMATS
    })
  }
  oneOf(issues, 'moderation', input['moderation'], V3_MODERATION)
  const compression = input['compression']
  if (compression !== undefined) {
    intInRange(issues, 'compression', compression, V3_COMPRESSION_MIN, V3_COMPRESSION_MAX)
    needsFormat(issues, format, {
      field: 'compression',
      rule: 'compression_needs_format',
      words: 'Compression only applies to',
      formats: V3_COMPRESSION_FORMATS
    })
  }
  return issues
}

const MODEL_DEFAULT = 'Model default'

export const imagesV3 = defineSync({
  key: 'imagesV3',
  label: 'Per image',
  path: '/v3/images/generations',
  // A listing may name this endpoint `images_generations_v3` instead of its path (docs/GATEWAY.md §2.1).
  aliases: ['images_generations_v3'],
  jobKind: 'image',
  kind: 'sync',
  extras: false,
  names: { key: 'imagesV3', schema: ImagesV3FieldMap },
  job: z.object({ endpoint: z.literal('imagesV3'), body: ImagesV3Request }),
  imagesOf: (job) => job.body.n ?? 1,
  toRequest: (job) => job.body,
  check: (request) => preflightImagesV3(request),
  body: (request, names) => ({
    fields: {
      model: request.model,
      prompt: request.prompt,
      n: request.n,
      size: request.size,
      background: request.background,
      output_format: request.output_format,
      ...underNames(request, names, ['moderation', 'compression'])
    }
  }),
  response: ImagesV3Result,
  result: (answer) => ({
    items: toItems(answer.data).map((item) => ({ ...item, size: item.size ?? answer.size })),
    usage: answer.usage ?? null
  }),
  form: {
    blurb: 'Synchronous, billed per image.',
    order: 1,
    fields: [
      {
        kind: 'number',
        key: 'n',
        wire: 'n',
        label: 'Images',
        hint: '1 to 10 per request.',
        whole: true,
        default: '1',
        absent: '1'
      },
      { kind: 'select', key: 'size', wire: 'size', label: 'Size', options: V3_SIZES, default: '1024x1024' },
      {
        kind: 'select',
        key: 'outputFormat',
        id: 'images-format',
        wire: 'output_format',
        label: 'Output format',
        options: V3_OUTPUT_FORMATS,
        default: 'png'
      },
      {
        kind: 'select',
        key: 'background',
        wire: 'background',
        label: 'Background',
        options: V3_BACKGROUNDS,
        empty: MODEL_DEFAULT,
        default: ''
      },
      {
        kind: 'number',
        key: 'compression',
        wire: 'compression',
        label: 'Compression',
        hint: '0 to 100.',
        placeholder: MODEL_DEFAULT,
        whole: true,
        when: {
          field: 'outputFormat',
          in: V3_COMPRESSION_FORMATS,
          hint: 'Only for JPEG and WebP.',
          placeholder: 'Not used for PNG'
        },
        default: ''
      },
      {
        kind: 'select',
        key: 'moderation',
        wire: 'moderation',
        label: 'Moderation',
        options: V3_MODERATION,
        empty: MODEL_DEFAULT,
        default: ''
      }
    ]
  }
})
