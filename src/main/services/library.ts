import type { libraryCommands } from '../../shared/contracts/library'
import type { CommandHandlers } from '../contract/dispatch'
import { LibraryPicker } from '../library/picker'
import type { ServiceContext } from './context'

/** `library.*`: the user's files into the library, and library images to pick from. */
export function createLibraryHandlers(
  ctx: ServiceContext
): Pick<CommandHandlers, keyof typeof libraryCommands> {
  const library = new LibraryPicker(ctx.db, ctx.library)
  return {
    'library.import': ({ data, purpose }) => library.import(data, purpose),
    'library.recent': ({ limit, before }) => library.recent(limit, before),
    'library.info': ({ mediaId }) => library.info(mediaId)
  }
}
