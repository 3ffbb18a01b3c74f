import { z } from 'zod'
import {
  Board,
  BoardCreateInput,
  BoardItemsInput,
  BoardItemsResult,
  BoardRef,
  BoardRenameInput
} from '../schemas/boards'
import {
  ExportProgress,
  ExitFile,
  ExportRef,
  GalleryDeleteInput,
  GalleryDeleteResult,
  GalleryDetail,
  GalleryExportInput,
  GalleryFacets,
  GalleryFilesHere,
  GalleryNoteInput,
  GalleryNoteSet,
  GalleryPage,
  GalleryQueryInput,
  GalleryRatingInput,
  GalleryRatingSet,
  GalleryRemoved,
  UsageQueryInput,
  UsageReport
} from '../schemas/gallery'
import {
  ImportFilesInput,
  ImportFolderInput,
  ImportProgress,
  ImportRef,
  ImportReport
} from '../schemas/imports'

/** Gallery, export and usage. Favourites use `results.setFavorite` (jobs contract). */
export const galleryCommands = {
  'gallery.query': { input: GalleryQueryInput, output: GalleryPage },
  'gallery.facets': { input: z.object({}).strict(), output: GalleryFacets },
  /**
   * One image's details. A team image whose file is still at its location waits for the file (to say what
   * it leaves as), unless `waitForFile` is false: then it is answered at once, `fileFetching`.
   */
  'gallery.get': {
    input: z.object({ id: z.string().min(1).max(64), waitForFile: z.boolean().optional() }).strict(),
    output: GalleryDetail
  },
  /** The name and type of the file an image leaves as (the shells serve it at `/copies/<id>`). */
  'gallery.exitFile': { input: z.object({ id: z.string().min(1).max(64) }).strict(), output: ExitFile },
  'gallery.delete': { input: GalleryDeleteInput, output: GalleryDeleteResult },
  /** Stars (0 to 5) for a selection; on a shared board's image they reach the team at the next sync, as notes do. */
  'gallery.setRating': { input: GalleryRatingInput, output: GalleryRatingSet },
  'gallery.setNote': { input: GalleryNoteInput, output: GalleryNoteSet },
  /** Starts an export and answers at once; `gallery.exportProgress` follows it to the end. */
  'gallery.export': { input: GalleryExportInput, output: ExportProgress },
  'gallery.cancelExport': { input: ExportRef, output: z.object({ cancelled: z.boolean() }) },
  'gallery.exports': { input: z.object({}).strict(), output: z.array(ExportProgress) },
  /** Files the renderer has in hand (a drop, a paste, a picker) into the gallery; answers when they are in. */
  'gallery.importFiles': { input: ImportFilesInput, output: ImportReport },
  /** Starts importing a folder and answers at once; `gallery.importProgress` follows it to the end. */
  'gallery.importFolder': { input: ImportFolderInput, output: ImportProgress },
  'gallery.cancelImport': { input: ImportRef, output: z.object({ cancelled: z.boolean() }) },
  'gallery.imports': { input: z.object({}).strict(), output: z.array(ImportProgress) },
  'usage.report': { input: UsageQueryInput, output: UsageReport },
  /** Boards: named collections; what a board holds is the gallery filtered by `boardIds`. */
  'boards.list': { input: z.object({}).strict(), output: z.array(Board) },
  'boards.create': { input: BoardCreateInput, output: Board },
  'boards.rename': { input: BoardRenameInput, output: Board },
  'boards.delete': { input: BoardRef, output: z.object({ deleted: z.boolean() }) },
  'boards.add': { input: BoardItemsInput, output: BoardItemsResult },
  'boards.remove': { input: BoardItemsInput, output: BoardItemsResult }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export const galleryEvents = {
  'gallery.exportProgress': ExportProgress,
  'gallery.importProgress': ImportProgress,
  'gallery.removed': GalleryRemoved,
  /** Team images' full files came here (a burst of them told together, every 250 ms at most). */
  'gallery.filesHere': GalleryFilesHere
} as const satisfies Record<string, z.ZodType>
