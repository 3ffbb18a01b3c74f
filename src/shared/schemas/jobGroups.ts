import { z } from 'zod'
import { AppErrorSchema } from '../result'
import { JobStatus, JobView } from './jobs'
import { CapMicros } from './money'
import { ProfileId } from './profiles'
import { JobRequest } from './jobs'

/** The screens that send several jobs at once; a group remembers which one made it. */
export const JobGroupScreen = z.enum(['images', 'edit', 'video', 'compare'])
export type JobGroupScreen = z.output<typeof JobGroupScreen>

/** Why a group is paused: the user paused it, or the gateway said the money ran out (the app paused it). */
export const JobGroupPauseReason = z.enum(['user', 'balance'])
export type JobGroupPauseReason = z.output<typeof JobGroupPauseReason>

/** How many jobs one group may hold (ours): a batch of 10,000 rows is the largest the app plans for. */
export const GROUP_MAX_JOBS = 10_000

/**
 * Several jobs asked for together (one prompt on several models, a batch). `settings` is how the screen
 * made them (JSON the screen reads back through its own schema), kept so the group can be shown and made
 * again; `counts` tells its jobs by status.
 */
export const JobGroupView = z.object({
  id: z.string(),
  name: z.string(),
  screen: JobGroupScreen,
  settings: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.number(),
  /** When it was paused (nothing of it is sent until it is resumed), or null while it runs. */
  pausedAt: z.number().nullable(),
  pauseReason: JobGroupPauseReason.nullable(),
  /** Its jobs, in the order they were asked for. */
  jobIds: z.array(z.string()),
  counts: z.partialRecord(JobStatus, z.number().int().nonnegative()),
  /** Of its waiting jobs, those held because sending them would cross a spending cap (P50). */
  waitingForBudget: z.number().int().nonnegative()
})
export type JobGroupView = z.output<typeof JobGroupView>

export const JobGroupSubmitInput = z
  .object({
    profileId: ProfileId.optional(),
    name: z.string().trim().min(1).max(200),
    screen: JobGroupScreen,
    settings: z.record(z.string(), z.unknown()).optional(),
    /** The batch's own spending cap in micros, set with the group so none of it is sent uncapped (P50). */
    capMicros: CapMicros.nullable().optional(),
    requests: z.array(JobRequest).min(1).max(GROUP_MAX_JOBS)
  })
  .strict()

/**
 * Each request's own outcome, in the order sent: its job, or why it was not made (its pre-flight). A group
 * is made with the jobs that passed; none of the refused is ever sent.
 */
export const JobGroupSubmitted = z.object({
  group: JobGroupView,
  items: z.array(
    z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), job: JobView }),
      z.object({ ok: z.literal(false), error: AppErrorSchema })
    ])
  )
})
export type JobGroupSubmitted = z.output<typeof JobGroupSubmitted>

export const JobGroupRef = z.object({ id: z.string().min(1).max(64) }).strict()

/** The whole queue as the user steers it: paused or not, and the jobs waiting to be sent, in order. */
export const QueueState = z.object({
  pausedAt: z.number().nullable(),
  /** The jobs waiting to be sent, first first (paused batches included, in their places). */
  waiting: z.array(z.string())
})
export type QueueState = z.output<typeof QueueState>

/** Moves jobs: to the front of the queue, or just before another waiting job (`before: null`: the end). */
export const JobMoveInput = z.discriminatedUnion('to', [
  z
    .object({ to: z.literal('front'), jobIds: z.array(z.string().min(1).max(64)).min(1).max(GROUP_MAX_JOBS) })
    .strict(),
  z
    .object({
      to: z.literal('before'),
      jobId: z.string().min(1).max(64),
      before: z.string().min(1).max(64).nullable()
    })
    .strict()
])
export type JobMoveInput = z.output<typeof JobMoveInput>
export const JobGroupQuery = z
  .object({ limit: z.number().int().min(1).max(500).default(50), screen: JobGroupScreen.optional() })
  .strict()

/** A batch's failed jobs made again: how many went, and how many their check now refuses (they stay failed). */
export const JobGroupRetried = z.object({
  group: JobGroupView,
  retried: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative()
})

/**
 * A batch cancelled: jobs never sent are dropped; jobs the gateway had accepted stop being tracked here,
 * and `untracked` says how many of those the gateway may still finish and bill.
 */
export const JobGroupCancelled = z.object({
  group: JobGroupView,
  cancelled: z.number().int().nonnegative(),
  untracked: z.number().int().nonnegative()
})
