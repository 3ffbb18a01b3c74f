import { z } from 'zod'
import {
  broken,
  intInRange,
  isImageRef,
  oneOf,
  parseWxH,
  refuseN,
  requireModelAndPrompt,
  seedAndWatermark,
  stringList,
  type Loose,
  type PreflightIssue
} from '../checks'
import { preflightMerged } from '../extraFields'
import { defineSync } from './descriptor'
import { seedField, watermarkToggle } from './form'
import { ImageResultSet, resultOf } from './imageResults'
import { imageRefs, referenceInputs, urisOf } from './media'
import { createPartnerADecoder } from '../streams/partnerA'

/**
 * docs/GATEWAY.md §2.6: provider-direct images. No `n`: a group is `sequential_image_generation: "auto"`
 * with `max_images`; with `stream: true` images arrive one by one (docs/GATEWAY.md §4.1). The body's
 * fields are the provider's own names, so the request is the body and a request's extras are part of it.
 */

const PATH = '/partner-a/v3/images/generations'

export const PARTNER_A_MIN_MAX_IMAGES = 1
export const PARTNER_A_RESPONSE_FORMATS = ['url', 'b64_json'] as const
export const PARTNER_A_OUTPUT_FORMATS = ['jpeg', 'png', 'webp'] as const
export const PARTNER_A_TIERS = ['1K', '2K', '4K'] as const
/** What the size box suggests; any tier or `WxH` goes. */
export const PARTNER_A_SIZES = ['1K', '2K', '4K', '2048x2048', '2560x1440', '1440x2560', '2304x1728'] as const
/** The spec sets no limit; this is ours, and the job schema's. */
export const PARTNER_A_MAX_REFERENCE_IMAGES = 14

export const PartnerARequest = z.looseObject({
  model: z.string(),
  prompt: z.string(),
  image: z.union([z.string(), z.array(z.string())]).optional(),
  size: z.string().optional(),
  seed: z.number().optional(),
  guidance_scale: z.number().optional(),
  response_format: z.string().optional(),
  output_format: z.string().optional(),
  watermark: z.boolean().optional(),
  sequential_image_generation: z.string().optional(),
  sequential_image_generation_options: z.looseObject({ max_images: z.number().optional() }).optional(),
  tools: z.array(z.looseObject({})).optional(),
  optimize_prompt_options: z.looseObject({ mode: z.string().optional() }).optional()
})
export type PartnerARequest = z.output<typeof PartnerARequest>

export function preflightPartnerA(
  input: Loose<{ model: string; prompt: string }>,
  options: { stream: boolean; modelStreams?: boolean | undefined }
): PreflightIssue[] {
  const issues = requireModelAndPrompt(input)
  refuseN(issues, input, 'no_count_use_group')
  const seqOptions = input['sequential_image_generation_options']
  if (seqOptions !== undefined) {
    if (typeof seqOptions !== 'object' || seqOptions === null || Array.isArray(seqOptions)) {
      const field = 'sequential_image_generation_options'
      issues.push(
        broken({ field, rule: 'group_options_object', words: 'Use an object such as {"max_images": 3}' })
      )
    } else {
      intInRange(
        issues,
        'sequential_image_generation_options.max_images',
        (seqOptions as { max_images?: unknown }).max_images,
        PARTNER_A_MIN_MAX_IMAGES
      )
    }
  }
  oneOf(issues, 'response_format', input['response_format'], PARTNER_A_RESPONSE_FORMATS)
  oneOf(issues, 'output_format', input['output_format'], PARTNER_A_OUTPUT_FORMATS)
  const image = input['image']
  if (image !== undefined && typeof image !== 'string') {
    stringList(issues, 'image', image, Number.MAX_SAFE_INTEGER, isImageRef, 'image_url_or_base64')
  }
  seedAndWatermark(issues, input)
  // Only a known "no" refuses: the listing does not say which models stream, so unknown is left to the gateway.
  if (options.stream && options.modelStreams === false) {
    issues.push(
      broken({
        field: 'stream',
        rule: 'model_does_not_stream',
        words: 'This model does not stream: turn off showing images as they arrive'
      })
    )
  }
  return issues
}

const isSize = (value: string): boolean =>
  (PARTNER_A_TIERS as readonly string[]).includes(value) || parseWxH(value) !== undefined

