/**
 * Constants stated by the gateway interface (draft 0.1.0; summarised in docs/GATEWAY.md). Everything here is quoted
 * from the spec; numbers we chose ourselves live next to the code that uses them and say "(ours)".
 */

export const ENDPOINTS = {
  models: '/v1/models',
  chatCompletions: '/v1/chat/completions',
  messages: '/v1/messages',
  responses: '/v1/responses',
  imagesV1: '/v1/images/generations',
  imageEdits: '/v1/images/edits',
  imagesV3: '/v3/images/generations',
  imagesV2: '/v2/images/generations',
  partnerA: '/partner-a/v3/images/generations',
  partnerB: '/v1/images/partner-b',
  videos: '/v1/videos/generations'
} as const

export type EndpointKey = keyof typeof ENDPOINTS
export type EndpointPath = (typeof ENDPOINTS)[EndpointKey]

/** Endpoints a model is called on; the listing and task polls are not model calls. */
export const MODEL_ENDPOINT_KEYS = [
  'chatCompletions',
  'messages',
  'responses',
  'imagesV1',
  'imageEdits',
  'imagesV3',
  'imagesV2',
  'partnerA',
  'partnerB',
  'videos'
] as const satisfies readonly EndpointKey[]
export type ModelEndpointKey = (typeof MODEL_ENDPOINT_KEYS)[number]

/**
 * Other spellings a `supported_endpoints` entry may use for the same endpoint. §4.7 names the v3 endpoint
 * `images_generations_v3` although §1 says entries are paths, so both must count.
 */
export const ENDPOINT_ALIASES: Readonly<Partial<Record<ModelEndpointKey, readonly string[]>>> = {
  imagesV3: ['images_generations_v3']
}

export const MODEL_ENDPOINT_MISMATCH = 'model_endpoint_mismatch'

export const TASK_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'expired'] as const
export type TaskStatus = (typeof TASK_STATUSES)[number]
export const TERMINAL_TASK_STATUSES: readonly TaskStatus[] = ['succeeded', 'failed', 'cancelled', 'expired']

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

export const V2_RESOLUTIONS = ['1K', '2K', '4K'] as const
export const V2_MAX_REFERENCE_IMAGES = 8

export const PARTNER_A_MIN_MAX_IMAGES = 1
export const PARTNER_A_RESPONSE_FORMATS = ['url', 'b64_json'] as const
export const PARTNER_A_OUTPUT_FORMATS = ['jpeg', 'png', 'webp'] as const

export const PARTNER_B_COUNT = 1
export const PARTNER_B_TIERS = ['1K', '2K', '4K'] as const
/** The tier only allowed for text-to-image (no reference images). */
export const PARTNER_B_TEXT_ONLY_TIER = '4K'
export const PARTNER_B_MIN_PIXELS = 768 * 768
export const PARTNER_B_MAX_PIXELS = 4096 * 4096
/** Aspect ratio bounds [1:8, 8:1]. */
export const PARTNER_B_MAX_ASPECT = 8
export const PARTNER_B_MAX_REFERENCE_IMAGES = 9

export const VIDEO_MIN_DURATION = 1

/** `<width>x<height>` with positive integers. */
export const SIZE_WXH = /^([1-9]\d*)x([1-9]\d*)$/
