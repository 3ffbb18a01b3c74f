/** The billed endpoint paths a model can list in `supported_endpoints` (tenant-relative). */
export const ENDPOINTS = {
  chat: '/v1/chat/completions',
  messages: '/v1/messages',
  responses: '/v1/responses',
  imagesCompat: '/v1/images/generations',
  imageEdits: '/v1/images/edits',
  imagesV3: '/v3/images/generations',
  imagesV2: '/v2/images/generations',
  partnerA: '/partner-a/v3/images/generations',
  partnerB: '/v1/images/partner-b',
  videos: '/v1/videos/generations'
} as const

export type EndpointPath = (typeof ENDPOINTS)[keyof typeof ENDPOINTS]

export const ENDPOINT_PATHS: readonly EndpointPath[] = Object.values(ENDPOINTS)
