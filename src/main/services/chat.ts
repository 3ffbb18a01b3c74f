import type { chatCommands } from '../../shared/contracts/chat'
import type { CommandHandlers } from '../contract/dispatch'
import type { ServiceContext } from './context'

export function createChatHandlers(_ctx: ServiceContext): Pick<CommandHandlers, keyof typeof chatCommands> {
  return {}
}
