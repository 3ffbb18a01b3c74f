import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../../../src/main/db/connection'
import { GroupCommit } from '../../../../src/main/db/groupCommit'
import { PacedCommits } from '../../../../src/main/library/pacedCommits'
import { makeTempDir } from '../../../helpers/tempDir'
import { openLibraryDb } from './helpers'

let temp: ReturnType<typeof makeTempDir>
let db: Db
let commits: number
let paced: PacedCommits
/** The pacing's monotonic clock, moved by the tests alone: a busy machine cannot stretch a window. */
let now: number

beforeEach(() => {
  temp = makeTempDir('gs-paced-')
  db = openLibraryDb(join(temp.dir, 'studio.db'))
  db.exec('CREATE TABLE t (n INTEGER)')
  commits = 0
  const group = new GroupCommit(db)
  // Counts transactions (each one commit, one WAL fsync) as GroupCommit runs them.
  const run = group.run.bind(group)
  let counted = false
  group.run = (work) =>
    run(() => {
      if (!counted) {
        counted = true
        commits += 1
        setImmediate(() => (counted = false))
      }
      return work()
    })
  now = 1_000
  paced = new PacedCommits(group, () => now)
})
afterEach(() => {
  db.close()
  temp.cleanup()
})

const insert = (n: number) => (): number =>
  Number(db.prepare('INSERT INTO t VALUES (?)').run(n).lastInsertRowid)
const rows = (): number => (db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n
const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

describe('PacedCommits [P28]', () => {
  it('commits a row at once when nothing was committed just before', async () => {
    await paced.run(insert(1))
    expect(commits).toBe(1)
    expect(rows()).toBe(1)
  })

  it('rows ready just after a commit share the next one, each answered only once it holds its row', async () => {
    // A first commit that takes 10 ms (a slow fsync): rows ready within as long again wait for one commit.
    await paced.run(() => {
      now += 10
      return insert(1)()
    })
    const answered: number[] = []
    const later: Promise<void>[] = []
    for (const n of [2, 3, 4]) {
      // Each in its own turn of the event loop: GroupCommit alone would commit each on its own.
      later.push(
        paced.run(insert(n)).then(() => {
          expect(db.prepare('SELECT 1 FROM t WHERE n = ?').get(n)).toBeTruthy()
          answered.push(n)
        })
      )
      await tick()
    }
    // Nothing is answered before the commit that holds its row has run.
    expect(answered).toEqual([])
    expect(rows()).toBe(1)
    await Promise.all(later)
    expect(answered).toEqual([2, 3, 4])
    expect(commits).toBe(2)
  })

  it('a lazy write rides along with the next commit, or goes alone after a while', async () => {
    const lazy = paced.lazy(insert(1))
    await tick()
    expect(rows()).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 20))
    await paced.run(insert(2))
    await lazy
    expect(commits).toBe(1)
    const alone = paced.lazy(insert(3))
    await alone
    expect(rows()).toBe(3)
    expect(commits).toBe(2)
  })
})
