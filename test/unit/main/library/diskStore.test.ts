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
    expect(store.readNow('2026/x.png', 1024)).toBeNull()
    expect(existsSync(join(temp.dir, 'secret.txt'))).toBe(true)
  })

  it('reads a small object whole at once, and nothing missing, too large, a folder or a bad key', async () => {
    const store = new DiskMediaStore(join(temp.dir, 'small'))
    const bytes = Buffer.from('a thumbnail, say')
    await store.put('2026/11/t_thumb.webp', bytes)
    expect(store.readNow('2026/11/t_thumb.webp', 1024)).toEqual(bytes)
    expect(store.readNow('2026/11/t_thumb.webp', bytes.length - 1)).toBeNull()
    expect(store.readNow('2026/11/absent.webp', 1024)).toBeNull()
    expect(store.readNow('2026/11', 1024)).toBeNull()
    expect(store.readNow('../outside.webp', 1024)).toBeNull()
  })

  it('follows a link that stays inside the library, as its other reads do', async () => {
    const root = join(temp.dir, 'inner-link')
    const store = new DiskMediaStore(root)
    await store.put('2026/a.webp', Buffer.from('inside'))
    symlinkSync(join(root, '2026', 'a.webp'), join(root, '2026', 'b.webp'))
    expect(store.readNow('2026/b.webp', 1024)?.toString()).toBe('inside')
    expect((await store.read('2026/b.webp'))?.toString()).toBe('inside')
  })
})
