import type { ReactElement } from 'react'
import { ComingSoon } from '../shell/ComingSoon'

export function ImagesScreen(): ReactElement {
  return (
    <ComingSoon
      title="Images"
      promise="Generate images on every image endpoint of the gateway and watch image groups arrive live."
    />
  )
}
