import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { selectActiveProfile, useProfilesStore } from '../store/profiles'

/** What a screen makes, so the demo note can say what the demo gives back instead. */
export type GatewayOutput = 'chat' | 'images' | 'video'

/**
 * The line under a generating screen's title: the gateway in use and, on the demo, what to expect. A new
 * user asked the demo for "a lighthouse at dusk" and got shapes with nothing saying why: every screen that
 * generates says plainly that the demo gateway is a stand-in for real models.
 */
export function GatewayLine({ output }: { output: GatewayOutput }): ReactElement | null {
  const { t } = useTranslation()
  const profile = useProfilesStore(selectActiveProfile)
  if (!profile) return null
  const demo = profile.kind === 'demo'
  // The backend records the demo under its English name; it is said in the language in use.
  const gateway = demo ? t('gateways.demoName') : profile.name
  return (
    <span className="gateway-line">
      {t('ui.gatewayLine.on', { gateway })}
      {demo && (
        <span className="gateway-demo-note">
          {t('ui.gatewayLine.demo', { gives: t(`ui.gatewayLine.gives.${output}`) })}
        </span>
      )}
    </span>
  )
}
