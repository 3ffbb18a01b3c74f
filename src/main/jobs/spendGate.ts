import type { JobError, JobRequest } from '../../shared/schemas/jobs'

/** A task about to be claimed for sending: what its estimate and its caps are found from. */
export interface SendToAdmit {
  taskId: string
  jobId: string
  groupId: string | null
  profileId: string
  model: string
  request: JobRequest
}

/**
 * Whether a send may start: it goes (`reserve` writes its reservation, inside the claim's transaction), or
 * it waits for budget, and its task's error says why.
 */
export type Admission = { ok: true; reserve(): void } | { ok: false; error: JobError }

/** What an answered send delivered, for its actual cost. */
export interface Delivered {
  request: JobRequest
  /** The gateway's `usage` for this task, as it came. */
  usage: unknown
  /** Results the gateway delivered (every one it did not report failed, kept or not: each was billed). */
  results: number
}

/**
 * What the engine asks of money (RELIABILITY P50); `src/main/money/spending.ts` implements it, and an engine
 * without one sends without caps. Every call but `admit` writes, and the engine makes it inside the
 * transaction that records the task's new state, so a crash never leaves the two disagreeing.
 */
export interface SpendGate {
  admit(send: SendToAdmit): Admission
  /** The gateway answered with results: what they cost is spent. */
  settle(taskId: string, delivered: Delivered): void
  /**
   * The task ended without results it can be priced by (the gateway failed, cancelled or expired it, a stream
   * was cut): its estimate stays spent, unless the usage the gateway reported says nothing was billed.
   */
  end(taskId: string, usage: unknown): void
  /** Certainly not billed (refused before any work, never sent): the reservation is given back. */
  release(taskId: string): boolean
  /** The user discarded the job: its reservations still of unknown outcome are given back. */
  discardJob(jobId: string): boolean
  /** Caps or prices changed, or a new day began: nothing found of them before holds any more. */
  budgetChanged(): void
}
