import type { ReactElement } from 'react'
import { ComingSoon } from '../shell/ComingSoon'

export function TasksScreen(): ReactElement {
  return (
    <ComingSoon
      title="Tasks"
      promise="Follow long image and video jobs; they keep going when the app restarts."
    />
  )
}
