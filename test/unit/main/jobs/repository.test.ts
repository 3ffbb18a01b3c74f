import { afterEach, describe, expect, it } from 'vitest'
import { createEventBus } from '../../../../src/main/contract/events'
import { openDatabase, type Db } from '../../../../src/main/db/connection'
import { migrate } from '../../../../src/main/db/migrate'
import { migrations } from '../../../../src/main/db/migrations'
import { createJobHandlers } from '../../../../src/main/services/jobs'
import { JobEngine } from '../../../../src/main/jobs/engine'
import { JobReads } from '../../../../src/main/jobs/reads'
import { QueueControl } from '../../../../src/main/jobs/queueControl'
import { JobGroups } from '../../../../src/main/jobs/groups'
import { JobRepository } from '../../../../src/main/jobs/repository'
import { makeTempDir } from '../../../helpers/tempDir'

const temp = makeTempDir()
const open: Db[] = []
afterEach(() => {
  for (const db of open.splice(0)) db.close()
})

function database(name: string): { db: Db; file: string } {
  const file = `${temp.dir}/${name}.db`
  const db = openDatabase(file)
  migrate(db, migrations)
  open.push(db)
  return { db, file }
}

let clock = 1_000
function seedJob(repo: JobRepository, prompt: string, taskCount = 1): { jobId: string; taskIds: string[] } {
  return repo.insertJob({
    kind: 'image',
    endpoint: '/v2/images/generations',
    profileId: 'p',
    model: 'm',
    prompt,
    request: { endpoint: 'imagesV2', body: { model: 'm', prompt }, count: taskCount },
    billingUnit: null,
    taskCount,
    requestHash: () => 'h'
  })
}

const jobRow = (db: Db, id: string) =>
  db.prepare('SELECT status, error, usage, finished_at, updated_at FROM jobs WHERE id = ?').get(id) as {
    status: string
    error: string | null
    usage: string | null
    finished_at: number | null
    updated_at: number
  }

/** Counts every statement run on `db` from now on (a spy on prepare that wraps run/get/all). */
function countStatements(db: Db): { runs: number; writes: number } {
  const counts = { runs: 0, writes: 0 }
  const prepare = db.prepare.bind(db)
  db.prepare = ((sql: string) => {
    const statement = prepare(sql)
    const target = statement as unknown as Record<'run' | 'get' | 'all', (...args: unknown[]) => unknown>
    for (const method of ['run', 'get', 'all'] as const) {
      const original = target[method]
      target[method] = (...args: unknown[]) => {
        counts.runs++
        if (!statement.reader) counts.writes++
        return original.apply(statement, args)
      }
    }
    return statement
  }) as Db['prepare']
  return counts
}

