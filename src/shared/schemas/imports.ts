import { z } from 'zod'
import { AppErrorSchema } from '../result'
import { IMPORT_MAX_BYTES } from './library'

/**
 * Bringing existing images into the gallery (issue 26): files dropped, pasted or picked (their bytes
 * travel with the command), or a folder on this machine walked by the backend. Each image keeps the
 * settings its file carries (this app's, ComfyUI's, InvokeAI's or A1111's), read back on the way in.
 */

/** Why a file was left out, in words the renderer says in the reader's language. */
export const IMPORT_SKIP_REASONS = [
  /** The same bytes are in the gallery already (by content hash). */
  'duplicate',
  /** Not a PNG, JPEG or WebP. */
  'notAnImage',
  /** Over the size the library takes. */
  'tooLarge',
  /** Cut short or damaged: the file says it is an image, but it is not a whole one. */
  'damaged',
  /** The file could not be read (permissions, a vanished file, a disk error). */
  'unreadable'
] as const
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number]

export const ImportSkip = z.object({
  /** The file's name (a folder import: its path under the folder). */
  name: z.string(),
  reason: z.enum(IMPORT_SKIP_REASONS)
})
export type ImportSkip = z.output<typeof ImportSkip>

const IMPORT_FILES_MAX = 20
const FILES_MAX_BASE64 = 64 * 1024 * 1024
const IMPORT_MAX_BASE64 = Math.ceil(IMPORT_MAX_BYTES / 3) * 4

/**
 * Files the renderer has in hand (a drop, a paste, a file picker): a few per command, their bytes in
 * base64. A file over the library's size is still sent (as its name, with no bytes) so the report can say
 * why it was left out.
 */
export const ImportFilesInput = z
  .object({
    files: z
      .array(
        z
          .object({
            name: z.string().trim().min(1).max(512),
            /** Base64 of the bytes; null: the renderer saw the file was too large to send. */
            data: z.string().max(IMPORT_MAX_BASE64).nullable()
          })
          .strict()
      )
      .min(1)
      .max(IMPORT_FILES_MAX)
      .refine(
        (files) => files.reduce((sum, file) => sum + (file.data?.length ?? 0), 0) <= FILES_MAX_BASE64,
        'Send at most 48 MB of files at a time'
      )
  })
  .strict()

/** What became of files sent with `gallery.importFiles`, in the order they were sent. */
export const ImportReport = z.object({
  /** The gallery ids of the images added, in the order of their files. */
  added: z.array(z.string()),
  skipped: z.array(ImportSkip)
})
export type ImportReport = z.output<typeof ImportReport>

export const ImportFolderInput = z
  .object({
    /** An absolute folder on the machine the backend runs on; its sub-folders are walked too. */
    folder: z.string().trim().min(1).max(1024)
  })
  .strict()

export const IMPORT_STATUSES = ['running', 'succeeded', 'failed', 'cancelled'] as const

/** How many skipped files a folder import lists by name; the rest are counted. */
export const IMPORT_SKIPS_LISTED = 500

export const ImportProgress = z.object({
  importId: z.string(),
  folder: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** Files found so far (the walk runs ahead of the import), and of them the ones done with. */
  total: z.number().int(),
  done: z.number().int(),
  /** True once the whole folder has been walked: `total` is final. */
  counted: z.boolean(),
  added: z.number().int(),
  /** Files left out, by reason; `skippedFiles` names the first `IMPORT_SKIPS_LISTED` of them. */
  skipped: z.number().int(),
  skippedFiles: z.array(ImportSkip),
  error: AppErrorSchema.nullable(),
  startedAt: z.number(),
  finishedAt: z.number().nullable()
})
export type ImportProgress = z.output<typeof ImportProgress>

export const ImportRef = z.object({ importId: z.string().min(1).max(64) }).strict()
