import { z } from 'zod'
import {
  broken,
  choices,
  isImageRef,
  parseWxH,
  requireModelAndPrompt,
  seedAndWatermark,
  stringList,
  type Loose,
  type PreflightIssue
} from '../checks'
import { ExtraFieldValues, FieldName } from '../fieldNames'
import { defineSync, withHiddenNames } from './descriptor'
import { seedField, watermarkToggle } from './form'
import { ImageResultSet, resultOf } from './imageResults'
import { imageRefs, referenceInputs, withReferenceImages } from './media'

/**
 * docs/GATEWAY.md §2.7: one image per request, billed per image, hidden field names from the field map. The
 * URL in the answer is the upstream's temporary address (about 24 h): download it promptly.
 */

const PATH = '/v1/images/partner-b'

export const PARTNER_B_COUNT = 1
export const PARTNER_B_TIERS = ['1K', '2K', '4K'] as const
/** The tier only allowed for text-to-image (no reference images). */
export const PARTNER_B_TEXT_ONLY_TIER = '4K'
export const PARTNER_B_MIN_PIXELS = 768 * 768
export const PARTNER_B_MAX_PIXELS = 4096 * 4096
/** Aspect ratio bounds [1:8, 8:1]. */
export const PARTNER_B_MAX_ASPECT = 8
export const PARTNER_B_MAX_REFERENCE_IMAGES = 9
/** The upstream's temporary result address lives about this long (docs/GATEWAY.md §7). */
export const PARTNER_B_ADDRESS_HOURS = 24

export const PartnerBFieldMap = z.object({
  count: FieldName.default('n'),
  size: FieldName.default('size'),
  seed: FieldName.default('seed'),
  watermark: FieldName.default('watermark'),
  referenceImages: FieldName.default('image')
})

export const PartnerBRequest = z.object({
  model: z.string(),
  prompt: z.string(),
  count: z.number().optional(),
  /** A tier (`1K`/`2K`/`4K`) or `<width>x<height>`. */
  size: z.string().optional(),
  seed: z.number().optional(),
  watermark: z.boolean().optional(),
  referenceImages: z.array(z.string()).optional(),
  extra: ExtraFieldValues.optional()
})
export type PartnerBRequest = z.output<typeof PartnerBRequest>

/** A pixel total as the square it equals: 589824 as "768×768". */
const side = (pixels: number): string => `${Math.sqrt(pixels)}×${Math.sqrt(pixels)}`

function checkSize(issues: PreflightIssue[], size: unknown, hasReferences: boolean): void {
  if (size === undefined) return
  const allowed = (): PreflightIssue =>
    broken({
      field: 'size',
      rule: 'tier_or_size',
      words: `Use a tier (${choices(PARTNER_B_TIERS)}) or <width>x<height>`,
      values: { tiers: PARTNER_B_TIERS },
      value: size
    })
  if (typeof size !== 'string') {
    issues.push(allowed())
  } else if ((PARTNER_B_TIERS as readonly string[]).includes(size)) {
    if (size === PARTNER_B_TEXT_ONLY_TIER && hasReferences) {
      const others = PARTNER_B_TIERS.filter((t) => t !== size)
      issues.push(
        broken({
          field: 'size',
          rule: 'text_to_image_only',
          words: `${size} is only for text-to-image: remove the reference images, or pick ${choices(others)}`,
          values: { size, choices: others }
        })
      )
    }
  } else {
    const wxh = parseWxH(size)
    if (!wxh) {
      issues.push(allowed())
      return
    }
    const pixels = wxh.width * wxh.height
    if (pixels < PARTNER_B_MIN_PIXELS || pixels > PARTNER_B_MAX_PIXELS) {
      const [min, max] = [side(PARTNER_B_MIN_PIXELS), side(PARTNER_B_MAX_PIXELS)]
      issues.push(
        broken({
          field: 'size',
          rule: 'pixels_between',
          words: `Use between ${min} and ${max} pixels in total`,
          values: { min, max },
          value: size
        })
      )
    }
    const long = Math.max(wxh.width, wxh.height)
    const short = Math.min(wxh.width, wxh.height)
    if (long > short * PARTNER_B_MAX_ASPECT) {
      issues.push(
        broken({
          field: 'size',
          rule: 'aspect_between',
          words: `Keep the aspect ratio between 1:${PARTNER_B_MAX_ASPECT} and ${PARTNER_B_MAX_ASPECT}:1`,
          values: { max: PARTNER_B_MAX_ASPECT },
          value: size
        })
      )
    }
  }
}

export function preflightPartnerB(
  input: Loose<{
    model: string
    prompt: string
    count: number
    size: string
    seed: number
    watermark: boolean
    referenceImages: string[]
  }>
): PreflightIssue[] {
  const issues = requireModelAndPrompt(input)
  const count = input['count']
  if (count !== undefined && count !== PARTNER_B_COUNT) {
    issues.push(
      broken({
        field: 'count',
        rule: 'exact_count',
        words: `Exactly ${PARTNER_B_COUNT} image per request`,
        values: { count: PARTNER_B_COUNT },
        value: count
      })
    )
  }
  const refs = stringList(
    issues,
    'referenceImages',
    input['referenceImages'],
    PARTNER_B_MAX_REFERENCE_IMAGES,
    isImageRef,
    'image_url_or_data_uri'
  )
  checkSize(issues, input['size'], refs.length > 0)
  seedAndWatermark(issues, input)
  return issues
}

/** The fields whose names the spec hides, sent under the profile's names. */
const HIDDEN = ['count', 'size', 'seed', 'watermark', 'referenceImages'] as const

export const partnerB = defineSync({
  key: 'partnerB',
  label: 'Single image',
  path: PATH,
  jobKind: 'image',
  kind: 'sync',
  extras: true,
  names: { key: 'partnerB', schema: PartnerBFieldMap },
  addressLifetime: { hours: PARTNER_B_ADDRESS_HOURS },
  references: { max: PARTNER_B_MAX_REFERENCE_IMAGES },
  job: z.object({
    endpoint: z.literal('partnerB'),
    body: PartnerBRequest.omit({ referenceImages: true }),
    references: imageRefs(PARTNER_B_MAX_REFERENCE_IMAGES).optional()
  }),
  imagesOf: () => PARTNER_B_COUNT,
  media: (job) => referenceInputs(job.references),
  toRequest: (job, media) => withReferenceImages(job.body, media),
  ...withHiddenNames<PartnerBRequest, z.output<typeof PartnerBFieldMap>>(
    { key: 'partnerB', path: PATH },
    HIDDEN,
    preflightPartnerB
  ),
  response: ImageResultSet,
  result: (answer) => resultOf(answer),
  form: {
    blurb: 'Partner B, provider-direct: one image per request.',
    order: 3,
    fields: [
      {
        kind: 'tierOrSize',
        key: 'size',
        wire: 'size',
        label: 'Size',
        tiers: PARTNER_B_TIERS,
        textOnlyTier: PARTNER_B_TEXT_ONLY_TIER,
        minPixels: PARTNER_B_MIN_PIXELS,
        maxPixels: PARTNER_B_MAX_PIXELS,
        maxAspect: PARTNER_B_MAX_ASPECT,
        default: { tier: '2K', width: '2048', height: '2048' }
      },
      seedField,
      watermarkToggle('on'),
      { kind: 'extra', key: 'extra', placement: 'nested' },
      {
        kind: 'notice',
        key: 'expiry',
        text: 'Partner B’s image addresses expire after about 24 hours, so each result is downloaded into your library the moment it arrives.'
      }
    ]
  }
})
