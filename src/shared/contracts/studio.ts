import type { z } from 'zod'
import {
  LibraryImage,
  LibraryImportInput,
  LibraryRecent,
  LibraryRecentInput,
  LibraryRef
} from '../schemas/studio'

/**
 * Image studio and edit (issue 7): getting the user's own images into the library (references, edit
 * sources, painted masks) and picking library images. Generation itself goes through `jobs.submit`.
 */
export const studioCommands = {
  'library.import': { input: LibraryImportInput, output: LibraryImage },
  'library.recent': { input: LibraryRecentInput, output: LibraryRecent },
  'library.info': { input: LibraryRef, output: LibraryImage }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export const studioEvents = {} as const satisfies Record<string, z.ZodType>
