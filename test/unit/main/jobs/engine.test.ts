import { afterEach, describe, expect, it } from 'vitest'
import { createEventBus } from '../../../../src/main/contract/events'
import { openDatabase, type Db } from '../../../../src/main/db/connection'
import { migrate } from '../../../../src/main/db/migrate'
import { migrations } from '../../../../src/main/db/migrations'
import type { GatewayClient } from '../../../../src/main/gateway'
import { JobEngine } from '../../../../src/main/jobs/engine'
import { QueueControl } from '../../../../src/main/jobs/queueControl'
import { JobGroups } from '../../../../src/main/jobs/groups'
import { JobRepository } from '../../../../src/main/jobs/repository'
import type { JobView } from '../../../../src/shared/schemas/jobs'
import { makeTempDir } from '../../../helpers/tempDir'

const temp = makeTempDir()
let db: Db | null = null
afterEach(() => {
  db?.close()
  db = null
})

/** An engine over `repository` whose every profile talks through `client` (or fails to connect). */
function engineWith(
  repository: JobRepository,
  client: GatewayClient | null,
  bus = createEventBus()
): JobEngine {
  return new JobEngine({
    repo: repository,
    groups: new JobGroups(db as Db, Date.now),
    queue: new QueueControl(db as Db, Date.now),
    connections: {
      forProfile: () =>
        client ? Promise.resolve({ profile: {} as never, client }) : Promise.reject(new Error('unused'))
    },
    media: {} as never,
    bus,
    allowsLoopbackDownloads: () => false,
    activeProfileId: () => 'p'
  })
}

function seedQueued(repository: JobRepository, nextPollAt: number, remoteId: string): string {
  const { taskIds } = repository.insertJob({
    kind: 'image',
    endpoint: '/v2/images/generations',
    profileId: 'p',
    model: 'm',
    prompt: 'p',
    request: { endpoint: 'imagesV2', body: { model: 'm', prompt: 'p' }, count: 1 },
    billingUnit: null,
    taskCount: 1,
    requestHash: () => 'h'
  })
  const taskId = taskIds[0] as string
  repository.updateTask(taskId, {
    status: 'queued',
    remoteId,
    nextPollAt,
    deadlineAt: Date.now() + 3_600_000
  })
  return taskId
}

describe('engine recovery [P24]', () => {
  it('polls an overdue task at once and brings a far-off one forward to within 5 s, not to now', async () => {
    db = openDatabase(`${temp.dir}/recovery.db`)
    migrate(db, migrations)
    const repository = new JobRepository(db, Date.now)
    seedQueued(repository, Date.now() - 60_000, 'r-overdue')
    const later = seedQueued(repository, Date.now() + 3_600_000, 'r-later')
    const polled: string[] = []
    let resolveFirst: () => void = () => undefined
    const first = new Promise<void>((r) => (resolveFirst = r))
    const client = {
      poll: (_endpoint: string, id: string) => {
        polled.push(id)
        resolveFirst()
        return Promise.resolve({
          requestId: undefined,
          data: { task: { id, status: 'running' }, id, status: 'running', terminal: false }
        })
      }
    } as unknown as GatewayClient
    const start = Date.now()
    const engine = engineWith(repository, client)
    expect(engine.start()).toMatchObject({ polls: 2, strandedAsNeedsAttention: 0 })
    await first
    expect(polled).toEqual(['r-overdue'])
    const due = engine.nextPollAt(later)
    expect(due).not.toBeNull()
    expect(due as number).toBeGreaterThan(start + 4_000)
    expect(due as number).toBeLessThanOrEqual(Date.now() + 5_000)
    engine.stop()
  })

  it('settles, after the first polls, a job an older version left running with every task finished', async () => {
    db = openDatabase(`${temp.dir}/leftover.db`)
    migrate(db, migrations)
    const repository = new JobRepository(db, Date.now)
    const taskId = seedQueued(repository, Date.now() + 3_600_000, 'r-done')
    repository.updateTask(taskId, { status: 'failed', error: { code: 'x', message: 'refused' } })
    const jobId = repository.task(taskId)?.job_id as string
    // The old engine stored the aggregate after the write: a crash in between left it behind.
    db.prepare("UPDATE jobs SET status = 'running', error = NULL, finished_at = NULL WHERE id = ?").run(jobId)
    const bus = createEventBus()
    const published: string[] = []
    bus.subscribe((name, payload) => {
      const view = payload as JobView
      if (name === 'jobs.updated') published.push(`${view.id}:${view.status}`)
    })
    const engine = engineWith(repository, null, bus)
    engine.start()
    expect(repository.jobView(jobId)?.status).toBe('running')
    await new Promise((resolve) => setImmediate(resolve))
    expect(repository.jobView(jobId)).toMatchObject({ status: 'failed', error: { code: 'x' } })
    expect(published).toEqual([`${jobId}:failed`])
    engine.stop()
  })
})

describe('engine recovery of a backlog (issue 17) [P24]', () => {
  it('polls one lane of overdue tasks at once and spreads the rest over the 5 s after start', () => {
    db = openDatabase(`${temp.dir}/backlog.db`)
    migrate(db, migrations)
    const repository = new JobRepository(db, Date.now)
    const ids = Array.from({ length: 40 }, (_, i) => seedQueued(repository, Date.now() - 60_000 + i, `r${i}`))
    const polled: string[] = []
    const client = {
      // Held: the test reads the schedule, nothing finishes.
      poll: (_endpoint: string, id: string) => {
        polled.push(id)
        return new Promise(() => undefined)
      }
    } as unknown as GatewayClient
    const start = Date.now()
    const engine = engineWith(repository, client)
    expect(engine.start()).toMatchObject({ polls: 40 })
    const later = ids.map((id) => engine.nextPollAt(id)).filter((due): due is number => due !== null)
    // The oldest eight went out at once (in flight, so no longer scheduled); the other 32 wait their turn.
    expect(later).toHaveLength(32)
    // Due times are kept on the steady clock and read back on the wall clock, whose whole milliseconds
    // put them up to 1 ms either side.
    for (const due of later) {
      expect(due).toBeGreaterThanOrEqual(start + 1_500 - 1)
      expect(due).toBeLessThanOrEqual(Date.now() + 5_000 + 1)
    }
    expect(new Set(later).size).toBeGreaterThan(20)
    engine.stop()
  })
})
