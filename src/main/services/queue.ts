import type { queueCommands } from '../../shared/contracts/queue'
import type { CommandHandlers } from '../contract/dispatch'
import type { ServiceContext } from './context'

export function createQueueHandlers(_ctx: ServiceContext): Pick<CommandHandlers, keyof typeof queueCommands> {
  return {}
}
