import { TERMINAL_TASK_STATUSES } from '../gateway/common'
import { JOB_STATUSES, type JobStatus, type ResultView, type TaskLocalStatus, type TaskView } from './jobs'

/*
 * Named sets of the statuses of `jobs.ts`: the one place that says which statuses belong together. Each
 * lane of the engine takes tasks from one of these sets and moves them to another (src/main/jobs:
 * sendRunner, pollRunner, downloadRunner); SQL is built from the same arrays. Every task status is in
 * exactly one of SENDABLE, SENDING, POLLABLE, RESENDABLE and FINISHED (jobStatuses.test.ts checks it).
 */

/** Committed, never sent: waiting in the send lane. */
export const SENDABLE_TASK_STATUSES: readonly TaskLocalStatus[] = ['pending']
/** Claimed for sending: its request may be on the wire, so a crash leaves its outcome unknown (P19). */
export const SENDING_TASK_STATUSES: readonly TaskLocalStatus[] = ['submitting']
/** Accepted by the gateway as a remote task: polled until it ends (P25). */
export const POLLABLE_TASK_STATUSES: readonly TaskLocalStatus[] = ['queued', 'running']
/** Outcome unknown: only the user's confirmed "send again" moves it, back to pending (P17). */
export const RESENDABLE_TASK_STATUSES: readonly TaskLocalStatus[] = ['needs_attention']
/** Nothing moves these any more (the gateway's own terminal statuses are `TERMINAL_TASK_STATUSES`). */
export const FINISHED_TASK_STATUSES: readonly TaskLocalStatus[] = [
  'succeeded',
  'failed',
  'cancelled',
  'expired',
  'incomplete'
]
/** Sent or being sent: the gateway may be working on it, so its job is running. */
export const IN_FLIGHT_TASK_STATUSES: readonly TaskLocalStatus[] = [
  ...SENDING_TASK_STATUSES,
  ...POLLABLE_TASK_STATUSES
]
/** The engine still has work to do for it. */
export const ACTIVE_TASK_STATUSES: readonly TaskLocalStatus[] = [
  ...SENDABLE_TASK_STATUSES,
  ...IN_FLIGHT_TASK_STATUSES
]
/** What the user's cancel stops. */
export const CANCELLABLE_TASK_STATUSES: readonly TaskLocalStatus[] = [
  ...ACTIVE_TASK_STATUSES,
  ...RESENDABLE_TASK_STATUSES
]

/** A job not finished yet: it has no finish time and a notice may follow. */
export const UNFINISHED_JOB_STATUSES: readonly JobStatus[] = ['pending', 'running']
/** A job that may still change without the user's word: unfinished, or waiting for it (needs attention). */
export const OPEN_JOB_STATUSES: readonly JobStatus[] = [...UNFINISHED_JOB_STATUSES, 'needs_attention']
/** A job with a finish time: done, or waiting for the user (needs attention). */
export const FINISHED_JOB_STATUSES: readonly JobStatus[] = JOB_STATUSES.filter(
  (status) => !UNFINISHED_JOB_STATUSES.includes(status)
)

export type ResultStatus = ResultView['status']
/** A result known by its address only: the download lane fetches it until it is stored or lost (P26). */
export const DOWNLOADABLE_RESULT_STATUSES: readonly ResultStatus[] = ['pending']

/**
 * A task the user stopped following after the gateway accepted it (not over there when last asked), or
 * while its request was on its way there: it may still run and be billed, so it is not simply "cancelled"
 * (a cancel the gateway took records `cancelled`).
 */
export const mayStillBill = (
  task: Pick<TaskView, 'status' | 'remoteId' | 'remoteStatus'> & { error?: { code: string } | null }
): boolean =>
  task.status === 'cancelled' &&
  ((task.remoteId !== null &&
    !(TERMINAL_TASK_STATUSES as readonly string[]).includes(task.remoteStatus ?? '')) ||
    task.error?.code === CANCELLED_IN_FLIGHT.code)

/**
 * The mark of a task cancelled while its request was on its way (no answer, so no remote id): the request
 * may have arrived, so the gateway may run and bill it as it may a task it had accepted.
 */
export const CANCELLED_IN_FLIGHT = {
  code: 'cancelled_in_flight',
  message: 'Cancelled while its request was on its way to the gateway: the gateway may have received it.'
} as const
