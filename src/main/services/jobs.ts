import type { JobCancelOutcome } from '../../shared/schemas/cancel'
import { mayStillBill } from '../../shared/schemas/jobStatuses'
import type { JobStatus } from '../../shared/schemas/jobs'
import type { CommandHandlers } from '../contract/dispatch'
import type { EventBus } from '../contract/events'
import { AppFailure } from '../contract/failure'
import { say } from '../../shared/sentences'
import type { JobEngine } from '../jobs/engine'
import type { JobGroups } from '../jobs/groups'
import type { JobRepository } from '../jobs/repository'

type JobCommands =
  | 'jobs.submit'
  | 'jobs.submitGroup'
  | 'groups.get'
  | 'groups.list'
  | 'groups.pause'
  | 'groups.resume'
  | 'groups.toFront'
  | 'groups.retryFailed'
  | 'groups.cancel'
  | 'queue.get'
  | 'queue.pause'
  | 'queue.resume'
  | 'queue.move'
  | 'lanes.list'
  | 'lanes.set'
  | 'jobs.list'
  | 'jobs.get'
  | 'jobs.cancel'
  | 'jobs.resend'
  | 'jobs.delete'
  | 'results.setFavorite'

/** What a batch's cancel stops: jobs waiting, going, or waiting for the user's word. */
const GOING: readonly JobStatus[] = ['pending', 'running', 'needs_attention']

const notFound = (): AppFailure => new AppFailure('not_found', say('jobGone'))

/** The commands behind image, edit and video screens and the task queue: thin over the engine. */
export function createJobHandlers(deps: {
  engine: JobEngine
  repo: JobRepository
  groups: JobGroups
  bus: EventBus
  removeMedia: (mediaIds: string[]) => Promise<number>
  /** Lane limits belong to a profile that exists. */
  profileExists: (profileId: string) => boolean
}): Pick<CommandHandlers, JobCommands> {
  const { engine, repo, bus } = deps
  return {
    'jobs.submit': ({ profileId, request }) => engine.submit(profileId, request),
    'jobs.submitGroup': ({ profileId, name, screen, settings, capMicros, requests }) =>
      engine.submitGroup(profileId, { name, screen, settings, capMicros: capMicros ?? null }, requests),
    'groups.get': ({ id }) =>
      deps.groups.view(id) ?? Promise.reject(new AppFailure('not_found', say('groupGone'))),
    'groups.list': ({ limit, screen }) => deps.groups.list(limit, screen),
    'groups.pause': ({ id }) => engine.queue.setGroupPaused(id, 'user'),
    'groups.resume': ({ id }) => engine.queue.setGroupPaused(id, null),
    'groups.toFront': ({ id }) => engine.queue.groupToFront(id),
    'groups.retryFailed': ({ id }) => {
      const { retried, refused } = engine.retryFailedOf(id)
      const group = deps.groups.view(id)
      if (!group) throw new AppFailure('not_found', say('groupGone'))
      return { group, retried, refused }
    },
    'groups.cancel': async ({ id }) => {
      const before = deps.groups.view(id)
      if (!before) throw new AppFailure('not_found', say('groupGone'))
      let cancelled = 0
      let untracked = 0
      for (const jobId of before.jobIds) {
        const job = repo.job(jobId)
        if (!job || !GOING.includes(job.status)) continue
        const view = await engine.cancel(jobId)
        cancelled++
        // Accepted by the gateway and not over there when last asked: it may still run and bill.
        if (view?.tasks.some(mayStillBill)) untracked++
      }
      const group = deps.groups.view(id)
      if (!group) throw new AppFailure('not_found', say('groupGone'))
      bus.emit('groups.updated', group)
      return { group, cancelled, untracked }
    },
    'queue.get': () => engine.queue.state(),
    'queue.pause': () => engine.queue.setPaused(true),
    'queue.resume': () => engine.queue.setPaused(false),
    'queue.move': (input) => engine.queue.move(input),
    'lanes.list': ({ profileId }) => {
      if (!deps.profileExists(profileId)) throw new AppFailure('not_found', say('profileGone'))
      return engine.lanes.list(profileId)
    },
    'lanes.set': (input) => {
      if (!deps.profileExists(input.profileId)) throw new AppFailure('not_found', say('profileGone'))
      return engine.lanes.set(input)
    },
    // Reads only: the stored aggregate is current, since the writes that change a job store it.
    'jobs.list': (query) => repo.listJobs(query),
    'jobs.get': ({ id }) => engine.view(id) ?? Promise.reject(notFound()),
    'jobs.cancel': async ({ id }) => {
      let cancel: JobCancelOutcome | undefined
      const view = await engine.cancel(id, (outcome) => {
        cancel = outcome
      })
      if (!view) throw notFound()
      return cancel ? { ...view, cancel } : view
    },
    'jobs.resend': ({ id }) => engine.resend(id) ?? Promise.reject(notFound()),
    'jobs.delete': async ({ id }) => {
      if (!repo.job(id)) throw notFound()
      const orphaned = await engine.remove(id)
      const filesRemoved = await deps.removeMedia(orphaned)
      bus.emit('jobs.removed', { id })
      return { deleted: true, filesRemoved }
    },
    'results.setFavorite': ({ id, favorite }) => {
      const result = repo.result(id)
      if (!result) throw new AppFailure('not_found', say('imageGone'))
      repo.setFavorite(id, favorite)
      const view = repo.jobView(result.job_id)
      if (view) bus.emit('jobs.updated', view)
      return { id, favorite }
    }
  }
}
