import type { ModelView } from '@shared/schemas/profiles'
import type { ReferenceCandidate } from '../../ui/ReferenceOffer'
import { imageEndpointsOf, referenceLimits, type GenEndpoint } from './form'

/**
 * The models that take `count` reference images of these kinds, each on the first endpoint that does, by
 * id: what a screen offers when the model chosen takes none or fewer (Images, Compare). `skip` leaves out
 * a model (the one chosen) or one of its endpoints (a choice already made).
 */
export function referenceCandidates(
  models: readonly ModelView[],
  count: number,
  hasLibraryImages: boolean,
  via: (endpoint: GenEndpoint) => string,
  skip: (model: string, endpoint: GenEndpoint) => boolean
): ReferenceCandidate[] {
  const byId = [...models].sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }))
  return byId.flatMap((model) => {
    for (const endpoint of imageEndpointsOf(model)) {
      if (skip(model.id, endpoint)) continue
      const { max, urlOnly } = referenceLimits(endpoint)
      if (max >= count && !(urlOnly && hasLibraryImages))
        return [{ model, endpoint, via: via(endpoint), max }]
    }
    return []
  })
}
