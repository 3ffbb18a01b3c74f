import type { studioCommands } from '../../shared/contracts/studio'
import type { CommandHandlers } from '../contract/dispatch'
import type { ServiceContext } from './context'

export function createStudioHandlers(
  _ctx: ServiceContext
): Pick<CommandHandlers, keyof typeof studioCommands> {
  return {}
}
