import type { ReactElement } from 'react'
import { ComingSoon } from '../shell/ComingSoon'

export function ChatScreen(): ReactElement {
  return (
    <ComingSoon
      title="Chat"
      promise="Talk with chat models in all three gateway styles, with streaming replies and a history that lasts."
    />
  )
}