describe('job repository', () => {
  it('stores the aggregate with the write that changes it, in the same transaction', () => {
    const { db } = database('aggregate')
    const repo = new JobRepository(db, () => clock)
    const { jobId, taskIds } = seedJob(repo, 'two tasks', 2)
    const [a, b] = taskIds as [string, string]
    expect(jobRow(db, jobId)).toMatchObject({ status: 'pending', finished_at: null })

    clock = 2_000
    expect(repo.claimForSend(a)).toBe(true)
    expect(repo.claimForSend(a)).toBe(false)
    expect(jobRow(db, jobId)).toMatchObject({ status: 'running', updated_at: 2_000 })

    clock = 3_000
    repo.updateTask(a, { status: 'failed', usage: { total_tokens: 2 } })
    repo.updateTask(b, { status: 'failed', error: { code: 'refused', message: 'no' } })
    expect(jobRow(db, jobId)).toEqual({
      status: 'failed',
      error: '{"code":"refused","message":"no"}',
      usage: '{"total_tokens":2}',
      finished_at: 3_000,
      updated_at: 3_000
    })

    // A stored result makes it incomplete, and deleting the result (the gallery) makes it failed again.
    clock = 4_000
    const resultId = repo.insertResult({ jobId, taskId: a, index: 0, kind: 'image', status: 'pending' })
    const mediaId = 'f'.repeat(32)
    db.prepare(
      "INSERT INTO media (id, sha256, mime, path, bytes, created_at) VALUES (?, 'sha', 'image/png', 'f.png', 1, 0)"
    ).run(mediaId)
    repo.markResultStored(resultId, mediaId)
    expect(jobRow(db, jobId)).toMatchObject({ status: 'incomplete', finished_at: 3_000, updated_at: 4_000 })
    repo.deleteResults([resultId])
    expect(jobRow(db, jobId).status).toBe('failed')

    // A write that leaves the aggregate as it is writes the task alone; the view still says when it changed.
    clock = 5_000
    repo.updateTask(b, { pollCount: 1 })
    expect(jobRow(db, jobId).updated_at).toBe(4_000)
    expect(repo.jobView(jobId)?.updatedAt).toBe(5_000)

    // A transaction that fails leaves neither the task nor the aggregate changed.
    expect(() =>
      repo.transaction(() => {
        repo.updateTask(b, { status: 'pending', error: null })
        throw new Error('boom')
      })
    ).toThrow('boom')
    expect(repo.task(b)?.status).toBe('failed')
    expect(jobRow(db, jobId).status).toBe('failed')
  })

  it('jobs.list and jobs.get never write, and run on a read-only connection [reads never write]', async () => {
    const { db, file } = database('reads')
    const seeding = new JobRepository(db, () => clock)
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      clock = 10_000 + i
      const { jobId, taskIds } = seedJob(seeding, `job ${i}`, 2)
      ids.push(jobId)
      seeding.updateTask(taskIds[0] as string, { status: 'queued', remoteId: `r-${i}`, pollCount: i })
      seeding.insertResult({
        jobId,
        taskId: taskIds[1] as string,
        index: 0,
        kind: 'image',
        status: 'pending'
      })
    }
    const changes = () => (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n
    const before = changes()
    // Every statement from here on is counted (a fresh repository: nothing prepared yet).
    const counts = countStatements(db)
    const repo = new JobRepository(db, () => clock)
    const groups = new JobGroups(db, () => clock)
    const engine = new JobEngine({
      repo,
      groups,
      queue: new QueueControl(db, () => clock),
      connections: { forProfile: () => Promise.reject(new Error('unused')) },
      media: {} as never,
      bus: createEventBus(),
      allowsLoopbackDownloads: () => false,
      activeProfileId: () => 'p'
    })
    const handlers = createJobHandlers({
      engine,
      repo,
      groups,
      bus: createEventBus(),
      removeMedia: () => Promise.resolve(0),
      profileExists: () => true
    })
    const listed = await handlers['jobs.list']({ limit: 100 })
    // One query for the page of jobs, one for their tasks, one for their results: not one per job.
    expect(counts).toEqual({ runs: 3, writes: 0 })
    const got = await handlers['jobs.get']({ id: ids[2] as string })
    expect(counts).toEqual({ runs: 6, writes: 0 })
    expect(changes()).toBe(before)

    expect(listed).toHaveLength(5)
    expect(listed.map((view) => view.id)).toEqual([...ids].reverse())
    expect(listed.every((view) => view.status === 'running' && view.tasks.length === 2)).toBe(true)
    expect(got).toEqual(listed[2])

    // The same reads on a connection that cannot write give the same views.
    const readOnly = openDatabase(file, { readonly: true })
    open.push(readOnly)
    const reads = new JobReads(readOnly)
    expect(reads.listJobs({ limit: 100 })).toEqual(listed)
    expect(reads.jobView(ids[0] as string)).toEqual(repo.jobView(ids[0] as string))
    expect(reads.listJobs({ limit: 2, status: ['running'], kind: ['image'] }).map((v) => v.id)).toEqual(
      listed.slice(0, 2).map((v) => v.id)
    )
  })

  it('settles at start what an older version left with a stale aggregate, and nothing else', () => {
    const { db } = database('leftovers')
    const repo = new JobRepository(db, () => clock)
    const stale = seedJob(repo, 'stale')
    const live = seedJob(repo, 'live')
    repo.updateTask(stale.taskIds[0] as string, { status: 'succeeded' })
    // What a crash between the task's write and the job's refresh left behind before this version.
    db.prepare("UPDATE jobs SET status = 'running', finished_at = NULL WHERE id = ?").run(stale.jobId)
    const liveBefore = jobRow(db, live.jobId)
    clock = 9_000
    expect(repo.settleLeftovers()).toEqual([stale.jobId])
    expect(jobRow(db, stale.jobId)).toMatchObject({ status: 'succeeded', finished_at: 9_000 })
    expect(jobRow(db, live.jobId)).toEqual(liveBefore)
    expect(repo.settleLeftovers()).toEqual([])
  })
})
