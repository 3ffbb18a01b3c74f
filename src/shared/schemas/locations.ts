import { z } from 'zod'
import { SpokenLanguage } from '../language'
import { AppErrorSchema } from '../result'
import { EXPORT_PROFILES, GallerySelection } from './gallery'

/**
 * Team locations (a bucket, a WebDAV server, a shared folder): where a team library lives. What a location
 * *is* (its address) is plain; what opens it (keys, a password) is a credential, which goes into the
 * backend once and never comes back out (RELIABILITY P43): a view says only whether one is stored and a
 * hint that tells two apart (the access key's last 4 characters, the user name).
 */

const Id = z.string().min(1).max(64)
const httpUrl = (words: string): z.ZodString =>
  z
    .string()
    .trim()
    .min(1, { message: words })
    .max(2048)
    .refine(
      (text) => {
        try {
          const url = new URL(text)
          return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password
        } catch {
          return false
        }
      },
      { message: words }
    )

export const LocationName = z
  .string()
  .trim()
  .min(1, { message: 'A location needs a name.' })
  .max(80, { message: 'A location name has at most 80 characters.' })

/** A folder inside a bucket: '' or plain names separated and ended by `/`. */
const PREFIX = /^(?:[A-Za-z0-9_][A-Za-z0-9._-]{0,127}\/){0,8}$/

export const S3Settings = z
  .object({
    kind: z.literal('s3'),
    endpoint: httpUrl('The endpoint is a web address, like https://s3.eu-central-1.amazonaws.com.'),
    region: z
      .string()
      .trim()
      .min(1, { message: 'Give the region (us-east-1 if the service does not use regions).' })
      .max(64),
    bucket: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        message: 'A bucket name has 3 to 63 lowercase letters, digits, dots or dashes.'
      }),
    prefix: z
      .string()
      .trim()
      .max(512)
      .transform((text) => (text === '' || text.endsWith('/') ? text : `${text}/`))
      .refine((text) => PREFIX.test(text), {
        message: 'The folder in the bucket is plain names separated by /, like team/library/.'
      }),
    pathStyle: z.boolean()
  })
  .strict()

export const WebdavSettings = z
  .object({
    kind: z.literal('webdav'),
    url: httpUrl(
      'The address is a web address of a folder, like https://nas.local/remote.php/dav/files/ana/Team/.'
    )
  })
  .strict()

export const FolderSettings = z
  .object({
    kind: z.literal('folder'),
    path: z
      .string()
      .trim()
      .min(1, { message: 'Give the full path of the shared folder.' })
      .max(4096)
      .refine((text) => text.startsWith('/') || /^[A-Za-z]:[\\/]/.test(text) || text.startsWith('\\\\'), {
        message: 'Give the full path of the shared folder, starting at the top of the disk.'
      })
  })
  .strict()

export const LocationSettings = z.discriminatedUnion('kind', [S3Settings, WebdavSettings, FolderSettings])
export type LocationSettings = z.infer<typeof LocationSettings>
export type LocationKind = LocationSettings['kind']

const secret = z.string().min(1).max(4096)
export const LocationCredentials = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('s3'),
      accessKeyId: z.string().trim().min(1).max(256),
      secretAccessKey: secret
    })
    .strict(),
  z
    .object({ kind: z.literal('webdav'), username: z.string().trim().min(1).max(256), password: secret })
    .strict()
])
export type LocationCredentials = z.infer<typeof LocationCredentials>

/** Why a location could not be reached (the backend's `LocationError` kinds). */
export const LocationProblem = z.enum(['unreachable', 'denied', 'missing', 'full', 'failed'])
export type LocationProblem = z.infer<typeof LocationProblem>

export const LocationCheck = z.object({
  ok: z.boolean(),
  problem: LocationProblem.nullable(),
  /** The HTTP status the server answered, when there was one (shown small, for whoever runs the server). */
  status: z.number().int().nullable(),
  checkedAt: z.number().int()
})
export type LocationCheck = z.infer<typeof LocationCheck>

