import type { ReactElement, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { AppError } from '@shared/result'
import { selectActiveProfile, useProfilesStore } from '../store/profiles'
import { errorWords } from './errorWords'
import { endpointWords } from './words'

/** Endpoints as a designer knows them ("Per image, Streaming groups"), each once. */
const names = (t: TFunction, paths: readonly string[]): string =>
  [...new Set(paths.map((path) => endpointWords(t, path)))].join(t('ui.list.separator'))

/**
 * What the model supports, from the listing of the gateway in use now rather than from the time of the
 * failure: after a gateway switch or a new key the old list would no longer be true.
 */
function useSupportLine(model: string | undefined, atFailure: readonly string[] | undefined): string | null {
  const { t } = useTranslation()
  const profile = useProfilesStore(selectActiveProfile)
  const catalog = useProfilesStore((state) => (profile ? state.catalogs[profile.id] : undefined))
  if (!atFailure) return null
  if (model === undefined || !catalog || catalog.fetchedAt === null) {
    return atFailure.length > 0 ? t('errors.support.supports', { endpoints: names(t, atFailure) }) : null
  }
  const current = catalog.models.find((m) => m.id === model)
  if (!current) {
    const gateway = profile
      ? profile.kind === 'demo'
        ? t('gateways.demoName')
        : profile.name
      : t('errors.support.gatewayInUse')
    return t('errors.support.notListed', { model, gateway })
  }
  return current.supportedEndpoints.length > 0
    ? t('errors.support.supports', { endpoints: names(t, current.supportedEndpoints) })
    : null
}

/** The demo gateway by its name in the reader's language (the backend records it in English). */
function useProfileName(): (name: string) => string {
  const { t } = useTranslation()
  const profiles = useProfilesStore((state) => state.profiles)
  return (name) =>
    profiles.some((profile) => profile.kind === 'demo' && profile.name === name)
      ? t('gateways.demoName')
      : name
}

/**
 * One look for every failure: our words in the reader's language (the gateway's mapped kind and action,
 * our pre-flight's rules, the app's own codes; else the message as it came), and beside them the gateway's
 * own text exactly as it came. `model` names the model the failure was about, so "This model supports"
 * follows the current listing.
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
  const { t } = useTranslation()
  const profileName = useProfileName()
  const words = errorWords(t, error, { profileName })
  const supportLine = useSupportLine(model, words.view?.supportedEndpoints)
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">{words.title}</p>
      {words.message !== null && <p>{words.message}</p>}
      {words.said !== null && (
        <p className="notice-said">
          <span className="notice-said-label">{t('errors.gatewaySaid')}</span>
          {t('ui.sentenceGap')}
          {/* The gateway's words in the gateway's language, whatever the app speaks. */}
          <q lang="">{words.said}</q>
        </p>
      )}
      {words.hint && <p className="notice-hint">{words.hint}</p>}
      {supportLine && <p className="notice-hint">{supportLine}</p>}
      {words.raw && (
        <details className="notice-raw">
          <summary>{t('errors.gatewaySent')}</summary>
          <code>{words.raw}</code>
        </details>
      )}
      {children}
    </div>
  )
}
