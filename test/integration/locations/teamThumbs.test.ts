import { createHash } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLocation } from '../../../src/main/locations/open'
import { MemoryJournal } from '../../../src/main/sync/memoryJournal'
import { Replica } from '../../../src/main/sync/replica'
import type { ExportProgress } from '../../../src/shared/schemas/gallery'
import { exportFinished, startTestBackend, type TestBackend } from '../../helpers/backend'
import { makeTempDir } from '../../helpers/tempDir'
import { pngRecord, TEAM_PLACES, type TeamPlace } from '../../helpers/teamPlaces'

const IMAGES = 5

const png = (r: number): Promise<Buffer> =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: { r, g: 90, b: 200 } } })
    .png()
    .toBuffer()
const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex')

/** The image files (not thumbnails) a studio's library holds on disk, by content hash. */
function originalsOn(studio: TestBackend): Set<string> {
  const out = new Set<string>()
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name))
      else {
        const match = /^([0-9a-f]{64})\.(png|jpg|webp)$/.exec(entry.name)
        if (match?.[1]) out.add(match[1])
      }
    }
  }
  walk(join(studio.dataDir, 'library'))
  return out
}

/**
 * Whether anything is at the place, asked without the app: the folder exists, or the server answers a plain
 * request (any status). So a test of the place out of reach cannot pass against one that never went.
 */
async function answers(place: TeamPlace): Promise<boolean> {
  const { settings } = place
  if (settings.kind === 'folder') return existsSync(settings.path)
  const url = settings.kind === 's3' ? settings.endpoint : settings.url
  return fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
    async (response) => {
      await response.body?.cancel()
      return true
    },
    () => false
  )
}

