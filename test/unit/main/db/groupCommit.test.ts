import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../../src/main/db/connection'
import { GroupCommit } from '../../../../src/main/db/groupCommit'
import { makeTempDir } from '../../../helpers/tempDir'

describe('GroupCommit', () => {
  const temp = makeTempDir()
  afterAll(() => temp.cleanup())

  it('commits the writes of one turn together, each in its own savepoint, answering after the commit', async () => {
    const db = openDatabase(`${temp.dir}/a.db`)
    const watcher = openDatabase(`${temp.dir}/a.db`)
    try {
      db.exec('CREATE TABLE t (v INTEGER UNIQUE)')
      // data_version, read on another connection, moves once per commit made elsewhere.
      const version = (): number => watcher.pragma('data_version', { simple: true }) as number
      const group = new GroupCommit(db)
      const insert = (v: number): Promise<number> =>
        group.run(() => {
          db.prepare('INSERT INTO t (v) VALUES (?)').run(v)
          // Breaks UNIQUE: this write alone is undone, its first insert included.
          if (v === 2) db.prepare('INSERT INTO t (v) VALUES (1)').run()
          return v
        })
      const before = version()
      const pending = [insert(1), insert(2), insert(3)]
      // Nothing is committed (or answered) before the turn ends.
      expect(version()).toBe(before)
      const outcomes = await Promise.allSettled(pending)
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
      expect(version()).toBe(before + 1)
      expect(watcher.prepare('SELECT v FROM t ORDER BY v').all()).toEqual([{ v: 1 }, { v: 3 }])
      expect(await insert(4)).toBe(4)
      expect(version()).toBe(before + 2)
    } finally {
      watcher.close()
      db.close()
    }
  })
})
