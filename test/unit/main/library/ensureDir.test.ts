import { readFileSync, rmSync } from 'node:fs'
import type * as FsPromises from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { writeFileAtomic } from '../../../../src/main/library/atomic'
import { makeTempDir } from '../../../helpers/tempDir'

/** Every mkdir and open, and every fsync finished on a handle opened read-only (a directory's), in order. */
const log = vi.hoisted(() => [] as string[])

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof FsPromises>()
  return {
    ...fs,
    mkdir: (...args: Parameters<typeof fs.mkdir>) => {
      log.push(`mkdir ${String(args[0])}`)
      return fs.mkdir(...args)
    },
    open: async (...args: Parameters<typeof fs.open>) => {
      const [path, flags] = args
      log.push(`open ${String(flags)} ${String(path)}`)
      const handle = await fs.open(...args)
      if (flags !== 'r') return handle
      const sync = handle.sync.bind(handle)
      handle.sync = async () => {
        await sync()
        log.push(`synced ${String(path)}`)
      }
      return handle
    }
  }
})

const temp = makeTempDir('gs-ensure-')
afterAll(() => temp.cleanup())

describe('a new folder of the library [P28]', () => {
  it('is durable before any file is written into it, however many arrive while it is being made', async () => {
    const dir = join(temp.dir, 'lib', '2026', '11')
    log.length = 0
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        writeFileAtomic(join(dir, `image${i}.png`), Buffer.from(`bytes ${i}`))
      )
    )
    const firstFile = log.findIndex((line) => line.startsWith('open wx '))
    // The new folders' parents were fsynced (their new entries made durable) before the first file opened.
    const parentsSynced = [temp.dir, join(temp.dir, 'lib'), join(temp.dir, 'lib', '2026')].map((parent) =>
      log.indexOf(`synced ${parent}`)
    )
    for (const at of parentsSynced) {
      expect(at).toBeGreaterThanOrEqual(0)
      expect(at).toBeLessThan(firstFile)
    }
    for (let i = 0; i < 5; i++) expect(readFileSync(join(dir, `image${i}.png`), 'utf8')).toBe(`bytes ${i}`)
  })

  it('asks the disk nothing more once made, and is made again if removed by hand meanwhile', async () => {
    const dir = join(temp.dir, 'again')
    await writeFileAtomic(join(dir, 'one.png'), Buffer.from('1'))
    log.length = 0
    await writeFileAtomic(join(dir, 'two.png'), Buffer.from('2'))
    // Only the file itself and the folder's fsync after its rename: no mkdir and no parent fsync.
    expect(log.filter((line) => line.startsWith('mkdir '))).toEqual([])
    expect(log.filter((line) => line.startsWith('synced ')).map((line) => line.slice(7))).toEqual([dir])

    rmSync(dir, { recursive: true })
    await writeFileAtomic(join(dir, 'three.png'), Buffer.from('3'))
    expect(readFileSync(join(dir, 'three.png'), 'utf8')).toBe('3')
  })
})
