import { z } from 'zod'
import {
  ExportProgress,
  ExportRef,
  GalleryDeleteInput,
  GalleryDeleteResult,
  GalleryDetail,
  GalleryExportInput,
  GalleryFacets,
  GalleryPage,
  GalleryQueryInput,
  GalleryRemoved,
  UsageQueryInput,
  UsageReport
} from '../schemas/gallery'

/** Gallery, export and usage (issue 8). Favourites use `results.setFavorite` (jobs contract). */
export const galleryCommands = {
  'gallery.query': { input: GalleryQueryInput, output: GalleryPage },
  'gallery.facets': { input: z.object({}).strict(), output: GalleryFacets },
  'gallery.get': { input: z.object({ id: z.string().min(1).max(64) }).strict(), output: GalleryDetail },
  'gallery.delete': { input: GalleryDeleteInput, output: GalleryDeleteResult },
  /** Starts an export and answers at once; `gallery.exportProgress` follows it to the end. */
  'gallery.export': { input: GalleryExportInput, output: ExportProgress },
  'gallery.cancelExport': { input: ExportRef, output: z.object({ cancelled: z.boolean() }) },
  'gallery.exports': { input: z.object({}).strict(), output: z.array(ExportProgress) },
  'usage.report': { input: UsageQueryInput, output: UsageReport }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export const galleryEvents = {
  'gallery.exportProgress': ExportProgress,
  'gallery.removed': GalleryRemoved
} as const satisfies Record<string, z.ZodType>
