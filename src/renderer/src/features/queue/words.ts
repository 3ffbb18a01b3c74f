import type { ProfileView } from '@shared/schemas/profiles'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'

/** A gateway by its name: the built-in demo's in the current language (the backend names it in English). */
export const gatewayNameOf = (profile: ProfileView, t: TFunction): string =>
  profile.kind === 'demo' ? t('gateways.demoName') : profile.name

export function useGatewayName(): (profile: ProfileView) => string {
  const { t } = useTranslation()
  return (profile) => gatewayNameOf(profile, t)
}
