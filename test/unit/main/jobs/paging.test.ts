import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../../src/main/db/connection'
import { migrate } from '../../../../src/main/db/migrate'
import { migrations } from '../../../../src/main/db/migrations'
import { JobRepository } from '../../../../src/main/jobs/repository'
import { makeTempDir } from '../../../helpers/tempDir'

describe('jobs.list paging', () => {
  const temp = makeTempDir()
  afterAll(() => temp.cleanup())

  it('pages through jobs that share a millisecond without skipping or repeating any', () => {
    const db = openDatabase(`${temp.dir}/paging.db`)
    migrate(db, migrations)
    const repo = new JobRepository(db, () => 1_000)
    for (let i = 0; i < 7; i++) {
      repo.insertJob({
        kind: 'image',
        endpoint: '/v3/images/generations',
        profileId: 'p',
        model: 'm',
        prompt: `job ${i}`,
        request: { endpoint: 'imagesV3', body: { model: 'm', prompt: `job ${i}` } },
        billingUnit: null,
        taskCount: 1,
        requestHash: () => 'h'
      })
    }
    const seen: string[] = []
    let cursor: { before: number; beforeId: string } | undefined
    for (let page = 0; page < 5; page++) {
      const ids = repo.listJobIds({ limit: 3, ...(cursor ?? {}) })
      if (ids.length === 0) break
      seen.push(...ids)
      const last = ids.at(-1) as string
      cursor = { before: repo.job(last)?.created_at ?? 0, beforeId: last }
    }
    expect(seen).toHaveLength(7)
    expect(new Set(seen).size).toBe(7)
    db.close()
  })
})
