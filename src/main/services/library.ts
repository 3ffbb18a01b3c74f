import type { libraryCommands } from '../../shared/contracts/library'
import type { CommandHandlers } from '../contract/dispatch'
import type { LibraryPicker } from '../library/picker'

/** `library.*`: the user's files into the library, and library images to pick from. */
export function createLibraryHandlers({
  picker
}: {
  picker: LibraryPicker
}): Pick<CommandHandlers, keyof typeof libraryCommands> {
  return {
    'library.import': ({ data, purpose }) => picker.import(data, purpose),
    'library.recent': ({ limit, before }) => picker.recent(limit, before),
    'library.info': ({ mediaId }) => picker.info(mediaId)
  }
}
