import type { ProfileExtras } from '../../shared/gateway/preflight'
import type { JobView } from '../../shared/schemas/jobs'
import type { EventBus } from '../contract/events'
import type { CrashProbe } from '../crashPoints'
import type { ProfileClient } from '../profiles/connections'
import type { StorageFault } from '../dataFolder/storageFaults'
import type { Clock } from '../time/clock'
import type { LoopbackAllowance, MediaSink } from './media'
import type { EnginePolicy, PartialPolicy } from './policy'
import type { JobGroups } from './groups'
import type { LaneLimitStore } from './laneLimits'
import type { QueueControl } from './queueControl'
import type { JobRepository } from './repository'
import type { Scheduler } from './scheduler'
import type { SpendGate } from './spendGate'

export interface JobEngineDeps {
  repo: JobRepository
  /** Job groups (a compare, a batch), made in the transaction of their jobs. */
  groups: JobGroups
  /** The whole queue's pause, kept across restarts. */
  queue: QueueControl
  connections: {
    forProfile(profileId?: string): Promise<ProfileClient>
    /** The profile's extra JSON fields go through the job's pre-flight too. */
    profileExtras?(profileId: string): ProfileExtras | undefined
  }
  media: MediaSink
  bus: EventBus
  /** Result hosts on loopback only for a gateway itself on loopback; the demo's own origin only (P30). */
  allowsLoopbackDownloads: (profileId: string) => LoopbackAllowance
  lookupModel?: (
    profileId: string,
    modelId: string
  ) => { id: string; supported_endpoints: string[]; billing_unit?: string | undefined } | undefined
  activeProfileId: () => string
  policy?: PartialPolicy
  /** The backend's one clock, shared with the gateway client (tests inject a fake). */
  clock?: Clock
  /** The data folder's disk: a write that failed on it is said once, and a write that worked clears it. */
  storage?: { report(error: unknown): StorageFault | null; recovered(): void }
  onError?: (message: string, error: unknown) => void
  /** The user's limits per lane (Settings); without it every lane follows the defaults. */
  laneLimits?: LaneLimitStore
  /** Spending caps and the ledger (P50): each send's estimate reserved as it is claimed, settled after. */
  spend?: SpendGate
  /** Test-only crash points (`crashPoints.ts`); production passes none. */
  probe?: CrashProbe
}

/** What the runners share: the engine's dependencies, figures and clock, the scheduler, and publishing. */
export interface RunnerContext {
  readonly deps: JobEngineDeps
  readonly repo: JobRepository
  readonly policy: EnginePolicy
  readonly scheduler: Scheduler
  /** Wall-clock ms: what rows record (times shown, times a restart reads back). */
  readonly now: () => number
  /** Wall-clock ms moved on only by monotonic time (`steadyWallClock`): what stored deadlines are held to. */
  readonly steadyNow: () => number
  readonly random: () => number
  /** The gateway refused a batch's job for the balance or quota: the batch pauses, saying why. */
  readonly pauseForBalance: (groupId: string) => void
  /** Emits the job's current view as `jobs.updated` and returns it. */
  readonly publish: (jobId: string) => JobView | null
  /** Something a batch's band shows changed without a job of it changing (a job held for budget). */
  readonly groupChanged: (groupId: string) => void
}
