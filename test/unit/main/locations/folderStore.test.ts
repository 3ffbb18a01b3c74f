import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { LocationError } from '../../../../src/main/locations/errors'
import { FolderMediaStore } from '../../../../src/main/locations/folderStore'
import { makeTempDir } from '../../../helpers/tempDir'
import { mediaStoreConformance } from '../library/mediaStoreConformance'

const temp = makeTempDir('gs-folder-store-')
afterAll(() => temp.cleanup())
let n = 0

function freshFolder(): FolderMediaStore {
  const path = join(temp.dir, `shared-${n++}`)
  mkdirSync(path)
  return new FolderMediaStore({ path })
}

mediaStoreConformance('the shared-folder store', freshFolder)

describe('the shared-folder store [P42]', () => {
  it('never writes an object twice: the file another machine may be syncing keeps its inode and time', async () => {
    const store = freshFolder()
    await store.put('objects/ab/one.png', Buffer.from('first'))
    const file = store.localFile('objects/ab/one.png') ?? ''
    const before = statSync(file)
    await store.put('objects/ab/one.png', Buffer.from('first'))
    const after = statSync(file)
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs])
  })

  it('refuses to write into a folder that is not there (an unmounted share), and creates nothing', async () => {
    const path = join(temp.dir, 'not-mounted')
    const store = new FolderMediaStore({ path })
    const refused = await store.put('objects/ab/x.png', Buffer.from('x')).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(LocationError)
    expect((refused as LocationError).kind).toBe('missing')
    await expect(store.begin('objects/')).rejects.toThrow(LocationError)
    expect(existsSync(path)).toBe(false)
    writeFileSync(path, 'a file, not a folder')
    await expect(store.probe()).rejects.toMatchObject({ kind: 'missing' })
  })

  it('tells a write’s bytes at its start and end; an object there already is done at once', async () => {
    const store = freshFolder()
    const data = Buffer.from('a picture’s bytes')
    const reports: Array<[number, number]> = []
    const onProgress = (sent: number, total: number): number => reports.push([sent, total])
    await store.put('objects/cd/two.png', data, undefined, { onProgress })
    expect(reports).toEqual([
      [0, data.length],
      [data.length, data.length]
    ])
    expect(store.localFile('objects/cd/two.png')).not.toBeNull()
    reports.length = 0
    await store.put('objects/cd/two.png', data, undefined, { onProgress })
    expect(reports).toEqual([[data.length, data.length]])
  })

  it("leaves another machine's write in progress alone when it sweeps", () => {
    const store = freshFolder()
    const dir = join(temp.dir, `shared-${n - 1}`, 'objects')
    mkdirSync(dir)
    writeFileSync(join(dir, 'draft.tmp-0123456789abcdef'), 'half a file, still being written elsewhere')
    expect(store.sweep()).toBe(0)
    expect(readdirSync(dir)).toEqual(['draft.tmp-0123456789abcdef'])
  })
})
