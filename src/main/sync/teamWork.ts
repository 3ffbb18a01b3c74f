import type { AppError } from '../../shared/result'
import type { TeamWork, TeamWorkDoing, TeamWorkStep } from '../../shared/schemas/locations'
import { LOCATION_SAID, say } from '../../shared/sentences'
import { AppFailure } from '../contract/failure'
import { LocationError } from '../locations/errors'

/**
 * A step's progress: how many of how many (images sent or received, teammates' segments read), and for a
 * step that knows the size of what it moves (images sent), how many of its bytes.
 */
export interface StepReport {
  /** `bytes`: all the step's bytes, when it counts them. */
  step(step: TeamWorkStep, total: number, bytes?: number): void
  advance(by?: number): void
  advanceBytes(by: number): void
}

/** One publish, sync or Clean up under way; `end` says how it ended. */
export interface WorkReport extends StepReport {
  end(error?: unknown): void
}

/** Progress events of one location at most this often; a start, a new step and an end go at once. */
const EMIT_EVERY_MS = 200

/** A location that refuses or cannot be reached, said as what it is, in the renderer's words. */
export function locationAppFailure(error: LocationError): AppFailure {
  return new AppFailure(`location.${error.kind}`, say(LOCATION_SAID[error.kind]))
}

/** Any failure of a location's work as the app says it: what the command's failure carries. */
export function locationFailure(error: unknown): AppError {
  if (error instanceof LocationError) return locationAppFailure(error).toAppError()
  if (error instanceof AppFailure) return error.toAppError()
  return locationAppFailure(new LocationError('failed', String(error))).toAppError()
}

/**
 * What team sync is doing, location by location, for the Queue: the work under way with its progress,
 * when each location last synced, and why the last try failed (an automatic sync's failure is otherwise
 * seen by nobody; changes made meanwhile wait here and go out with the next sync that reaches it).
 * Kept in memory: after a restart the first sync, two minutes in, says again.
 */
export class TeamWorkBoard {
  private readonly work = new Map<string, TeamWork>()
  private readonly emittedAt = new Map<string, number>()

  constructor(
    private readonly nameOf: (locationId: string) => string | null,
    private readonly now: () => number,
    private readonly emit: (work: TeamWork) => void
  ) {}

  /** Every location with something to show; a location removed since is left out. */
  list(): TeamWork[] {
    return [...this.work.values()].filter((work) => this.nameOf(work.locationId) !== null)
  }

  begin(locationId: string, doing: TeamWorkDoing): WorkReport {
    const before = this.work.get(locationId)
    this.set(
      {
        locationId,
        name: this.nameOf(locationId) ?? '',
        doing,
        step: null,
        done: 0,
        total: 0,
        bytesDone: 0,
        bytesTotal: 0,
        lastSyncedAt: before?.lastSyncedAt ?? null,
        failure: before?.failure ?? null,
        failedAt: before?.failedAt ?? null
      },
      true
    )
    const update = (patch: Partial<TeamWork>, now: boolean): void => {
      const held = this.work.get(locationId)
      if (held) this.set({ ...held, ...patch }, now)
    }
    const idle = { doing: null, step: null, done: 0, total: 0, bytesDone: 0, bytesTotal: 0 }
    return {
      step: (step, total, bytes = 0) =>
        update({ step, done: 0, total, bytesDone: 0, bytesTotal: Math.max(0, Math.round(bytes)) }, true),
      advance: (by = 1) => {
        const held = this.work.get(locationId)
        if (held) update({ done: Math.min(held.total, held.done + by) }, false)
      },
      // Throttled with the count: however fast a video's parts go up, an event every 200 ms at most.
      advanceBytes: (by) => {
        const held = this.work.get(locationId)
        if (held && by > 0)
          update({ bytesDone: Math.min(held.bytesTotal, held.bytesDone + Math.round(by)) }, false)
      },
      end: (error) => {
        const at = this.now()
        update(
          error === undefined
            ? { ...idle, lastSyncedAt: at, failure: null, failedAt: null }
            : { ...idle, failure: locationFailure(error), failedAt: at },
          true
        )
      }
    }
  }

  private set(work: TeamWork, now: boolean): void {
    this.work.set(work.locationId, work)
    const at = this.now()
    if (!now && at - (this.emittedAt.get(work.locationId) ?? -Infinity) < EMIT_EVERY_MS) return
    this.emittedAt.set(work.locationId, at)
    this.emit(work)
  }
}
