import type { GatewayCancelAnswer } from '../../shared/schemas/cancel'
import { isGatewayError } from '../gateway'

/** The gateway took the cancel: its own word for the task's state when it gives one. */
export function cancelAccepted(remoteId: string, body: unknown): GatewayCancelAnswer {
  const status =
    typeof body === 'object' && body !== null && typeof (body as { status?: unknown }).status === 'string'
      ? (body as { status: string }).status
      : null
  return {
    remoteId,
    ok: true,
    status: null,
    message: status
      ? `The gateway accepted the cancel; it reports the task as ${status}.`
      : 'The gateway accepted the cancel.'
  }
}

/** The gateway refused the cancel, or never answered: what happened, in the words of the error view. */
export function cancelRefused(remoteId: string, error: unknown): GatewayCancelAnswer {
  if (!isGatewayError(error)) {
    return {
      remoteId,
      ok: false,
      status: null,
      message: `The cancel could not be sent: ${error instanceof Error ? error.message : String(error)}`
    }
  }
  const view = error.toView()
  const status = view.status ?? null
  const said = view.raw && view.raw !== view.message ? ` The gateway said: ${view.raw}` : ''
  return {
    remoteId,
    ok: false,
    status,
    message:
      status !== null
        ? `The gateway refused the cancel (HTTP ${status}): ${view.message}${said}`
        : `${view.title}: ${view.message}`
  }
}