export const partnerA = defineSync({
  key: 'partnerA',
  label: 'Streaming groups',
  path: PATH,
  jobKind: 'image',
  kind: 'sync',
  extras: true,
  names: undefined,
  references: { max: PARTNER_A_MAX_REFERENCE_IMAGES },
  job: z.object({
    endpoint: z.literal('partnerA'),
    body: PartnerARequest.omit({ image: true }),
    references: imageRefs(PARTNER_A_MAX_REFERENCE_IMAGES).optional(),
    stream: z.boolean().default(false)
  }),
  imagesOf: (job) =>
    job.body.sequential_image_generation === 'auto'
      ? Math.max(1, job.body.sequential_image_generation_options?.max_images ?? 1)
      : 1,
  // The headers come only with the first image, which may take minutes.
  stream: { when: (job) => job.stream, decoder: createPartnerADecoder, firstByte: 'late' },
  media: (job) => referenceInputs(job.references),
  toRequest: (job, media, purpose): PartnerARequest => {
    const refs = urisOf(media)
    // One reference goes as a string, several as a list; the pre-flight judges each as a list item.
    const image = refs.length === 0 ? undefined : refs.length === 1 && purpose === 'send' ? refs[0] : refs
    const body = { ...job.body, ...(image !== undefined ? { image } : {}) }
    // A stream carries its images in the events: as Base64 unless the request says otherwise.
    return job.stream && purpose === 'send'
      ? { ...body, response_format: body.response_format ?? 'b64_json' }
      : body
  },
  check: (request, { profile, stream, modelStreams }) =>
    preflightMerged({ key: 'partnerA', path: PATH, hidden: {} }, request, undefined, profile, (merged) =>
      preflightPartnerA(merged, { stream, modelStreams })
    ),
  body: (request, _names, stream) => ({ fields: { ...request, stream } }),
  response: ImageResultSet,
  result: (answer) => resultOf(answer),
  form: {
    blurb: 'Partner A, provider-direct: image groups that can arrive one by one.',
    order: 2,
    fields: [
      {
        kind: 'text',
        key: 'size',
        wire: 'size',
        label: 'Size',
        hint: '1K, 2K, 4K or W×H; empty is 2K.',
        placeholder: '2K',
        suggestions: PARTNER_A_SIZES,
        check: (value) =>
          isSize(value) ? undefined : `Use 1K, 2K, 4K or <width>x<height>, e.g. 2048x2048 (size: ${value}).`,
        default: ''
      },
      seedField,
      {
        kind: 'number',
        key: 'guidance',
        wire: 'guidance_scale',
        label: 'Guidance',
        hint: 'Prompt strength, usually 1–10.',
        placeholder: 'Model default',
        whole: false,
        default: ''
      },
      {
        kind: 'select',
        key: 'outputFormat',
        id: 'images-format',
        wire: 'output_format',
        label: 'Output format',
        options: PARTNER_A_OUTPUT_FORMATS,
        empty: 'Default (JPEG)',
        default: ''
      },
      {
        kind: 'select',
        key: 'responseFormat',
        id: 'images-response',
        wire: 'response_format',
        label: 'Response format',
        options: PARTNER_A_RESPONSE_FORMATS,
        empty: 'Default',
        default: ''
      },
      // Upstream watermarks unless told not to (docs/GATEWAY.md §2.6): always say which.
      watermarkToggle('always'),
      {
        kind: 'toggle',
        key: 'group',
        label: 'Generate a group of images',
        send: 'on',
        sets: { sequential_image_generation: 'auto' },
        inline: {
          kind: 'number',
          key: 'maxImages',
          id: 'images-group',
          wire: 'sequential_image_generation_options.max_images',
          label: 'Max images',
          whole: true,
          required: 'Say how many images the group may have, at least 1 (max images).',
          keepWhenAbsent: true,
          default: '4'
        },
        default: false
      },
      {
        kind: 'toggle',
        key: 'stream',
        id: 'images-stream',
        wire: 'stream',
        target: 'job',
        words: 'streaming',
        label: 'Show images as they arrive (stream)',
        hint: 'The listing does not say which models stream; the gateway refuses with a 400.',
        send: 'always',
        stream: true,
        default: false
      },
      { kind: 'extra', key: 'extra', placement: 'spread' }
    ],
    issueAliases: { sequential_image_generation_options: ['maxImages', 'group options'] }
  }
})
