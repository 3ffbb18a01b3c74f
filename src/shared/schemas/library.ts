import { z } from 'zod'

/** A library media id: 32 lowercase hex characters (see src/main/library/store.ts). */
export const MediaId = z.string().regex(/^[a-f0-9]{32}$/, 'Not a library media id')

/**
 * Largest image the studio imports from a drop, paste or file picker (ours): 48 MiB of bytes, i.e. 64 MiB of
 * base64, which stays well inside the web host's 96 MiB message limit and the library's 64 MiB image cap.
 */
export const IMPORT_MAX_BYTES = 48 * 1024 * 1024
const IMPORT_MAX_BASE64 = Math.ceil(IMPORT_MAX_BYTES / 3) * 4

/**
 * Bytes the user brought (drop, paste, file picker, or a mask painted in the edit screen), as base64. The
 * backend sniffs them (PNG/JPEG/WebP only; a mask must be a PNG) before anything is kept.
 */
export const LibraryImportInput = z
  .object({
    data: z
      .string()
      .min(1, 'The file is empty')
      .max(IMPORT_MAX_BASE64, `Images over ${IMPORT_MAX_BYTES / 1024 / 1024} MB cannot be imported`),
    purpose: z.enum(['image', 'mask']).default('image')
  })
  .strict()

/** One image of the library as the studio's pickers show it. */
export const LibraryImage = z.object({
  mediaId: MediaId,
  mime: z.enum(['image/png', 'image/jpeg', 'image/webp']),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  bytes: z.number().int(),
  createdAt: z.number(),
  /** The prompt of the newest job that produced it; null for an imported file. */
  prompt: z.string().nullable()
})
export type LibraryImage = z.output<typeof LibraryImage>

export const LibraryRecentInput = z
  .object({
    limit: z.number().int().min(1).max(200).default(48),
    /** Items stored strictly before this time (paging, newest first). */
    before: z.number().optional()
  })
  .strict()

export const LibraryRecent = z.object({ items: z.array(LibraryImage), hasMore: z.boolean() })
export type LibraryRecent = z.output<typeof LibraryRecent>

export const LibraryRef = z.object({ mediaId: MediaId }).strict()