export const LocationView = z.object({
  id: Id,
  name: z.string(),
  settings: LocationSettings,
  /** Whether credentials are stored (and still bound to this address). */
  hasCredentials: z.boolean(),
  /** The access key's last 4 characters, or the user name: enough to tell which, never the secret. */
  credentialHint: z.string().nullable(),
  lastCheck: LocationCheck.nullable(),
  createdAt: z.number().int()
})
export type LocationView = z.infer<typeof LocationView>

export const LocationRef = z.object({ id: Id }).strict()

/**
 * Settings and (optionally) credentials to check, before or after saving. `id`: a saved location whose
 * stored credentials are used when none are given (the secret never travels back to the form).
 */
export const LocationTestInput = z
  .object({
    id: Id.optional(),
    settings: LocationSettings,
    credentials: LocationCredentials.nullable()
  })
  .strict()

export const LocationSaveInput = z
  .object({
    /** Absent: a new location. */
    id: Id.optional(),
    name: LocationName,
    settings: LocationSettings,
    /** New credentials; null keeps the stored ones (a changed address drops them, P43). */
    credentials: LocationCredentials.nullable()
  })
  .strict()

export const TeamPublishInput = z.object({ locationId: Id, boardId: Id }).strict()

export const TeamSyncOutcome = z.object({
  /** Segments of this device's changes sent. */
  pushed: z.number().int().nonnegative(),
  /** Segments of other devices' changes read. */
  pulled: z.number().int().nonnegative(),
  /** Team images brought into the gallery. */
  added: z.number().int().nonnegative(),
  /** Copies of team images that left the gallery because the team deleted them. */
  removed: z.number().int().nonnegative().default(0)
})

export const TeamSynced = z.object({ locationId: Id, outcome: TeamSyncOutcome })

/** A batch (a job group) to publish to a location as a team board. */
export const TeamPublishBatchInput = z.object({ locationId: Id, batchId: Id }).strict()

/** A batch published: the gallery board it went as (made, or the one it became before) and its images. */
export const TeamBatchPublished = TeamSyncOutcome.extend({
  boardId: Id,
  /** The board's name as the gallery shows it: the batch's, made free beside a board of that name. */
  board: z.string(),
  /** Images on the board as it went. */
  images: z.number().int().nonnegative()
})
export type TeamBatchPublished = z.infer<typeof TeamBatchPublished>

export const TeamWorkDoing = z.enum(['publish', 'sync', 'cleanUp'])
export type TeamWorkDoing = z.infer<typeof TeamWorkDoing>
/** Images going up, teammates' changes being read, images coming down. */
export const TeamWorkStep = z.enum(['sending', 'reading', 'receiving'])
export type TeamWorkStep = z.infer<typeof TeamWorkStep>

/** What team sync is doing with one location, for the Queue (`team.work`). */
export const TeamWork = z.object({
  locationId: Id,
  name: z.string().max(200),
  /** The work under way, or null when none is. */
  doing: TeamWorkDoing.nullable(),
  step: TeamWorkStep.nullable(),
  /** Of the step: images sent or received, segments read. */
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /**
   * Of the step of sending images: their bytes at the location so far (parts a resumed upload finds there
   * included), of all their bytes. 0 of 0 where the step does not count bytes.
   */
  bytesDone: z.number().int().nonnegative(),
  bytesTotal: z.number().int().nonnegative(),
  /** When the last sync or publish that reached the location ended (ms). */
  lastSyncedAt: z.number().int().nonnegative().nullable(),
  /** Why the last try failed, until one succeeds: the code and sentence a command's failure carries. */
  failure: AppErrorSchema.nullable(),
  failedAt: z.number().int().nonnegative().nullable()
})
export type TeamWork = z.infer<typeof TeamWork>

const Tally = z.object({
  files: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative()
})
export type CleanUpTally = z.infer<typeof Tally>

/**
 * What Clean up removed from a location, in all and by kind, and what it kept although nothing live uses
 * it: files younger than its grace period (a teammate's upload whose change may not have arrived yet),
 * and files whose age the location does not say.
 */
