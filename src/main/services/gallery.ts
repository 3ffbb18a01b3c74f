import type { galleryCommands } from '../../shared/contracts/gallery'
import type { CommandHandlers } from '../contract/dispatch'
import type { ServiceContext } from './context'

export function createGalleryHandlers(
  _ctx: ServiceContext
): Pick<CommandHandlers, keyof typeof galleryCommands> {
  return {}
}
