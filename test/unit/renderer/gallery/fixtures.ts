import type { GalleryDetail, GalleryFacets } from '@shared/schemas/gallery'

/** The details of an image the app made (a partner-b job with a seed), with `patch` over them. */
export const galleryDetail = (patch: Partial<GalleryDetail> = {}): GalleryDetail => ({
  id: 'r1',
  jobId: 'job-1',
  jobStatus: 'succeeded',
  jobKind: 'image',
  mediaId: '0'.repeat(32),
  mime: 'image/png',
  width: 1536,
  height: 1024,
  bytes: 2048,
  sizeLabel: '1536x1024',
  prompt: 'a paper boat',
  revisedPrompt: null,
  params: { model: 'wan', prompt: 'a paper boat', size: '1536x1024', seed: 42 },
  seed: 42,
  model: 'wan',
  endpoint: '/v1/images/partner-b',
  profileId: 'p1',
  profileName: 'Demo gateway',
  usage: null,
  imageUsage: null,
  billingUnit: 'image',
  imagesInJob: 1,
  favorite: false,
  rating: 0,
  note: '',
  verdict: null,
  createdAt: 1,
  fromAddress: false,
  ...patch
})

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

/**
 * Gives every element a 1000 × 800 box for the tests of a `describe` (jsdom lays nothing out), so the grid's
 * virtualizer has a screen to fill; the real getters are put back after.
 */
export function stubScreenSize(
  beforeAll: (fn: () => void) => void,
  afterAll: (fn: () => void) => void
): void {
  const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
  const width = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth')
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 })
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 })
  })
  afterAll(() => {
    if (height) Object.defineProperty(HTMLElement.prototype, 'clientHeight', height)
    if (width) Object.defineProperty(HTMLElement.prototype, 'clientWidth', width)
  })
}
