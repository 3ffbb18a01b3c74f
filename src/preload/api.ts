import type { CommandName, EventName } from '../shared/contract'

/** The shape of `window.api`: exactly the contract's commands and events (RELIABILITY P2). */
export interface PreloadApi {
  commands: Record<CommandName, (input: unknown) => Promise<unknown>>
  events: Record<EventName, (listener: (payload: unknown) => void) => () => void>
}