export const TeamCleanUpOutcome = z.object({
  removed: Tally,
  kinds: z.object({
    /** Files of images deleted by the team, or left by an upload that never finished. */
    images: Tally,
    thumbnails: Tally,
    /** Older copies of each device's index of the library (its newest one stays). */
    snapshots: Tally,
    /** Files of review pages taken down, expired or never finished, put up from this computer. */
    reviewPages: Tally,
    /**
     * What writes cut off a day ago or more left beside the keys: a shared folder's temp files, a WebDAV
     * server's partial uploads.
     */
    unfinished: Tally
  }),
  kept: z.object({
    recent: Tally,
    undated: Tally,
    /** Unused by what this app can read, but a log here is of another format (a newer app's). */
    unread: Tally
  })
})
export type TeamCleanUpOutcome = z.infer<typeof TeamCleanUpOutcome>

/**
 * A gallery board linked to a team location (shared from here, or brought in by a sync); `pinned` (only
 * when true): its images' files are kept on this computer, not only their thumbnails.
 */
export const TeamBoardLink = z.object({ boardId: Id, locationId: Id, pinned: z.literal(true).optional() })
export type TeamBoardLink = z.infer<typeof TeamBoardLink>

/** Keep (or stop keeping) a linked board's files on this computer. */
export const TeamPinInput = z.object({ boardId: Id, pinned: z.boolean() }).strict()

/** Gallery images about to be deleted, as the delete dialog names them. */
export const TeamDeleteImpactInput = z.object({ selection: GallerySelection }).strict()

/** A team board some of the images about to be deleted are on, with how many. */
export const TeamBoardImpact = z.object({
  locationId: Id,
  /** The location's name, as the user gave it in Settings. */
  location: z.string(),
  boardId: Id,
  /** The board's name in this gallery. */
  board: z.string(),
  images: z.number().int().positive()
})
export type TeamBoardImpact = z.infer<typeof TeamBoardImpact>

/**
 * What deleting images here does to the team: those on team boards leave those boards for every teammate
 * at the next sync (the image stays in the team library); "Delete for everyone" also takes the ones in a
 * team library out of it.
 */
export const TeamDeleteImpact = z.object({
  /** Images of the selection on at least one team board. */
  onBoards: z.number().int().nonnegative(),
  boards: z.array(TeamBoardImpact),
  /** Images of the selection a team library holds: what "Delete for everyone" takes out of it. */
  inLibrary: z.number().int().nonnegative()
})
export type TeamDeleteImpact = z.infer<typeof TeamDeleteImpact>

/**
 * How long a review link works, for the user to pick: a bucket's link is pre-signed and stops working
 * then (SigV4 allows a week at most). A WebDAV server or a shared folder has no such links: its page stays
 * until it is taken down.
 */
export const REVIEW_LINK_LIFETIMES = [3_600, 86_400, 604_800] as const
export const ReviewLinkLifetime = z.literal(REVIEW_LINK_LIFETIMES)

export const ReviewShareInput = z
  .object({
    locationId: Id,
    boardId: Id,
    /** Full: prompts and settings on the page and in the files; public: neither. */
    profile: z.enum(EXPORT_PROFILES),
    lifetimeSeconds: ReviewLinkLifetime,
    /** The page's words: the language the user sees. */
    language: SpokenLanguage.optional(),
    /** The zone the page's dates are written in: the user's. */
    timeZone: z.string().max(64).optional()
  })
  .strict()
export type ReviewShareInput = z.input<typeof ReviewShareInput>

export const ReviewShareState = z.enum(['live', 'expired', 'revoked', 'unfinished'])
export type ReviewShareState = z.infer<typeof ReviewShareState>

/** A review page on a location, as the board's Share for review dialog lists it. */
export const ReviewShare = z.object({
  id: Id,
  locationId: Id,
  boardId: Id,
  boardName: z.string(),
  profile: z.enum(EXPORT_PROFILES),
  images: z.number().int().nonnegative(),
  /** What to send a reviewer: a pre-signed https link, a WebDAV address, a file address; null if unfinished. */
  link: z.string().nullable(),
  createdAt: z.number(),
  /** When a bucket's link stops working; null: it works until taken down. */
  expiresAt: z.number().nullable(),
  state: ReviewShareState
})
export type ReviewShare = z.infer<typeof ReviewShare>

export const ReviewSharesInput = z.object({ boardId: Id.optional() }).strict()
export const ReviewShareRef = z.object({ shareId: Id }).strict()
