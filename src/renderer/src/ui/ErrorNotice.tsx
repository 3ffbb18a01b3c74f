/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import type { ReactElement, ReactNode } from 'react'
import { GatewayErrorView } from '@shared/gateway/errors'
import { endpointName } from '@shared/gateway/spec'
import type { AppError } from '@shared/result'
import { selectActiveProfile, useProfilesStore } from '../store/profiles'

const actionHints: Record<GatewayErrorView['action'], string | null> = {
  re_enter_key:
    'Check this gateway’s key in Settings › Gateways, or ask the gateway owner whether it was revoked or disabled.',
  check_balance: 'Top up the balance or quota of this key, then try again.',
  check_permission: 'Ask your gateway admin for access to this model or tier, or pick another model.',
  retry_later: 'Try again in a little while.',
  pick_model: 'Pick a model that supports this.',
  fix_input: 'Correct the highlighted value and try again.',
  confirm_resend: 'It may already have run and been charged. Check before sending again.',
  none: null
}

/** Endpoints as a designer knows them ("Per image, Streaming groups"), each once. */
const names = (paths: readonly string[]): string => [...new Set(paths.map(endpointName))].join(', ')

/**
 * What the model supports, from the listing of the gateway in use now rather than from the time of the
 * failure: after a gateway switch or a new key the old list would no longer be true (issue 15).
 */
function useSupportLine(model: string | undefined, atFailure: readonly string[] | undefined): string | null {
  const profile = useProfilesStore(selectActiveProfile)
  const catalog = useProfilesStore((state) => (profile ? state.catalogs[profile.id] : undefined))
  if (!atFailure) return null
  if (model === undefined || !catalog || catalog.fetchedAt === null) {
    return atFailure.length > 0 ? `This model supports: ${names(atFailure)}` : null
  }
  const current = catalog.models.find((m) => m.id === model)
  if (!current) return `${model} is not listed by ${profile?.name ?? 'the gateway in use'}.`
  return current.supportedEndpoints.length > 0
    ? `This model supports: ${names(current.supportedEndpoints)}`
    : null
}

/**
 * One look for every failure: the gateway's mapped words and action when there are some, else the message.
 * `model` names the model the failure was about, so "This model supports" follows the current listing.
 */
export function ErrorNotice({
  error,
  model,
  children
}: {
  error: AppError
  model?: string | undefined
  children?: ReactNode
}): ReactElement {
  const view = GatewayErrorView.safeParse(error.details)
  const supportLine = useSupportLine(model, view.success ? view.data.supportedEndpoints : undefined)
  const title = view.success ? view.data.title : 'That did not work'
  // The mapped message already says what to do, except where it was replaced by the gateway's own words.
  const replaced = view.success && ['invalid', 'mismatch', 'unknown'].includes(view.data.kind)
  const hint = view.success && replaced ? actionHints[view.data.action] : null
  const raw = view.success && view.data.raw && view.data.raw !== error.message ? view.data.raw : null
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">{title}</p>
      <p>{error.message}</p>
      {hint && <p className="notice-hint">{hint}</p>}
      {supportLine && <p className="notice-hint">{supportLine}</p>}
      {raw && (
        <details className="notice-raw">
          <summary>What the gateway said</summary>
          <code>{raw}</code>
        </details>
      )}
      {children}
    </div>
  )
}
