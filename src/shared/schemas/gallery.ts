import { AppErrorSchema } from '../result'
import { z } from 'zod'
import { SpokenLanguage } from '../language'
import { FileSettings } from './fileSettings'
import { Verdict } from './batches'
import { ProfileId } from './profiles'

/**
 * The gallery: every stored image result, newest first, with filters, paging, detail, deletion,
 * team export and usage totals. Dates are epoch milliseconds; day boundaries are the renderer's to choose
 * (it sends the bounds of the range it shows, and its IANA time zone for grouping by day).
 */

const Id = z.string().min(1).max(64)
const Names = z.array(z.string().min(1).max(200)).max(50)

export const GalleryFilter = z
  .object({
    models: Names.optional(),
    endpoints: Names.optional(),
    profileIds: z.array(ProfileId).max(50).optional(),
    /** Created at or after (epoch ms). */
    from: z.number().int().nonnegative().optional(),
    /** Created strictly before (epoch ms). */
    to: z.number().int().nonnegative().optional(),
    favoritesOnly: z.boolean().optional(),
    /** Only images on at least one of these boards. */
    boardIds: z.array(Id).max(50).optional(),
    /** Words to find in the prompt or the revised prompt (full text, each word as a prefix). */
    text: z.string().max(500).optional()
  })
  .strict()
export type GalleryFilter = z.output<typeof GalleryFilter>

/** What a bulk action applies to: a list of result ids, or everything the filter matches except some. */
export const GallerySelection = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ids'), ids: z.array(Id).min(1).max(20_000) }).strict(),
  z
    .object({
      kind: z.literal('filter'),
      filter: GalleryFilter,
      except: z.array(Id).max(20_000).default([])
    })
    .strict()
])
export type GallerySelection = z.output<typeof GallerySelection>
export type GallerySelectionInput = z.input<typeof GallerySelection>

export const GALLERY_PAGE_MAX = 500

export const GalleryQueryInput = z
  .object({
    filter: GalleryFilter.default({}),
    /** From the previous page's `nextCursor`; absent for the first page. */
    cursor: z.string().max(200).optional(),
    /**
     * Without a cursor: start at this position of the filter's order (a jump, e.g. the scrollbar dragged
     * to the middle); the answer then also says how many match.
     */
    offset: z.number().int().min(0).max(10_000_000).optional(),
    limit: z.number().int().min(1).max(GALLERY_PAGE_MAX).default(200)
  })
  .strict()
  .refine((input) => input.cursor === undefined || input.offset === undefined, {
    message: 'a page starts at a cursor or at an offset, not both'
  })

/** A designer's stars on an image: 1 to 5, 0 for none. */
export const Rating = z.number().int().min(0).max(5)

/** The longest note an image takes; a team library holds notes as long (`sync/teamLibrary.ts`). */
export const NOTE_MAX = 4_000
export const Note = z.string().max(NOTE_MAX)

/** One grid tile: enough to draw the thumbnail and its label, nothing more. */
export const GalleryItem = z.object({
  id: z.string(),
  jobId: z.string(),
  mediaId: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  model: z.string(),
  /** The prompt, cut to 200 characters (the tile's accessible name); the detail has it whole. */
  prompt: z.string(),
  favorite: z.boolean(),
  /** The tile shows its stars; a rating costs the page query nothing (a column of the row it reads). */
  rating: Rating,
  createdAt: z.number(),
  /** A team image whose full file is still at its team location (its thumbnail is here). Absent: here. */
  away: z.literal(true).optional()
})
export type GalleryItem = z.output<typeof GalleryItem>

export const GalleryPage = z.object({
  items: z.array(GalleryItem),
  nextCursor: z.string().nullable(),
  /** How many images the filter matches; on a first page or a jump (null on pages after a cursor). */
  matching: z.number().int().nullable()
})
export type GalleryPage = z.output<typeof GalleryPage>

const Facet = z.object({ value: z.string(), count: z.number().int() })

