/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import type { ReactElement } from 'react'
import { selectActiveProfile, useProfilesStore } from '../store/profiles'

/** What a screen makes, so the demo note can say what the demo gives back instead. */
export type GatewayOutput = 'chat' | 'images' | 'video'

// A new user asked the demo for "a lighthouse at dusk" and got shapes with nothing saying why: every
// screen that generates says plainly that the demo gateway is a stand-in for real models.
const DEMO_GIVES: Record<GatewayOutput, string> = {
  chat: 'replies are made-up filler text, not a real model',
  images: 'it draws placeholder shapes, not what the prompt describes',
  video: 'it returns a sample clip, not one made from the prompt'
}

/** The line under a generating screen's title: the gateway in use and, on the demo, what to expect. */
export function GatewayLine({ output }: { output: GatewayOutput }): ReactElement | null {
  const profile = useProfilesStore(selectActiveProfile)
  if (!profile) return null
  return (
    <span className="gateway-line">
      On {profile.name}
      {profile.kind === 'demo' && (
        <span className="gateway-demo-note"> · Demo gateway: {DEMO_GIVES[output]}.</span>
      )}
    </span>
  )
}
