import { z } from 'zod'
import {
  LocationCheck,
  LocationRef,
  LocationSaveInput,
  LocationTestInput,
  LocationView,
  ReviewShare,
  ReviewShareInput,
  ReviewShareRef,
  ReviewSharesInput,
  TeamBatchPublished,
  TeamBoardLink,
  TeamPinInput,
  TeamCleanUpOutcome,
  TeamDeleteImpact,
  TeamDeleteImpactInput,
  TeamPublishBatchInput,
  TeamPublishInput,
  TeamSynced,
  TeamSyncOutcome,
  TeamWork
} from '../schemas/locations'

/**
 * Team locations (RELIABILITY P42, P43): the places a team library is synced through, kept in Settings.
 * Credentials go in with `locations.save` and never come back out.
 */
export const locationCommands = {
  'locations.list': { input: z.object({}).strict(), output: z.array(LocationView) },
  /** Reaches the location with these settings (and credentials, or the saved ones): lists one object. */
  'locations.test': { input: LocationTestInput, output: LocationCheck },
  /** Adds or changes a location, checks it, and keeps the check's answer with it. */
  'locations.save': { input: LocationSaveInput, output: LocationView },
  /** Forgets a location and its credentials on this machine; nothing at the location is touched. */
  'locations.remove': { input: LocationRef, output: z.object({ removed: z.boolean() }) },
  /** Puts a gallery board on a location as a team board: its images, their records and its members. */
  'team.publishBoard': { input: TeamPublishInput, output: TeamSyncOutcome },
  /**
   * Puts a batch on a location as a team board named after it: the board it became before (published
   * here or elsewhere), or a new one holding the batch's stored images. While the board is shared, the
   * batch's later images join it at each sync. Refuses a batch with no stored image yet.
   */
  'team.publishBatch': { input: TeamPublishBatchInput, output: TeamBatchPublished },
  /** Sends this device's changes, reads the others', and brings new team boards and images in. */
  'team.sync': { input: LocationRef, output: TeamSyncOutcome },
  /**
   * Before a delete: which of these gallery images are on team boards (by location and board), and how
   * many a team library holds, for the dialog to say what deleting them does to the team.
   */
  'team.deleteImpact': { input: TeamDeleteImpactInput, output: TeamDeleteImpact },
  /** Which gallery boards are linked to which saved location (the gallery marks them). */
  'team.boards': { input: z.object({}).strict(), output: z.array(TeamBoardLink) },
  /**
   * "Keep files on this computer" for a linked board: pinned, a sync of its location starts at once and
   * brings its images' files (each sync after keeps them). Unpinned, files already here stay.
   */
  'team.pinBoard': { input: TeamPinInput, output: TeamBoardLink },
  /**
   * Puts a board on a location as a static review page (its images as copies that carry their story, by
   * the profile) and answers the link to send: pre-signed for its lifetime on a bucket.
   */
  'team.shareForReview': { input: ReviewShareInput, output: ReviewShare },
  /** The review pages put up from this machine (of one board, or all), newest first. */
  'team.reviewShares': { input: ReviewSharesInput, output: z.array(ReviewShare) },
  /** Takes a review page down: every file it put on the location is removed, the page first. */
  'team.revokeShare': { input: ReviewShareRef, output: ReviewShare },
  /**
   * Syncs, then removes from the location what nothing live uses: files of images the team deleted (older
   * than a day), superseded snapshots, this computer's taken-down review pages. Needs credentials that may
   * delete; refused, it says how many files it had removed.
   */
  'team.cleanUp': { input: LocationRef, output: TeamCleanUpOutcome },
  /** What team sync is doing with each location (the Queue shows it): progress, last sync, last failure. */
  'team.work': { input: z.object({}).strict(), output: z.array(TeamWork) }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export const locationEvents = {
  /** A sync (asked for, or automatic) sent or brought something: the gallery and boards may have changed. */
  'team.synced': TeamSynced,
  /** A location's sync work moved on (at most every 200 ms while it runs; at once as it starts and ends). */
  'team.work': TeamWork
} as const satisfies Record<string, z.ZodType>
