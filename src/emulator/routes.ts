import type { FieldNames, Handler } from './context'
import { ENDPOINTS } from './endpoints'
import { sendJson } from './http/respond'
import { imageEdits } from './images/edits'
import { compatImages, v3Images } from './images/openai-images'
import { partnerA } from './images/partner-a'
import { partnerB } from './images/partner-b'
import { createImageTask, getImageTask } from './images/v2-tasks'
import { cancelVideoTask, createVideoTask, getVideoTask } from './tasks/video'
import { chatCompletions } from './text/chat'
import { messages } from './text/messages'
import { responses } from './text/responses'

export interface Route {
  method: 'GET' | 'POST' | 'DELETE'
  pattern: RegExp
  handler: Handler
}

const listModels: Handler = (ctx) =>
  sendJson(ctx.wire, 200, { object: 'list', data: ctx.state.accounts.listModels(ctx.key) })

const exact = (path: string): RegExp => new RegExp(`^${path.replace(/[.-]/g, '\\$&')}$`)
const withId = (path: string): RegExp => new RegExp(`^${path.replace(/[.-]/g, '\\$&')}/([^/]+)$`)

/**
 * Tenant-relative routes; the video query path depends on the field-name set (docs/GATEWAY.md §6). The video
 * cancel route is not in the spec and is served only when asked for (`cancelRoute`).
 */
export function tenantRoutes(fieldNames: FieldNames, cancelRoute = false): Route[] {
  const videoQuery = fieldNames === 'alternative' ? '/v1/videos' : ENDPOINTS.videos
  const cancel: Route[] = cancelRoute
    ? [{ method: 'DELETE', pattern: withId(`${videoQuery}/tasks`), handler: cancelVideoTask }]
    : []
  return [
    ...cancel,
    { method: 'GET', pattern: exact('/v1/models'), handler: listModels },
    { method: 'POST', pattern: exact(ENDPOINTS.chat), handler: chatCompletions },
    { method: 'POST', pattern: exact(ENDPOINTS.messages), handler: messages },
    { method: 'POST', pattern: exact(ENDPOINTS.responses), handler: responses },
    { method: 'POST', pattern: exact(ENDPOINTS.imagesCompat), handler: compatImages },
    { method: 'POST', pattern: exact(ENDPOINTS.imageEdits), handler: imageEdits },
    { method: 'POST', pattern: exact(ENDPOINTS.imagesV3), handler: v3Images },
    { method: 'POST', pattern: exact(ENDPOINTS.imagesV2), handler: createImageTask },
    { method: 'GET', pattern: withId(ENDPOINTS.imagesV2), handler: getImageTask },
    { method: 'POST', pattern: exact(ENDPOINTS.partnerA), handler: partnerA },
    { method: 'POST', pattern: exact(ENDPOINTS.partnerB), handler: partnerB },
    { method: 'POST', pattern: exact(ENDPOINTS.videos), handler: createVideoTask },
    { method: 'GET', pattern: withId(videoQuery), handler: getVideoTask }
  ]
}
