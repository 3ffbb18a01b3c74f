import { ENDPOINTS } from '../../../shared/gateway/spec'
import type { CallOptions, GatewayContext } from '../context'
import { ModelList } from '../schemas/models'
import { getJson, type JsonResult } from './common'

/** docs/GATEWAY.md §2.1: the models this key may use at this tenant address. A safe read, retried (P13). */
export function listModels(ctx: GatewayContext, options: CallOptions): Promise<JsonResult<ModelList>> {
  return getJson(ctx, ENDPOINTS.models, ModelList, options)
}
