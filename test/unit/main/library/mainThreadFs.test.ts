import type * as NodeFs from 'node:fs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Db } from '../../../../src/main/db/connection'
import { Library } from '../../../../src/main/library/store'
import { makeTempDir } from '../../../helpers/tempDir'
import { image, openLibraryDb, verifyAll } from './helpers'
import { systemClock } from '../../../../src/main/time/clock'
import { DiskMediaStore } from '../../../../src/main/library/diskStore'

/**
 * A streamed burst writes and renames files in one folder while the main thread reads the stream: a
 * synchronous stat there waits on the folder's lock, on the thread the stream needs (issue 17's profile).
 * Keeping a result therefore asks the file system nothing synchronously; the counts below are of the calls
 * made while results are being kept.
 */
const sync = vi.hoisted(() => ({ counting: false, calls: [] as string[] }))

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>()
  const counted = <A extends unknown[], R>(name: string, fn: (...args: A) => R) =>
    ((...args: A): R => {
      if (sync.counting) sync.calls.push(`${name}(${String(args[0])})`)
      return fn(...args)
    }) as typeof fn
  const realpathSync = Object.assign(counted('realpathSync', fs.realpathSync), {
    native: fs.realpathSync.native
  })
  const mocked = {
    ...fs,
    existsSync: counted('existsSync', fs.existsSync),
    statSync: counted('statSync', fs.statSync),
    lstatSync: counted('lstatSync', fs.lstatSync),
    realpathSync
  }
  return { ...mocked, default: mocked }
})

let temp: ReturnType<typeof makeTempDir>
let db: Db

beforeEach(() => {
  temp = makeTempDir('gs-lib-sync-')
  db = openLibraryDb(`${temp.dir}/gs.db`)
})

afterEach(() => {
  db.close()
  temp.cleanup()
})

describe('keeping a result from memory', () => {
  it('asks the file system nothing synchronously, for new bytes and over files a lost row left', async () => {
    const library = new Library(db, new DiskMediaStore(`${temp.dir}/library`), { clock: systemClock })
    const images = await Promise.all([0, 1, 2, 3].map((seed) => image('jpeg', 96, 64, seed)))
    // The first keeps the month's folder made (made once, as in use); not counted.
    await library.storeBytes(await image('png', 8, 8, 9))
    await library.idle()

    sync.counting = true
    const kept = await Promise.all(images.map((bytes) => library.storeBytes(bytes)))
    sync.counting = false
    expect(sync.calls).toEqual([])
    await library.idle()

    // A row lost while its files stayed (as a crash between file and row can leave them): kept again, over
    // them, and its thumbnail made again.
    db.prepare('DELETE FROM media WHERE id = ?').run(kept[0]?.id)
    sync.counting = true
    const again = await library.storeBytes(images[0] as Buffer)
    sync.counting = false
    expect(sync.calls).toEqual([])
    await library.idle()
    expect(library.get(again.id)?.thumbPath).not.toBeNull()
    expect(await verifyAll(db, library)).toEqual({ rows: 5, bad: [] })
  })
})
