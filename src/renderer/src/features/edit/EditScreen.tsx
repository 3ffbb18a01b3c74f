import type { ReactElement } from 'react'
import { ComingSoon } from '../shell/ComingSoon'

export function EditScreen(): ReactElement {
  return (
    <ComingSoon title="Edit" promise="Paint a mask over an image and ask a model to change just that area." />
  )
}
