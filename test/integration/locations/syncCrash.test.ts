import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import type { CrashPoint } from '../../../src/main/crashPoints'
import { isTempName } from '../../../src/main/library/atomic'
import { FolderMediaStore } from '../../../src/main/locations/folderStore'
import { parseDeviceKey } from '../../../src/main/sync/layout'
import type { ApiClient } from '../../../src/shared/client'
import { startTestBackend } from '../../helpers/backend'
import { killAllBackends, spawnBackend, type BackendProcess } from '../../helpers/spawnBackend'
import { makeTempDir } from '../../helpers/tempDir'

const png = (r: number): Promise<Buffer> =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: { r, g: 30, b: 200 } } })
    .png()
    .toBuffer()

/** Every file under the shared folder, by its key. */
function filesUnder(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(root, join(dir, entry.name))
      : [relative(root, join(dir, entry.name)).split('\\').join('/')]
  )
}

/**
 * What a kill may never leave at a location: an object whose bytes are not its name, or a gap in a log.
 * A write cut by the kill may leave its temp file (`<key>.tmp-<rand>`, empty or partial): no key names it,
 * and the store's listing, which every reader goes by, must not show it.
 */
async function checkLocation(root: string): Promise<void> {
  const seqs = new Map<string, number[]>()
  const listed: string[] = []
  for await (const object of new FolderMediaStore({ path: root }).list()) listed.push(object.key)
  expect(listed.filter((key) => isTempName(key))).toEqual([])
  for (const key of filesUnder(root)) {
    if (isTempName(key)) continue
    expect(listed).toContain(key)
    if (key.startsWith('objects/')) {
      const name = key.split('/').pop()?.split('.')[0]
      expect(
        createHash('sha256')
          .update(readFileSync(join(root, key)))
          .digest('hex'),
        key
      ).toBe(name)
    }
    const parsed = parseDeviceKey(key)
    if (parsed?.kind === 'log') seqs.set(parsed.device, [...(seqs.get(parsed.device) ?? []), parsed.seq])
  }
  for (const [device, list] of seqs) {
    expect(
      list.sort((a, b) => a - b),
      device
    ).toEqual(list.map((_, i) => i + 1))
  }
}

async function seedBoard(
  api: ApiClient,
  images: Buffer[],
  folder: string
): Promise<{ boardId: string; locationId: string }> {
  const report = await api.invoke('gallery.importFiles', {
    files: images.map((bytes, i) => ({ name: `shot-${i}.png`, data: bytes.toString('base64') }))
  })
  const board = await api.invoke('boards.create', { name: 'Moodboard' })
  await api.invoke('boards.add', { boardId: board.id, selection: { kind: 'ids', ids: report.added } })
  const location = await api.invoke('locations.save', {
    name: 'Team',
    settings: { kind: 'folder', path: folder },
    credentials: null
  })
  return { boardId: board.id, locationId: location.id }
}

/** Waits for the armed probe to kill the process where it was armed, and checks that it did. */
async function killedAt(
  studio: BackendProcess,
  point: CrashPoint,
  k: number,
  command: Promise<unknown>
): Promise<void> {
  const answered = command.then(
    (value) => `answered ${JSON.stringify(value)}`,
    (error: unknown) => `failed ${String(error)}`
  )
  const exit = await Promise.race([studio.crashed(point, k), answered.then((said) => new Error(said))])
  if (exit instanceof Error) throw new Error(`the command did not reach ${point}#${k}: ${exit.message}`)
  expect(exit.crashedAt).toBe(`${point}#${k}`)
  expect(exit.signal).toBe('SIGKILL')
  expect(exit.gone).toBe(true)
}