export const GalleryFacets = z.object({
  total: z.number().int(),
  favorites: z.number().int(),
  models: z.array(Facet),
  endpoints: z.array(Facet),
  /** `name` null: a gateway no longer among the profiles, which the renderer names in the reader's language. */
  profiles: z.array(Facet.extend({ name: z.string().nullable() })),
  oldest: z.number().nullable(),
  newest: z.number().nullable()
})
export type GalleryFacets = z.output<typeof GalleryFacets>

/**
 * The file an image leaves the app as, on its own ("Save as…", a drag out of the window): its copy with its
 * story inside, or (`sidecar`) a zip of the untouched file and its story beside it, for a file with
 * content credentials. Named before it is made: a drag names its file as it starts.
 */
export const ExitFile = z.object({
  fileName: z.string(),
  mime: z.string(),
  sidecar: z.boolean()
})
export type ExitFile = z.output<typeof ExitFile>

export const GalleryDetail = z.object({
  id: z.string(),
  jobId: z.string(),
  jobStatus: z.string(),
  jobKind: z.string(),
  mediaId: z.string(),
  mime: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  bytes: z.number().int(),
  sizeLabel: z.string().nullable(),
  prompt: z.string(),
  revisedPrompt: z.string().nullable(),
  /** The request body as sent (model, prompt and every parameter). */
  params: z.unknown(),
  seed: z.union([z.number(), z.string()]).nullable(),
  model: z.string(),
  endpoint: z.string(),
  profileId: z.string(),
  profileName: z.string().nullable(),
  /** The job's usage as the gateway reported it (for the whole job, which may hold several images). */
  usage: z.unknown().nullable(),
  /**
   * This image's own usage: what the gateway reported for the request that made this image alone (a v2
   * task, a partner-b call, a job of one image); null when usage was reported only for several images.
   */
  imageUsage: z.unknown().nullable(),
  billingUnit: z.string().nullable(),
  imagesInJob: z.number().int(),
  favorite: z.boolean(),
  rating: Rating,
  note: Note,
  /** Kept or rejected (on a batch's sheet, in the details, or by a teammate); null: neither yet. */
  verdict: Verdict.nullable(),
  createdAt: z.number(),
  /**
   * The image came as an address on the gateway (so the gateway holds a copy), not as bytes in the answer.
   * How long that copy lives is said only where the endpoint's descriptor states it (`addressLifetime`).
   */
  fromAddress: z.boolean(),
  /**
   * An image brought in from outside (issue 26): its file's name and the settings the file carried (null:
   * none we read). Absent or null: the app made it.
   */
  imported: z
    .object({
      file: z.string(),
      settings: FileSettings.nullable(),
      /** Brought in from a team location: who published it there. */
      team: z.object({ author: z.string(), locationId: z.string() }).optional()
    })
    .nullable()
    .optional(),
  /** The file carries content credentials (C2PA): it leaves the app untouched, its story in a sidecar. */
  credentials: z.boolean().optional(),
  /**
   * A team image whose full file is still at its team location, which could not give it when the details
   * asked (only its thumbnail is here). Absent: the file is here.
   */
  fileAway: z.literal(true).optional(),
  /**
   * A team image whose full file is still at its team location, answered without waiting for it (asked
   * with `waitForFile: false`): the details show its thumbnail until the file is here. Absent otherwise.
   */
  fileFetching: z.literal(true).optional(),
  /**
   * The file the image leaves as on its own (`ExitFile`), told from the same read of its file as
   * `credentials`, so the details need not ask `gallery.exitFile`. Null: the library no longer has the file.
   */
  exit: ExitFile.nullable().optional()
})
export type GalleryDetail = z.output<typeof GalleryDetail>

export const GalleryDeleteInput = z
  .object({
    selection: GallerySelection,
    /** The user saw "delete N images and their files" and agreed. */
    confirm: z.literal(true),
    /**
     * Also out of every team library that holds them ("Delete for everyone"): each location's next sync
     * sends the delete, and teammates' copies that came from the team leave their galleries.
     */
    forEveryone: z.boolean().optional()
  })
  .strict()

export const GalleryDeleteResult = z.object({
  deleted: z.number().int(),
  filesRemoved: z.number().int(),
  /** Files kept because another result still uses the same bytes. */
  filesKept: z.number().int()
})

