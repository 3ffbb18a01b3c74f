import { createHash } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import sharp from 'sharp'
import { DATABASE_FILE } from '../../../src/main/dataFolder/database'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FolderMediaStore } from '../../../src/main/locations/folderStore'
import { MemoryJournal } from '../../../src/main/sync/memoryJournal'
import { Replica } from '../../../src/main/sync/replica'
import type { LocationSettings } from '../../../src/shared/schemas/locations'
import { startTestBackend, type TestBackend } from '../../helpers/backend'
import { tEXt, withChunks } from '../../helpers/pngChunks'
import { startS3Server, type S3TestServer } from '../../helpers/s3Server'
import { makeTempDir } from '../../helpers/tempDir'

const png = (r: number): Promise<Buffer> =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: { r, g: 120, b: 60 } } })
    .png()
    .toBuffer()

const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex')

describe.each(['a bucket', 'a shared folder'] as const)(
  'a board published to %s appears in a teammate’s gallery [P42]',
  (kind) => {
    const temp = makeTempDir('gs-team-sync-')
    let s3: S3TestServer | null = null
    let ana: TestBackend
    let ben: TestBackend
    let settings: LocationSettings
    const files: Buffer[] = []

    beforeAll(async () => {
      if (kind === 'a bucket') {
        s3 = await startS3Server({ buckets: ['team-library'] })
        settings = {
          kind: 's3',
          endpoint: s3.endpoint,
          region: 'us-east-1',
          bucket: 'team-library',
          prefix: 'studio/',
          pathStyle: true
        }
      } else {
        mkdirSync(join(temp.dir, 'shared'))
        settings = { kind: 'folder', path: join(temp.dir, 'shared') }
      }
      ana = startTestBackend(temp.dir, 'ana')
      ben = startTestBackend(temp.dir, 'ben')
      files.push(
        withChunks(await png(10), [
          tEXt('parameters', 'a paper boat on a pond\nSteps: 20, Seed: 42, Size: 24x16')
        ]),
        await png(20),
        await png(30)
      )
    })
    afterAll(async () => {
      await Promise.all([ana.backend.close(), ben.backend.close()])
      await s3?.stop()
      temp.cleanup()
    })

    let anaLocationId = ''
    let benLocationId = ''
    let anaBoardId = ''
    const credentials = () =>
      settings.kind === 's3'
        ? ({ kind: 's3', accessKeyId: 'S3RVER', secretAccessKey: 'secret' } as const)
        : null

    it('publishes, syncs, and brings the images in whole, with their prompt, their author and their board', async () => {
      const report = await ana.api.invoke('gallery.importFiles', {
        files: files.map((bytes, i) => ({ name: `shot-${i}.png`, data: bytes.toString('base64') }))
      })
      expect(report.added).toHaveLength(3)
      const board = await ana.api.invoke('boards.create', { name: 'Moodboard' })
      await ana.api.invoke('boards.add', { boardId: board.id, selection: { kind: 'ids', ids: report.added } })
      const anaLocation = await ana.api.invoke('locations.save', {
        name: 'Team',
        settings,
        credentials: credentials()
      })
      anaLocationId = anaLocation.id
      anaBoardId = board.id
      const published = await ana.api.invoke('team.publishBoard', {
        locationId: anaLocation.id,
        boardId: board.id
      })
      expect(published).toMatchObject({ pushed: 1 })

      // Ben has a board of that name already: the team's comes in beside it.
      await ben.api.invoke('boards.create', { name: 'Moodboard' })
      const benLocation = await ben.api.invoke('locations.save', {
        name: 'Team',
        settings,
        credentials: credentials()
      })
      benLocationId = benLocation.id
      const synced = await ben.api.invoke('team.sync', { id: benLocation.id })
      expect(synced).toMatchObject({ pulled: 1, added: 3 })

      const boards = await ben.api.invoke('boards.list', {})
      const teamBoard = boards.find((b) => b.name === 'Moodboard (2)')
      expect(teamBoard?.count).toBe(3)
      const page = await ben.api.invoke('gallery.query', { filter: { boardIds: [teamBoard?.id ?? ''] } })
      expect(page.items).toHaveLength(3)
      const details = await Promise.all(
        page.items.map((item) => ben.api.invoke('gallery.get', { id: item.id }))
      )
      for (const detail of details) expect(detail.imported?.team?.author).toBeTruthy()
      expect(details.map((d) => d.prompt)).toContain('a paper boat on a pond')
      // Byte for byte what Ana had: the same content hashes.
      const benHashes = await Promise.all(
        page.items.map(async (item) => {
          const media = await ben.backend.resolveMedia(item.mediaId)
          return media ? sha(await readFile(media.file)) : ''
        })
      )
      expect(benHashes.sort()).toEqual(files.map(sha).sort())

      // A second sync brings nothing twice, and no object was written twice at the location.
      expect(await ben.api.invoke('team.sync', { id: benLocation.id })).toMatchObject({ added: 0 })
      expect(await ana.api.invoke('team.sync', { id: anaLocation.id })).toMatchObject({ added: 0 })
      // Both know which of their boards are linked (the gallery marks them).
      expect(await ana.api.invoke('team.boards', {})).toEqual([
        { boardId: board.id, locationId: anaLocation.id }
      ])
      expect(await ben.api.invoke('team.boards', {})).toEqual([
        { boardId: teamBoard?.id ?? '', locationId: benLocation.id }
      ])
      // The "(2)" Ben's gallery gave the board is his alone: it is never sent as a rename.
      expect((await ana.api.invoke('boards.list', {})).map((b) => b.name)).toEqual(['Moodboard'])
      expect((await ben.api.invoke('boards.list', {})).map((b) => b.name).sort()).toEqual([
        'Moodboard',
        'Moodboard (2)'
      ])
      if (s3) {
        // Whole-object PUTs (SDK v3 adds `?x-id=PutObject`); a multipart part carries an uploadId.
        const puts = s3.requests
          .filter((r) => r.method === 'PUT' && !r.path.includes('uploadId='))
          .map((r) => r.path.split('?')[0])
        expect(puts.length).toBeGreaterThan(0)
        expect(new Set(puts).size).toBe(puts.length)
        // The objects were listed, none was asked for on its own, and no thumbnail went up on its own: the
        // board's thumbnails went up as one pack beside its segment.
        expect(
          s3.requests.filter((r) => r.method === 'HEAD' && /\/studio\/(objects|thumbs)\//.test(r.path))
        ).toEqual([])
        expect(s3.requests.filter((r) => /\/studio\/thumbs\//.test(r.path))).toEqual([])
        expect(
          new Set(
            puts.filter((path) => /\/studio\/devices\/[a-z0-9]+\/thumbs\/\d{10}\.zip$/.test(path ?? ''))
          ).size
        ).toBe(1)
        expect(
          s3.requests.some((r) => r.method === 'GET' && r.path.includes('prefix=studio%2Fobjects%2F'))
        ).toBe(true)
      }
    })

    /** A board's gallery ids, by the content hash of their bytes (the same image on both sides). */
    const idsBySha = async (studio: TestBackend, boardId: string): Promise<Map<string, string>> => {
      const page = await studio.api.invoke('gallery.query', { filter: { boardIds: [boardId] } })
      const out = new Map<string, string>()
      for (const item of page.items) {
        const media = await studio.backend.resolveMedia(item.mediaId)
        if (media) out.set(sha(await readFile(media.file)), item.id)
      }
      return out
    }

    it('carries edits made offline on both sides both ways: names, members, verdicts, new images', async () => {
      const [one, two, three] = files.map(sha) as [string, string, string]
      const benBoard = (await ben.api.invoke('boards.list', {})).find((b) => b.name === 'Moodboard (2)')
      if (!benBoard) throw new Error('the team board did not reach Ben')
      // Ana, offline: renames the board, rejects the third image, puts a new image on the board.
      await ana.api.invoke('boards.rename', { id: anaBoardId, name: 'Final picks' })
      const anaIds = await idsBySha(ana, anaBoardId)
      await ana.api.invoke('results.setVerdict', { ids: [anaIds.get(three) ?? ''], verdict: 'rejected' })
      const fourth = await png(40)
      const added = await ana.api.invoke('gallery.importFiles', {
        files: [{ name: 'late.png', data: fourth.toString('base64') }]
      })
      await ana.api.invoke('boards.add', {
        boardId: anaBoardId,
        selection: { kind: 'ids', ids: added.added }
      })
      // Ben, offline: takes the second image off the board and keeps the first.
      const benIds = await idsBySha(ben, benBoard.id)
      await ben.api.invoke('boards.remove', {
        boardId: benBoard.id,
        selection: { kind: 'ids', ids: [benIds.get(two) ?? ''] }
      })
      await ben.api.invoke('results.setVerdict', { ids: [benIds.get(one) ?? ''], verdict: 'kept' })

      await ana.api.invoke('team.sync', { id: anaLocationId })
      expect(await ben.api.invoke('team.sync', { id: benLocationId })).toMatchObject({ added: 1 })
      await ana.api.invoke('team.sync', { id: anaLocationId })

      const expected = [one, three, sha(fourth)].sort()
      for (const [studio, boardId] of [
        [ana, anaBoardId],
        [ben, benBoard.id]
      ] as const) {
        const board = (await studio.api.invoke('boards.list', {})).find((b) => b.id === boardId)
        expect(board?.name).toBe('Final picks')
        const ids = await idsBySha(studio, boardId)
        expect([...ids.keys()].sort()).toEqual(expected)
        // Verdicts are read where the gallery keeps them (no gallery view shows them outside a batch).
        const db = new Database(join(studio.dataDir, DATABASE_FILE), { readonly: true })
        const verdictOf = (id: string): unknown =>
          (db.prepare('SELECT verdict FROM results WHERE id = ?').get(id) as { verdict: unknown }).verdict
        expect([verdictOf(ids.get(one) ?? ''), verdictOf(ids.get(three) ?? '')]).toEqual(['kept', 'rejected'])
        db.close()
      }
    })

    it('carries stars and notes both ways, and edits made offline on both sides end the same on both', async () => {
      const [one, , three] = files.map(sha) as [string, string, string]
      const benBoard = (await ben.api.invoke('boards.list', {})).find((b) => b.name === 'Final picks')
      if (!benBoard) throw new Error('the team board did not reach Ben')
      const marksOf = async (studio: TestBackend, boardId: string) => {
        const out = new Map<string, { rating: number; note: string }>()
        for (const [hash, id] of await idsBySha(studio, boardId)) {
          const { rating, note } = await studio.api.invoke('gallery.get', { id })
          out.set(hash, { rating, note })
        }
        return out
      }
      const rate = async (studio: TestBackend, id: string | undefined, rating: number) =>
        studio.api.invoke('gallery.setRating', { selection: { kind: 'ids', ids: [id ?? ''] }, rating })
      const write = async (studio: TestBackend, id: string | undefined, note: string) =>
        studio.api.invoke('gallery.setNote', { id: id ?? '', note })

      // Made on one side, seen on the other.
      const anaIds = await idsBySha(ana, anaBoardId)
      await rate(ana, anaIds.get(one), 5)
      await write(ana, anaIds.get(one), 'Hero shot.\n主图，裁紧一点。')
      await ana.api.invoke('team.sync', { id: anaLocationId })
      await ben.api.invoke('team.sync', { id: benLocationId })
      expect((await marksOf(ben, benBoard.id)).get(one)).toEqual({
        rating: 5,
        note: 'Hero shot.\n主图，裁紧一点。'
      })

      // Offline on both sides: each changes something the other does not, and both rate the same image.
      const benIds = await idsBySha(ben, benBoard.id)
      await write(ana, anaIds.get(one), 'Hero shot, crop tighter.')
      await rate(ana, anaIds.get(one), 4)
      await rate(ana, anaIds.get(three), 1)
      await rate(ben, benIds.get(one), 3)
      await write(ben, benIds.get(three), 'Try it in blue.')
      await ana.api.invoke('team.sync', { id: anaLocationId })
      await ben.api.invoke('team.sync', { id: benLocationId })
      await ana.api.invoke('team.sync', { id: anaLocationId })

      const anaMarks = await marksOf(ana, anaBoardId)
      expect(await marksOf(ben, benBoard.id)).toEqual(anaMarks)
      // The rating both changed goes to the edit synced last (Ben's); everything else is each one's own.
      expect(anaMarks.get(one)).toEqual({ rating: 3, note: 'Hero shot, crop tighter.' })
      expect(anaMarks.get(three)).toEqual({ rating: 1, note: 'Try it in blue.' })
      // The grid's tiles show the same stars the details do.
      const tiles = await ana.api.invoke('gallery.query', { filter: { boardIds: [anaBoardId] } })
      expect(tiles.items.find((item) => item.id === anaIds.get(one))?.rating).toBe(3)
    })

    it('sends stars given before the gallery had them agreed on with the team (a gallery from before stars)', async () => {
      const [, , three] = files.map(sha) as [string, string, string]
      const benBoard = (await ben.api.invoke('boards.list', {})).find((b) => b.name === 'Final picks')
      if (!benBoard) throw new Error('the team board did not reach Ben')
      // What a gallery upgraded from before stars and notes holds: verdicts agreed on, nothing else.
      const db = new Database(join(ben.dataDir, DATABASE_FILE))
      db.prepare("DELETE FROM team_base WHERE kind IN ('rating', 'note')").run()
      db.close()
      const benIds = await idsBySha(ben, benBoard.id)
      await ben.api.invoke('gallery.setRating', {
        selection: { kind: 'ids', ids: [benIds.get(three) ?? ''] },
        rating: 2
      })
      await ben.api.invoke('team.sync', { id: benLocationId })
      await ana.api.invoke('team.sync', { id: anaLocationId })
      const anaIds = await idsBySha(ana, anaBoardId)
      expect(await ana.api.invoke('gallery.get', { id: anaIds.get(three) ?? '' })).toMatchObject({
        rating: 2,
        note: 'Try it in blue.'
      })
    })
  }
)

describe('a sync says what is wrong in words', () => {
  const temp = makeTempDir('gs-team-words-')
  afterAll(() => temp.cleanup())

  it('says a shared folder that is not there is missing, not up to date; a gone board or location as such', async () => {
    const studio = startTestBackend(temp.dir, 'solo')
    try {
      const folder = join(temp.dir, 'unmounted')
      mkdirSync(folder)
      const location = await studio.api.invoke('locations.save', {
        name: 'NAS share',
        settings: { kind: 'folder', path: folder },
        credentials: null
      })
      rmSync(folder, { recursive: true })
      await expect(studio.api.invoke('team.sync', { id: location.id })).rejects.toMatchObject({
        code: 'location.missing'
      })
      await expect(
        studio.api.invoke('team.publishBoard', { locationId: location.id, boardId: 'no-such-board' })
      ).rejects.toMatchObject({ code: 'not_found', message: 'That board no longer exists.' })
      await expect(studio.api.invoke('team.sync', { id: 'no-such-location' })).rejects.toMatchObject({
        code: 'not_found',
        message: 'That team location no longer exists.'
      })
    } finally {
      await studio.backend.close()
    }
  })
})

describe('a location moved to another place', () => {
  const temp = makeTempDir('gs-team-moved-')
  afterAll(() => temp.cleanup())

  it('starts afresh there: nothing linked, and a board shared again reaches a teammate whole', async () => {
    const [first, second] = [join(temp.dir, 'first'), join(temp.dir, 'second')]
    mkdirSync(first)
    mkdirSync(second)
    const ana = startTestBackend(temp.dir, 'ana')
    const ben = startTestBackend(temp.dir, 'ben')
    try {
      const report = await ana.api.invoke('gallery.importFiles', {
        files: [
          { name: 'a.png', data: (await png(150)).toString('base64') },
          { name: 'b.png', data: (await png(160)).toString('base64') }
        ]
      })
      const board = await ana.api.invoke('boards.create', { name: 'Lookbook' })
      await ana.api.invoke('boards.add', { boardId: board.id, selection: { kind: 'ids', ids: report.added } })
      const location = await ana.api.invoke('locations.save', {
        name: 'Team',
        settings: { kind: 'folder', path: first },
        credentials: null
      })
      await ana.api.invoke('team.publishBoard', { locationId: location.id, boardId: board.id })
      // A rename keeps the place; a new path is a new place.
      await ana.api.invoke('locations.save', {
        id: location.id,
        name: 'Team library',
        settings: { kind: 'folder', path: first },
        credentials: null
      })
      expect(await ana.api.invoke('team.boards', {})).toHaveLength(1)
      await ana.api.invoke('locations.save', {
        id: location.id,
        name: 'Team library',
        settings: { kind: 'folder', path: second },
        credentials: null
      })
      expect(await ana.api.invoke('team.boards', {})).toEqual([])
      await ana.api.invoke('team.publishBoard', { locationId: location.id, boardId: board.id })

      const benLocation = await ben.api.invoke('locations.save', {
        name: 'Team',
        settings: { kind: 'folder', path: second },
        credentials: null
      })
      expect(await ben.api.invoke('team.sync', { id: benLocation.id })).toMatchObject({ added: 2 })
      expect((await ben.api.invoke('boards.list', {})).map((b) => [b.name, b.count])).toEqual([
        ['Lookbook', 2]
      ])
    } finally {
      await Promise.all([ana.backend.close(), ben.backend.close()])
    }
  })
})

describe('a team image this gallery cannot keep', () => {
  const temp = makeTempDir('gs-team-bad-')
  afterAll(() => temp.cleanup())

  it('is left out, and the rest of the sync goes on', async () => {
    const folder = join(temp.dir, 'shared')
    mkdirSync(folder)
    // Another app's device publishes a "PNG" that is not one, beside a real one, on one board.
    const store = new FolderMediaStore({ path: folder })
    const good = await png(120)
    const bad = Buffer.from('not an image at all, though its record says PNG')
    const images = new Map([
      [sha(good), good],
      [sha(bad), bad]
    ])
    const other = new Replica(
      'otherapp01',
      new MemoryJournal('otherapp01'),
      store,
      {
        original: (hash) => Promise.resolve(images.get(hash) ?? null)
      },
      () => 1_800_000_000_000
    )
    const record = (bytes: Buffer) => ({
      sha256: sha(bytes),
      type: 'image/png' as const,
      size: bytes.length,
      width: 24,
      height: 16,
      author: 'Other app',
      createdAt: 1,
      prompt: null,
      model: null
    })
    other.edit((edits) => [
      ...edits.createBoard('otherboard1', 'Mixed'),
      ...edits.addImage(record(good)),
      ...edits.addImage(record(bad)),
      ...edits.addToBoard('otherboard1', sha(good)),
      ...edits.addToBoard('otherboard1', sha(bad))
    ])
    await other.push()

    const studio = startTestBackend(temp.dir, 'ben')
    try {
      const location = await studio.api.invoke('locations.save', {
        name: 'Team',
        settings: { kind: 'folder', path: folder },
        credentials: null
      })
      expect(await studio.api.invoke('team.sync', { id: location.id })).toMatchObject({ added: 1 })
      const boards = await studio.api.invoke('boards.list', {})
      expect(boards.map((b) => [b.name, b.count])).toEqual([['Mixed', 1]])
    } finally {
      await studio.backend.close()
    }
  })
})

describe('shared boards sync by themselves [P42]', () => {
  const temp = makeTempDir('gs-team-auto-')
  afterAll(() => temp.cleanup())

  it('carries a rename from one gallery to the other with nobody pressing Sync, and says so', async () => {
    const folder = join(temp.dir, 'shared')
    mkdirSync(folder)
    const settings = { kind: 'folder', path: folder } as const
    const ana = startTestBackend(temp.dir, 'ana', undefined, { teamSyncEveryMs: 200 })
    const ben = startTestBackend(temp.dir, 'ben', undefined, { teamSyncEveryMs: 200 })
    try {
      const report = await ana.api.invoke('gallery.importFiles', {
        files: [{ name: 'one.png', data: (await png(90)).toString('base64') }]
      })
      const board = await ana.api.invoke('boards.create', { name: 'Drafts' })
      await ana.api.invoke('boards.add', { boardId: board.id, selection: { kind: 'ids', ids: report.added } })
      const anaLocation = await ana.api.invoke('locations.save', {
        name: 'Team',
        settings,
        credentials: null
      })
      await ana.api.invoke('team.publishBoard', { locationId: anaLocation.id, boardId: board.id })
      const benLocation = await ben.api.invoke('locations.save', {
        name: 'Team',
        settings,
        credentials: null
      })
      // The first sync is asked for (it is what subscribes); the rest happen by themselves.
      await ben.api.invoke('team.sync', { id: benLocation.id })
      const synced: string[] = []
      ben.api.on('team.synced', (event) => synced.push(event.locationId))

      await ana.api.invoke('boards.rename', { id: board.id, name: 'Approved' })
      const deadline = Date.now() + 15_000
      let names: string[] = []
      while (Date.now() < deadline) {
        names = (await ben.api.invoke('boards.list', {})).map((b) => b.name)
        if (names.includes('Approved')) break
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(names).toEqual(['Approved'])
      expect(synced).toContain(benLocation.id)
    } finally {
      await Promise.all([ana.backend.close(), ben.backend.close()])
    }
  }, 30_000)
})