describe('a team sync killed with kill -9, then started again, loses nothing and duplicates nothing [P42]', () => {
  afterAll(killAllBackends)

  const PUSH: Array<[CrashPoint, number, string]> = [
    ['sync.sealed', 1, 'the segment sealed, nothing sent'],
    ['sync.objectSent', 3, 'three images of the segment sent'],
    ['sync.segmentSent', 1, 'the segment sent, not yet recorded']
  ]
  for (const [point, k, moment] of PUSH) {
    it(`publishing, killed with ${moment}`, async () => {
      const temp = makeTempDir('gs-sync-crash-')
      const folder = join(temp.dir, 'shared')
      mkdirSync(folder)
      const images = await Promise.all([10, 20, 30, 40].map(png))
      let ana = await spawnBackend(join(temp.dir, 'ana'), `sync crash: ${point}`)
      const { boardId, locationId } = await seedBoard(ana.api, images, folder)
      await ana.arm(point, k)
      await killedAt(ana, point, k, ana.api.invoke('team.publishBoard', { locationId, boardId }))
      await checkLocation(folder)

      ana = await spawnBackend(join(temp.dir, 'ana'), `sync crash: ${point} (restarted)`)
      await ana.api.invoke('team.sync', { id: locationId })
      await checkLocation(folder)
      await ana.kill9()

      const ben = startTestBackend(temp.dir, 'ben')
      const benLocation = await ben.api.invoke('locations.save', {
        name: 'Team',
        settings: { kind: 'folder', path: folder },
        credentials: null
      })
      expect(await ben.api.invoke('team.sync', { id: benLocation.id })).toMatchObject({ added: 4 })
      const boards = await ben.api.invoke('boards.list', {})
      expect(boards.map((b) => [b.name, b.count])).toEqual([['Moodboard', 4]])
      await ben.backend.close()
      temp.cleanup()
    }, 60_000)
  }

  const PULL: Array<[CrashPoint, number, string]> = [
    ['sync.pulled', 2, 'the second segment merged in memory, not journaled'],
    // Images that arrive by their thumbnails (thumbnail packs): the third one's thumbnail is the file kept.
    ['library.renamed', 3, 'the third image kept as a file, its row not yet written']
  ]
  for (const [point, k, moment] of PULL) {
    it(`syncing in, killed with ${moment}`, async () => {
      const temp = makeTempDir('gs-sync-crash-')
      const folder = join(temp.dir, 'shared')
      mkdirSync(folder)
      const ana = startTestBackend(temp.dir, 'ana')
      const images = await Promise.all([50, 60, 70, 80].map(png))
      const { boardId, locationId } = await seedBoard(ana.api, images.slice(0, 2), folder)
      await ana.api.invoke('team.publishBoard', { locationId, boardId })
      // A second segment: two more images put on the board, sent by the next sync.
      const more = await ana.api.invoke('gallery.importFiles', {
        files: images.slice(2).map((bytes, i) => ({ name: `more-${i}.png`, data: bytes.toString('base64') }))
      })
      await ana.api.invoke('boards.add', { boardId, selection: { kind: 'ids', ids: more.added } })
      expect(await ana.api.invoke('team.sync', { id: locationId })).toMatchObject({ pushed: 1 })
      await ana.backend.close()

      let ben = await spawnBackend(join(temp.dir, 'ben'), `sync crash: ${point}`)
      const benLocation = await ben.api.invoke('locations.save', {
        name: 'Team',
        settings: { kind: 'folder', path: folder },
        credentials: null
      })
      await ben.arm(point, k)
      await killedAt(ben, point, k, ben.api.invoke('team.sync', { id: benLocation.id }))

      ben = await spawnBackend(join(temp.dir, 'ben'), `sync crash: ${point} (restarted)`)
      await ben.api.invoke('team.sync', { id: benLocation.id })
      const page = await ben.api.invoke('gallery.query', { filter: {} })
      expect(page.items).toHaveLength(4)
      const boards = await ben.api.invoke('boards.list', {})
      expect(boards.map((b) => [b.name, b.count])).toEqual([['Moodboard', 4]])
      expect(await ben.api.invoke('team.sync', { id: benLocation.id })).toMatchObject({ added: 0 })
      await ben.kill9()
      await checkLocation(folder)
      temp.cleanup()
    }, 60_000)
  }
})
