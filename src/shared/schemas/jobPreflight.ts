import {
  checkModelEndpoint,
  preflightImageEdit,
  preflightImagesV1,
  preflightImagesV2,
  preflightImagesV3,
  preflightPartnerA,
  preflightPartnerB,
  preflightVideo,
  type PreflightIssue
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
 * function as the user types; the backend runs it again on submit (the renderer is not trusted).
 */
export function preflightJob(
  request: JobRequest,
  model?: { readonly id: string; readonly supported_endpoints?: readonly string[] }
): PreflightIssue[] {
  const endpointIssues = checkModelEndpoint(model, request.endpoint)
  switch (request.endpoint) {
    case 'imagesV1':
      return [...endpointIssues, ...preflightImagesV1(request.body)]
    case 'imagesV3':
      return [...endpointIssues, ...preflightImagesV3(request.body)]
    case 'imagesV2': {
      const refs = placeholders(request.references)
      return [
        ...endpointIssues,
        ...preflightImagesV2({ ...request.body, ...(refs ? { referenceImages: refs } : {}) })
      ]
    }
    case 'partnerA': {
      const refs = placeholders(request.references)
      return [
        ...endpointIssues,
        ...preflightPartnerA(
          { ...request.body, ...(refs ? { image: refs } : {}) },
          { stream: request.stream }
        )
      ]
    }
    case 'partnerB': {
      const refs = placeholders(request.references)
      return [
        ...endpointIssues,
        ...preflightPartnerB({ ...request.body, ...(refs ? { referenceImages: refs } : {}) })
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
      return [...endpointIssues, ...preflightVideo(request.body)]
  }
}
