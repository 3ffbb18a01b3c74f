import { z } from 'zod'
import { JobCancelOutcome } from '../schemas/cancel'
import { JobPartial, JobQuery, JobRef, JobResendInput, JobSubmitInput, JobView } from '../schemas/jobs'
import { JobNotice } from '../schemas/notices'
import {
  JobGroupQuery,
  JobGroupRef,
  JobGroupSubmitInput,
  JobGroupSubmitted,
  JobGroupCancelled,
  JobGroupRetried,
  JobGroupView,
  JobMoveInput,
  QueueState
} from '../schemas/jobGroups'
import { LaneQuery, LaneSetInput, LaneView } from '../schemas/lanes'

const Empty = z.object({}).strict()

export const jobCommands = {
  'jobs.submit': { input: JobSubmitInput, output: JobView },
  /** Several jobs asked for together (a compare, a batch): a group, and each request's job or refusal. */
  'jobs.submitGroup': { input: JobGroupSubmitInput, output: JobGroupSubmitted },
  'groups.get': { input: JobGroupRef, output: JobGroupView },
  'groups.list': { input: JobGroupQuery, output: z.array(JobGroupView) },
  /** Nothing more of the group is sent until `groups.resume`; what is in flight finishes. */
  'groups.pause': { input: JobGroupRef, output: JobGroupView },
  'groups.resume': { input: JobGroupRef, output: JobGroupView },
  /** Each failed or expired job of the group as a new job of it (new keys: nothing is sent twice). */
  'groups.retryFailed': { input: JobGroupRef, output: JobGroupRetried },
  /** Cancels every job of the group still going: unsent ones are dropped, accepted ones no longer tracked. */
  'groups.cancel': { input: JobGroupRef, output: JobGroupCancelled },
  /** The group's waiting jobs go first, in their order among themselves. */
  'groups.toFront': { input: JobGroupRef, output: QueueState },
  /** The whole queue: paused or not, and what waits in which order. */
  'queue.get': { input: Empty, output: QueueState },
  /** Nothing new is sent from the moment this answers; what is in flight finishes. Kept across restarts. */
  'queue.pause': { input: Empty, output: QueueState },
  'queue.resume': { input: Empty, output: QueueState },
  /** Waiting jobs to the front, or one just before another (a drag). */
  'queue.move': { input: JobMoveInput, output: QueueState },
  /** Each endpoint of a profile as a lane of the queue: its limits and what it is doing. */
  'lanes.list': { input: LaneQuery, output: z.array(LaneView) },
  /** A lane's own concurrency and rate (null: the defaults); applies to its next send, kept across restarts. */
  'lanes.set': { input: LaneSetInput, output: LaneView },
  'jobs.list': { input: JobQuery, output: z.array(JobView) },
  'jobs.get': { input: JobRef, output: JobView },
  /** The job as it is now, and what the gateway said to the cancel call, if one was sent. */
  'jobs.cancel': { input: JobRef, output: JobView.extend({ cancel: JobCancelOutcome.optional() }) },
  'jobs.resend': { input: JobResendInput, output: JobView },
  'jobs.delete': {
    input: JobRef,
    output: z.object({ deleted: z.boolean(), filesRemoved: z.number().int() })
  },
  'results.setFavorite': {
    input: z.object({ id: z.string().min(1).max(64), favorite: z.boolean() }).strict(),
    output: z.object({ id: z.string(), favorite: z.boolean() })
  }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export const jobEvents = {
  'jobs.updated': JobView,
  'jobs.partial': JobPartial,
  'jobs.removed': JobRef,
  /** A group was made, paused or resumed, or its jobs changed status. */
  'groups.updated': JobGroupView,
  /** The queue was paused or resumed, or its order changed. */
  'queue.changed': QueueState,
  /** A long job finished: an in-app toast, and a desktop notification in Electron. */
  'jobs.notice': JobNotice
} as const satisfies Record<string, z.ZodType>