/** Stars for every image of a selection (the grid's, or the one whose details are open); 0 clears them. */
export const GalleryRatingInput = z.object({ selection: GallerySelection, rating: Rating }).strict()
export const GalleryRatingSet = z.object({ changed: z.number().int().nonnegative() })

/** One image's note, whole ('' clears it). */
export const GalleryNoteInput = z.object({ id: Id, note: Note }).strict()
export const GalleryNoteSet = z.object({ id: z.string(), note: Note })

export const EXPORT_FORMATS = ['zip', 'folder'] as const
/**
 * Full: every image's story (prompt, parameters, gateway) in its file and in the manifest and page.
 * Public: none of it; each file says only that a model made it, and with which app.
 */
export const EXPORT_PROFILES = ['full', 'public'] as const
export type ExportProfile = (typeof EXPORT_PROFILES)[number]

export const GalleryExportInput = z
  .object({
    selection: GallerySelection,
    format: z.enum(EXPORT_FORMATS),
    /** What the copies, the manifest and the page tell of each image; absent: full. */
    profile: z.enum(EXPORT_PROFILES).optional(),
    /**
     * An absolute folder to write into; absent: `<data folder>/exports` (the web host then offers a
     * download link for zips).
     */
    folder: z.string().trim().min(1).max(1024).optional(),
    /** IANA zone for `{date}` / `{time}` in names and the page; absent: the backend's own. */
    timeZone: z.string().max(64).optional(),
    /** The language the user sees, for the words of `index.html`; absent: the one the settings mean. */
    language: SpokenLanguage.optional(),
    /** Exporting a batch (its images selected): a `batch.csv` of its jobs and their results goes with them. */
    batchId: Id.optional()
  })
  .strict()

export const EXPORT_STATUSES = ['running', 'succeeded', 'failed', 'cancelled'] as const

export const ExportProgress = z.object({
  exportId: z.string(),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  /** Images written so far, of `total`. */
  done: z.number().int(),
  total: z.number().int(),
  /** Selected images whose file is missing from the library (left out of the export). */
  skipped: z.number().int(),
  bytesWritten: z.number(),
  /** Where the export is (absolute), once it exists under its final name. */
  path: z.string().nullable(),
  /** File name under `<data folder>/exports` that the web host serves at /exports/<name> (zips only). */
  downloadName: z.string().nullable(),
  error: AppErrorSchema.nullable(),
  startedAt: z.number(),
  finishedAt: z.number().nullable()
})
export type ExportProgress = z.output<typeof ExportProgress>

export const ExportRef = z.object({ exportId: z.string().min(1).max(64) }).strict()

export const UsageQueryInput = z
  .object({
    from: z.number().int().nonnegative().optional(),
    to: z.number().int().nonnegative().optional(),
    profileIds: z.array(ProfileId).max(50).optional(),
    /** IANA zone the days are cut in (the renderer's); absent: UTC. */
    timeZone: z.string().max(64).optional()
  })
  .strict()

/**
 * One line of totals: `tokens` adds up token-billed jobs, `images` image-billed ones (the gateway's
 * `generated_images` when it says, else the images we stored); `otherJobs` had no known billing unit.
 */
export const UsageRow = z.object({
  key: z.string(),
  /** Null for a gateway no longer among the profiles: the renderer names it in the reader's language. */
  label: z.string().nullable(),
  jobs: z.number().int(),
  tokens: z.number(),
  images: z.number(),
  otherJobs: z.number().int()
})
export type UsageRow = z.output<typeof UsageRow>

export const UsageReport = z.object({
  total: UsageRow,
  byDay: z.array(UsageRow),
  byModel: z.array(UsageRow),
  byProfile: z.array(UsageRow),
  timeZone: z.string()
})
export type UsageReport = z.output<typeof UsageReport>

/** A result left the gallery (deleted here or with its job). */
export const GalleryRemoved = z.object({ ids: z.array(z.string()) })

/**
 * Team images whose full files have just come here (fetched on a read, or for a board whose files are
 * kept on this computer): their tiles and details stop saying only a preview is here. By media id.
 */
export const GalleryFilesHere = z.object({ mediaIds: z.array(z.string()) })
