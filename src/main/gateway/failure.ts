import { isGatewayError } from './errors'
import { AppFailure } from '../contract/failure'

/**
 * A gateway failure crosses the contract as `gateway.<kind>` with the designer-facing view as details,
 * so every screen can show the same words and offer the same action.
 */
export function toAppFailure(error: unknown): unknown {
  if (!isGatewayError(error)) return error
  const view = error.toView()
  return new AppFailure(`gateway.${view.kind}`, view.message, view)
}

export async function withGatewayErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    throw toAppFailure(error)
  }
}
