import { preflightResponses } from '../../../shared/gateway/preflight'
import type { ResponsesRequest } from '../../../shared/gateway/requests'
import { ResponsesResult } from '../schemas/responses'
import { createResponsesDecoder } from '../streams/responses'
import { chatStyle } from './chatStyle'

/** The responses style (docs/GATEWAY.md §2.2): whole answer at once, or streamed (Responses events). */
const responses = chatStyle({
  endpoint: 'responses',
  check: (request: ResponsesRequest) => preflightResponses(request),
  result: ResponsesResult,
  decoder: createResponsesDecoder
})

export const createResponse = responses.create
export const streamResponse = responses.stream
