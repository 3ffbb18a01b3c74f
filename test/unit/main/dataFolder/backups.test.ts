import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  BACKUPS_KEPT,
  listBackups,
  restoreNewestBackup,
  scheduleBackups,
  takeBackup
} from '../../../../src/main/dataFolder/backups'
import { openDatabase } from '../../../../src/main/db/connection'
import { makeTempDir } from '../../../helpers/tempDir'

const DAY = 24 * 60 * 60 * 1000
const T0 = Date.parse('2026-11-01T08:00:00Z')

describe('rolling backups of the database [P46]', () => {
  const temp = makeTempDir('gs-backups-')

  it('keeps the newest seven daily copies, each a whole database that opens', async () => {
    const dir = join(temp.dir, 'rolling')
    mkdirSync(dir)
    const db = openDatabase(join(dir, 'studio.db'))
    db.exec('CREATE TABLE presets (name TEXT)')
    for (let day = 0; day < 9; day++) {
      db.prepare('INSERT INTO presets VALUES (?)').run(`day ${day}`)
      await takeBackup(db, dir, T0 + day * DAY)
    }
    db.close()
    const kept = listBackups(dir)
    expect(kept).toHaveLength(BACKUPS_KEPT)
    expect(kept[0]?.takenAt).toBe(T0 + 8 * DAY)
    expect(kept.at(-1)?.takenAt).toBe(T0 + 2 * DAY)
    expect(readdirSync(join(dir, 'backups')).filter((name) => name.endsWith('.partial'))).toEqual([])
    const copy = openDatabase(kept[0]?.file ?? '', { readonly: true })
    expect(copy.prepare('SELECT count(*) AS n FROM presets').get()).toEqual({ n: 9 })
    copy.close()
  })

  it('opens the newest backup in place of a damaged database, keeping the damaged files aside', async () => {
    const dir = join(temp.dir, 'restore')
    mkdirSync(dir)
    const db = openDatabase(join(dir, 'studio.db'))
    db.exec("CREATE TABLE boards (name TEXT); INSERT INTO boards VALUES ('Moodboard')")
    await takeBackup(db, dir, T0)
    db.close()
    writeFileSync(join(dir, 'studio.db'), 'garbage')
    const restored = restoreNewestBackup(dir, 'studio.db', T0 + DAY)
    expect(restored?.takenAt).toBe(T0)
    expect(existsSync(join(restored?.setAside ?? '', 'studio.db'))).toBe(true)
    const back = openDatabase(join(dir, 'studio.db'))
    expect(back.prepare('SELECT name FROM boards').get()).toEqual({ name: 'Moodboard' })
    back.close()
    expect(restoreNewestBackup(join(temp.dir, 'none'), 'studio.db', T0)).toBeNull()
  })

  it('takes a backup after start-up when the newest is a day old, and none when it is fresh', async () => {
    const dir = join(temp.dir, 'schedule')
    mkdirSync(dir)
    const db = openDatabase(join(dir, 'studio.db'))
    db.exec('CREATE TABLE t (x)')
    let now = T0
    const stop = scheduleBackups({
      db,
      dataDir: dir,
      now: () => now,
      firstAfterMs: 5,
      everyMs: 20,
      onError: () => undefined
    })
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(listBackups(dir)).toHaveLength(1)
    now = T0 + DAY - 1
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(listBackups(dir)).toHaveLength(1)
    now = T0 + DAY
    await new Promise((resolve) => setTimeout(resolve, 60))
    await stop()
    expect(listBackups(dir).map((b) => b.takenAt)).toEqual([T0 + DAY, T0])
    db.close()
  })
})
