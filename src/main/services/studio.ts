import type { studioCommands } from '../../shared/contracts/studio'
import type { CommandHandlers } from '../contract/dispatch'
import { StudioLibrary } from '../studio/library'
import type { ServiceContext } from './context'

/** The image studio's own commands: the user's files into the library, and library images to pick from. */
export function createStudioHandlers(
  ctx: ServiceContext
): Pick<CommandHandlers, keyof typeof studioCommands> {
  const library = new StudioLibrary(ctx.db, ctx.library)
  return {
    'library.import': ({ data, purpose }) => library.import(data, purpose),
    'library.recent': ({ limit, before }) => library.recent(limit, before),
    'library.info': ({ mediaId }) => library.info(mediaId)
  }
}
