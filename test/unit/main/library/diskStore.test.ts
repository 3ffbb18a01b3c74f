import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DiskMediaStore } from '../../../../src/main/library/diskStore'
import { makeTempDir } from '../../../helpers/tempDir'
import { mediaStoreConformance } from './mediaStoreConformance'

const temp = makeTempDir('gs-disk-store-')
afterAll(() => temp.cleanup())
let n = 0

mediaStoreConformance('the disk store', () => new DiskMediaStore(join(temp.dir, `store-${n++}`)))

describe('the disk store on its own disk [P28]', () => {
  it('leaves a write cut by a crash as a temp file that the next start sweeps, never under its key', () => {
    const root = join(temp.dir, 'crashed')
    mkdirSync(join(root, '2026', '11'), { recursive: true })
    // What a process killed between write and rename leaves behind.
    writeFileSync(join(root, '2026', '11', 'draft.tmp-0123456789abcdef'), 'half a file')
    const store = new DiskMediaStore(root)
    expect(store.sweep(Date.now())).toBe(1)
    expect(readdirSync(join(root, '2026', '11'))).toEqual([])
  })

  it('reads no object through a link out of the library', async () => {
    const root = join(temp.dir, 'linked')
    mkdirSync(join(root, '2026'), { recursive: true })
    writeFileSync(join(temp.dir, 'secret.txt'), 'outside')
    symlinkSync(join(temp.dir, 'secret.txt'), join(root, '2026', 'x.png'))
    const store = new DiskMediaStore(root)
    expect(await store.read('2026/x.png')).toBeNull()
    expect(await store.open('2026/x.png')).toBeNull()
    expect(existsSync(join(temp.dir, 'secret.txt'))).toBe(true)
  })
})
