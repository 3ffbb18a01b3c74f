import type { JobCancelOutcome } from '../../shared/schemas/cancel'
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
