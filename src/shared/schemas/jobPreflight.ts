import {
  checkModelEndpoint,
  preflightImageEdit,
  preflightImagesV1,
  preflightImagesV2,
  preflightImagesV3,
  preflightPartnerA,
  preflightPartnerB,
  preflightMerged,
  preflightVideo,
  type PreflightIssue,
  type ProfileExtras
} from '../gateway/preflight'
import type { ImageRef, JobRequest } from './jobs'

/**
 * References as the gateway will see them: a URL as itself, a library item as the data URI the backend
 * makes of it at send time (its bytes do not matter to the limits, its form does: v2 takes URLs only).
 */
const placeholders = (refs: readonly ImageRef[] | undefined): string[] | undefined =>
  refs && refs.length > 0 ? refs.map((ref) => ('url' in ref ? ref.url : 'data:image/png;base64,')) : undefined

/**
 * Every limit of the spec for one job, before anything is stored or sent. The renderer runs the same
 * function as the user types; the backend runs it again on submit (the renderer is not trusted). With the
 * gateway profile, its extra JSON fields are checked as part of the body they are merged into.
 */
export function preflightJob(
  request: JobRequest,
  model?: { readonly id: string; readonly supported_endpoints?: readonly string[] },
  profile?: ProfileExtras
): PreflightIssue[] {
  const endpointIssues = checkModelEndpoint(model, request.endpoint)
  switch (request.endpoint) {
    case 'imagesV1':
      return [
        ...endpointIssues,
        ...preflightMerged('imagesV1', request.body, undefined, profile, preflightImagesV1)
      ]
    case 'imagesV3':
      // v3 lists every field and takes no extras.
      return [...endpointIssues, ...preflightImagesV3(request.body)]
    case 'imagesV2': {
      const refs = placeholders(request.references)
      const input = { ...request.body, ...(refs ? { referenceImages: refs } : {}) }
      return [
        ...endpointIssues,
        ...preflightMerged('imagesV2', input, request.body.extra, profile, preflightImagesV2)
      ]
    }
    case 'partnerA': {
      const refs = placeholders(request.references)
      // The request's own extras are part of partner-a's open body already.
      const input = { ...request.body, ...(refs ? { image: refs } : {}) }
      return [
        ...endpointIssues,
        ...preflightMerged('partnerA', input, undefined, profile, (merged) =>
          preflightPartnerA(merged, { stream: request.stream })
        )
      ]
    }
    case 'partnerB': {
      const refs = placeholders(request.references)
      const input = { ...request.body, ...(refs ? { referenceImages: refs } : {}) }
      return [
        ...endpointIssues,
        ...preflightMerged('partnerB', input, request.body.extra, profile, preflightPartnerB)
      ]
    }
    case 'imageEdits':
      return [
        ...endpointIssues,
        ...preflightImageEdit({
          model: request.body.model,
          prompt: request.body.prompt,
          imageCount: request.images.length,
          maskCount: request.mask ? 1 : 0
        })
      ]
    case 'videos':
      return [
        ...endpointIssues,
        ...preflightMerged('videos', request.body, request.body.extra, profile, preflightVideo)
      ]
  }
}
