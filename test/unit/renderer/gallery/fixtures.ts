import type { GalleryFacets } from '@shared/schemas/gallery'

/** What the filter pickers list for a gallery of `total` images of one model, endpoint and gateway. */
export const facetsOf = (total: number): GalleryFacets => ({
  total,
  favorites: 1,
  models: [{ value: 'studio-image-v3', count: total }],
  endpoints: [{ value: '/v3/images/generations', count: total }],
  // The backend names the demo gateway in English.
  profiles: [{ value: 'demo', count: total, name: 'Demo gateway' }],
  oldest: 0,
  newest: 1
})
