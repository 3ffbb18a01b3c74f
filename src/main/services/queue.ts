import type { queueCommands } from '../../shared/contracts/queue'
import type { CommandHandlers } from '../contract/dispatch'
import { watchJobFinishes } from '../queue/watcher'
import type { ServiceContext } from './context'

/**
 * The queue's backend part: the commands are `jobs.*`; this adds the finish notices (`queue.notice` for the
 * page, `ctx.notify` for the desktop). Built before the engine starts, so recovery transitions are seen.
 */
export function createQueueHandlers(ctx: ServiceContext): Pick<CommandHandlers, keyof typeof queueCommands> {
  watchJobFinishes({
    bus: ctx.bus,
    notifyOnJobFinish: () => ctx.settings.get().notifyOnJobFinish,
    notify: ctx.notify,
    activeAtStart: ctx.jobs.listJobIds({ status: ['pending', 'running'], limit: 1_000_000 }),
    onError: (message, error) => ctx.logger.error(message, error)
  })
  return {}
}
