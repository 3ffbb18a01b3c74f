import { descriptorOf } from '../gateway/endpoints'
import type { JobKind } from '../schemas/jobKinds'
import type { JobRequest } from '../schemas/jobs'

/**
 * What a job request says that its price depends on: how many images it asks for, at which size, how long a
 * video, and the prompt. Read from the endpoint's descriptor where it knows (`imagesOf`: v3's `n`, v2's
 * "Images: N", partner-a's group `max_images`, partner-b's one) and from the body's fields otherwise.
 */

export interface RequestFacts {
  jobKind: JobKind
  /** Images (or videos) the request asks for; may be no whole number when a loose body says so. */
  results: number
  /**
   * Whether `results` is what comes back, or only its most: a partner-a group has up to `max_images`
   * (docs/GATEWAY.md §2.6), the model decides how many.
   */
  resultsAtMost: boolean
  /** The size or tier the images are made at, as the request or the spec's default says; undefined: unknown. */
  size: string | undefined
  /** A video's length in seconds, when the request gives a usable one. */
  seconds: number | undefined
  prompt: string
}

/**
 * The sizes the gateway makes when a request leaves the size out: v3 `1024x1024` and partner-b `2K` as the
 * gateway interface states them (its §4.7 and §4.11), partner-a `2K` as its provider does (docs/GATEWAY.md
 * §2.6).
 */
export const V3_DEFAULT_SIZE = '1024x1024'
export const PARTNER_A_DEFAULT_SIZE = '2K'
export const PARTNER_B_DEFAULT_SIZE = '2K'

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

function sizeOf(request: JobRequest): string | undefined {
  switch (request.endpoint) {
    case 'imagesV1':
      // The spec shows no size field here; a body that sends one says what it asked for.
      return text(request.body['size'])
    case 'imageEdits':
      return text(request.body.fields?.['size'])
    case 'imagesV3':
      return request.body.size ?? V3_DEFAULT_SIZE
    case 'imagesV2':
      // v2's size is a ratio ("16:9"); its tier is the resolution (1K/2K/4K).
      return request.body.resolution
    case 'partnerA':
      return request.body.size ?? PARTNER_A_DEFAULT_SIZE
    case 'partnerB':
      return request.body.size ?? PARTNER_B_DEFAULT_SIZE
    case 'videos':
      return request.body.size
  }
}

export function requestFacts(request: JobRequest): RequestFacts {
  const descriptor = descriptorOf(request.endpoint)
  const duration = request.endpoint === 'videos' ? request.body.duration : undefined
  return {
    jobKind: descriptor.jobKind,
    results: descriptor.imagesOf(request),
    resultsAtMost: request.endpoint === 'partnerA' && request.body.sequential_image_generation === 'auto',
    size: sizeOf(request),
    seconds: duration !== undefined && Number.isFinite(duration) && duration > 0 ? duration : undefined,
    prompt: request.body.prompt
  }
}
