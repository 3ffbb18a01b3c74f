import type { z } from 'zod'
import {
  LibraryImage,
  LibraryImportInput,
  LibraryRecent,
  LibraryRecentInput,
  LibraryRef
} from '../schemas/library'

/**
 * The library: getting the user's own images into it (references, edit sources, painted masks) and picking
 * library images. Generation itself goes through `jobs.submit`.
 */
export const libraryCommands = {
  'library.import': { input: LibraryImportInput, output: LibraryImage },
  'library.recent': { input: LibraryRecentInput, output: LibraryRecent },
  'library.info': { input: LibraryRef, output: LibraryImage }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>