describe.each(Object.keys(TEAM_PLACES) as Array<keyof typeof TEAM_PLACES>)(
  'a board published to %s reaches a teammate thumbnails first [P54]',
  (kind) => {
    const temp = makeTempDir('gs-team-thumbs-')
    let place: TeamPlace
    let ana: TestBackend
    let ben: TestBackend
    const files: Buffer[] = []

    beforeAll(async () => {
      place = await TEAM_PLACES[kind]()
      ana = startTestBackend(temp.dir, 'ana')
      ben = startTestBackend(temp.dir, 'ben')
      for (let i = 0; i < IMAGES; i++) files.push(await png(10 + i * 30))
    })
    afterAll(async () => {
      await Promise.all([ana.backend.close(), ben.backend.close()])
      await place.stop()
      temp.cleanup()
    })

    it('shows every image at once with no file fetched, fetches the one opened, and the rest when pinned, telling each [P55]', async () => {
      const report = await ana.api.invoke('gallery.importFiles', {
        files: files.map((bytes, i) => ({ name: `shot-${i}.png`, data: bytes.toString('base64') }))
      })
      const board = await ana.api.invoke('boards.create', { name: 'Lookbook' })
      await ana.api.invoke('boards.add', { boardId: board.id, selection: { kind: 'ids', ids: report.added } })
      const anaLocation = await ana.api.invoke('locations.save', {
        name: 'Team',
        settings: place.settings,
        credentials: place.credentials
      })
      await ana.api.invoke('team.publishBoard', { locationId: anaLocation.id, boardId: board.id })

      const benLocation = await ben.api.invoke('locations.save', {
        name: 'Team',
        settings: place.settings,
        credentials: place.credentials
      })
      expect(await ben.api.invoke('team.sync', { id: benLocation.id })).toMatchObject({ added: IMAGES })
      const teamBoard = (await ben.api.invoke('boards.list', {})).find((b) => b.name === 'Lookbook')
      expect(teamBoard?.count).toBe(IMAGES)
      const page = await ben.api.invoke('gallery.query', { filter: { boardIds: [teamBoard?.id ?? ''] } })
      expect(page.items).toHaveLength(IMAGES)
      // Every tile has its thumbnail (from the pack), and not one original came down.
      for (const item of page.items) {
        const thumb = await ben.backend.serveMedia(`${item.mediaId}_thumb`)
        expect(thumb?.mime).toBe('image/webp')
      }
      expect(originalsOn(ben).size).toBe(0)
      // Each tile says its full file is not here yet.
      expect(page.items.filter((item) => item.away === true)).toHaveLength(IMAGES)

      // Every window hears which files came, and that one only when it has come [P55].
      const cameHere: string[][] = []
      const off = ben.api.on('gallery.filesHere', ({ mediaIds }) => cameHere.push(mediaIds))
      const heard = (): string[] => cameHere.flat().sort()
      const [first] = page.items
      // The details open at once, on the thumbnail: nothing is fetched for them [P55].
      const quick = await ben.api.invoke('gallery.get', { id: first?.id ?? '', waitForFile: false })
      expect(quick.fileFetching).toBe(true)
      expect(quick.imported?.team).toBeDefined()
      expect(originalsOn(ben).size).toBe(0)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(cameHere).toEqual([])

      // Opened (the details, the media protocol): that one file comes, byte for byte, and no other.
      const opened = await ben.backend.resolveMedia(first?.mediaId ?? '')
      expect(opened).not.toBeNull()
      const firstSha = sha(await readFile(opened?.file ?? ''))
      expect(files.map(sha)).toContain(firstSha)
      expect([...originalsOn(ben)]).toEqual([firstSha])
      await expect.poll(heard).toEqual([first?.mediaId])
      expect(
        (await ben.api.invoke('gallery.get', { id: first?.id ?? '', waitForFile: false })).fileFetching
      ).toBe(undefined)

      // Pinned: a sync starts by itself and brings the rest.
      const pinned = await ben.api.invoke('team.pinBoard', { boardId: teamBoard?.id ?? '', pinned: true })
      expect(pinned).toEqual({ boardId: teamBoard?.id, locationId: benLocation.id, pinned: true })
      // A file lands on disk a moment before its mark is cleared: both are waited for.
      const onBoard = (): Promise<{ items: Array<{ away?: boolean }> }> =>
        ben.api.invoke('gallery.query', { filter: { boardIds: [teamBoard?.id ?? ''] } })
      const deadline = Date.now() + 20_000
      while (
        (originalsOn(ben).size < IMAGES || (await onBoard()).items.some((item) => item.away)) &&
        Date.now() < deadline
      )
        await new Promise((resolve) => setTimeout(resolve, 50))
      expect([...originalsOn(ben)].sort()).toEqual(files.map(sha).sort())
      expect((await onBoard()).items.filter((item) => item.away)).toEqual([])
      // Each of the others was told, and once only (how a burst goes out together: coalesced.test.ts).
      await expect.poll(heard).toEqual(page.items.map((item) => item.mediaId).sort())
      off()
      expect(await ben.api.invoke('team.boards', {})).toEqual([
        { boardId: teamBoard?.id, locationId: benLocation.id, pinned: true }
      ])
      // Unpinned, the files stay.
      await ben.api.invoke('team.pinBoard', { boardId: teamBoard?.id ?? '', pinned: false })
      expect(originalsOn(ben).size).toBe(IMAGES)
    }, 60_000)

    it('brings an image whose record names no pack (an older app’s publish) with its file', async () => {
      const opened = await openLocation(place.settings, place.credentials, {
        draftDir: join(temp.dir, 'drafts')
      })
      try {
        const older = await png(250)
        const replica = new Replica(
          'olderapp01',
          new MemoryJournal('olderapp01'),
          opened.store,
          { original: (hash) => Promise.resolve(hash === sha(older) ? older : null) },
          () => 1_800_000_000_000
        )
        replica.edit((edits) => [
          ...edits.createBoard('olderboard1', 'From before'),
          ...edits.addImage(pngRecord(older, 24, 16)),
          ...edits.addToBoard('olderboard1', sha(older))
        ])
        await replica.push()
        expect(replica.view().images[0]?.record.thumbs).toBeUndefined()

        const benLocation = (await ben.api.invoke('locations.list', {}))[0]
        expect(await ben.api.invoke('team.sync', { id: benLocation?.id ?? '' })).toMatchObject({ added: 1 })
        expect(originalsOn(ben).has(sha(older))).toBe(true)
      } finally {
        opened.close()
      }
    }, 60_000)

    it('says in the details that the file is on the team location when that cannot be reached', async () => {
      const late = await png(5)
      const added = await ana.api.invoke('gallery.importFiles', {
        files: [{ name: 'late.png', data: late.toString('base64') }]
      })
      const anaBoard = (await ana.api.invoke('boards.list', {})).find((b) => b.name === 'Lookbook')
      await ana.api.invoke('boards.add', {
        boardId: anaBoard?.id ?? '',
        selection: { kind: 'ids', ids: added.added }
      })
      const anaLocation = (await ana.api.invoke('locations.list', {}))[0]
      await ana.api.invoke('team.sync', { id: anaLocation?.id ?? '' })
      // Ben's board is no longer pinned: the new image comes as its thumbnail.
      const benLocation = (await ben.api.invoke('locations.list', {}))[0]
      await ben.api.invoke('team.sync', { id: benLocation?.id ?? '' })
      expect(originalsOn(ben).has(sha(late))).toBe(false)
      const ids = (await ben.api.invoke('gallery.query', { filter: {} })).items
      expect(await answers(place)).toBe(true)
      await place.away()
      try {
        expect(await answers(place)).toBe(false)
        const details = await Promise.all(ids.map((one) => ben.api.invoke('gallery.get', { id: one.id })))
        const away = details.filter((detail) => detail.fileAway)
        expect(away).toHaveLength(1)
        expect(away[0]?.exit).toBeNull()
        expect(originalsOn(ben).has(sha(late))).toBe(false)
      } finally {
        await place.back()
      }
      expect(await answers(place)).toBe(true)
      // Back: opening it brings the file.
      const back = (await ben.api.invoke('gallery.query', { filter: {} })).items
      const details = await Promise.all(back.map((one) => ben.api.invoke('gallery.get', { id: one.id })))
      expect(details.filter((detail) => detail.fileAway)).toHaveLength(0)
      expect(originalsOn(ben).has(sha(late))).toBe(true)
    }, 60_000)

    it('says an export of a board whose files are at a team location out of reach that they are there, not lost [P55]', async () => {
      const shots = [await png(200), await png(220)]
      const added = await ana.api.invoke('gallery.importFiles', {
        files: shots.map((bytes, i) => ({ name: `away-${i}.png`, data: bytes.toString('base64') }))
      })
      const anaBoard = await ana.api.invoke('boards.create', { name: 'Far away' })
      await ana.api.invoke('boards.add', {
        boardId: anaBoard.id,
        selection: { kind: 'ids', ids: added.added }
      })
      const anaLocation = (await ana.api.invoke('locations.list', {}))[0]
      await ana.api.invoke('team.publishBoard', { locationId: anaLocation?.id ?? '', boardId: anaBoard.id })
      const benLocation = (await ben.api.invoke('locations.list', {}))[0]
      expect(await ben.api.invoke('team.sync', { id: benLocation?.id ?? '' })).toMatchObject({ added: 2 })
      const benBoard = (await ben.api.invoke('boards.list', {})).find((b) => b.name === 'Far away')
      expect(benBoard?.count).toBe(2)
      for (const bytes of shots) expect(originalsOn(ben).has(sha(bytes))).toBe(false)

      // The location goes away (a NAS unmounted, a server down), then the board is exported.
      expect(await answers(place)).toBe(true)
      await place.away()
      const ended = new Map<string, ExportProgress>()
      const off = ben.api.on('gallery.exportProgress', (progress) => {
        if (progress.status !== 'running') ended.set(progress.exportId, progress)
      })
      try {
        expect(await answers(place)).toBe(false)
        const started = await ben.api.invoke('gallery.export', {
          selection: { kind: 'filter', filter: { boardIds: [benBoard?.id ?? ''] } },
          format: 'zip'
        })
        await expect.poll(() => ended.get(started.exportId)?.status, { timeout: 20_000 }).toBe('failed')
        const error = ended.get(started.exportId)?.error
        expect(error?.code).toBe('gallery.team_files_away')
        expect(error?.message).toBe(
          'The full files of the selected images are on the team location, which can’t be reached right now. Try again when it’s back.'
        )
        expect(error?.message).not.toMatch(/missing|could not be written/)
        // By its sentence, so a window in 简体中文 says it in its own words.
        expect(error?.words?.code).toBe('teamFilesAway')
        for (const bytes of shots) expect(originalsOn(ben).has(sha(bytes))).toBe(false)
      } finally {
        off()
        await place.back()
      }
      expect(await answers(place)).toBe(true)
      // Back: the same export brings the files and succeeds.
      const again = await ben.api.invoke('gallery.export', {
        selection: { kind: 'filter', filter: { boardIds: [benBoard?.id ?? ''] } },
        format: 'zip'
      })
      expect(await exportFinished(ben, again.exportId)).toMatchObject({ status: 'succeeded', done: 2 })
      for (const bytes of shots) expect(originalsOn(ben).has(sha(bytes))).toBe(true)
    }, 60_000)
  }
)
