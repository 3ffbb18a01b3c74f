import { createHash } from 'node:crypto'
import { mkdirSync, renameSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_FILE } from '../../../src/main/dataFolder/database'
import type { LocationSettings } from '../../../src/shared/schemas/locations'
import { startTestBackend, type TestBackend } from '../../helpers/backend'
import { startCuttingProxy, type CuttingProxy } from '../../helpers/cuttingProxy'
import { startS3Server, type S3TestServer } from '../../helpers/s3Server'
import { makeTempDir } from '../../helpers/tempDir'

const png = (r: number): Promise<Buffer> =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: { r, g: 80, b: 160 } } })
    .png()
    .toBuffer()

const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex')

describe.each(['a shared folder', 'a bucket'] as const)(
  'deleting a team image, plainly or for everyone, with %s [P52]',
  (kind) => {
    const temp = makeTempDir('gs-team-deletes-')
    let s3: S3TestServer | null = null
    /** In front of the bucket, cutting nothing: stopped, the bucket is out of reach. */
    let relay: CuttingProxy | null = null
    let ana: TestBackend
    let ben: TestBackend
    let settings: LocationSettings
    const shared = join(temp.dir, 'shared')
    const credentials = () =>
      kind === 'a bucket' ? ({ kind: 's3', accessKeyId: 'S3RVER', secretAccessKey: 'secret' } as const) : null
    let anaLocation = ''
    let benLocation = ''
    /** Ana's images on Picks (the first three) and Ben's own on Refs (the last), by content hash. */
    const image = (): { bytes: Buffer; sha: string } => ({ bytes: Buffer.alloc(0), sha: '' })
    const [a1, a2, a3, b1] = [image(), image(), image(), image()]
    const images = [a1, a2, a3, b1]

    beforeAll(async () => {
      for (const [i, one] of images.entries()) {
        one.bytes = await png(30 + i * 40)
        one.sha = sha(one.bytes)
      }
      if (kind === 'a bucket') {
        s3 = await startS3Server({ buckets: ['team-deletes'] })
        relay = await startCuttingProxy({ targetPort: s3.port, marker: '', afterBytes: 0, times: 0 })
        settings = {
          kind: 's3',
          endpoint: relay.endpoint,
          region: 'us-east-1',
          bucket: 'team-deletes',
          prefix: 'studio/',
          pathStyle: true
        }
      } else {
        mkdirSync(shared)
        settings = { kind: 'folder', path: shared }
      }
      ana = startTestBackend(temp.dir, 'ana')
      ben = startTestBackend(temp.dir, 'ben')
    })
    afterAll(async () => {
      await Promise.all([ana.backend.close(), ben.backend.close()])
      await relay?.stop()
      await s3?.stop()
      temp.cleanup()
    })

    /** A gallery's images as the content hashes of their files, with their gallery ids. */
    const gallery = async (studio: TestBackend, boardId?: string): Promise<Map<string, string>> => {
      const page = await studio.api.invoke('gallery.query', {
        filter: boardId ? { boardIds: [boardId] } : {},
        limit: 100
      })
      const out = new Map<string, string>()
      for (const item of page.items) {
        const media = await studio.backend.resolveMedia(item.mediaId)
        if (media) out.set(sha(await readFile(media.file)), item.id)
      }
      return out
    }
    const boardNamed = async (studio: TestBackend, name: string): Promise<string> => {
      const board = (await studio.api.invoke('boards.list', {})).find((b) => b.name === name)
      if (!board) throw new Error(`no board ${name}`)
      return board.id
    }
    const idOf = async (studio: TestBackend, image: { sha: string }): Promise<string> => {
      const id = (await gallery(studio)).get(image.sha)
      if (!id) throw new Error('the image is not in the gallery')
      return id
    }
    const syncBoth = async (): Promise<void> => {
      await ana.api.invoke('team.sync', { id: anaLocation })
      await ben.api.invoke('team.sync', { id: benLocation })
    }

    it('shares Ana’s board and Ben’s, each with the other', async () => {
      const added = await ana.api.invoke('gallery.importFiles', {
        files: [a1, a2, a3].map((image, i) => ({ name: `a${i}.png`, data: image.bytes.toString('base64') }))
      })
      const picks = await ana.api.invoke('boards.create', { name: 'Picks' })
      await ana.api.invoke('boards.add', { boardId: picks.id, selection: { kind: 'ids', ids: added.added } })
      anaLocation = (
        await ana.api.invoke('locations.save', { name: 'Studio', settings, credentials: credentials() })
      ).id
      await ana.api.invoke('team.publishBoard', { locationId: anaLocation, boardId: picks.id })

      benLocation = (
        await ben.api.invoke('locations.save', { name: 'Studio', settings, credentials: credentials() })
      ).id
      expect(await ben.api.invoke('team.sync', { id: benLocation })).toMatchObject({ added: 3 })
      const own = await ben.api.invoke('gallery.importFiles', {
        files: [{ name: 'ben.png', data: b1.bytes.toString('base64') }]
      })
      const refs = await ben.api.invoke('boards.create', { name: 'Refs' })
      await ben.api.invoke('boards.add', { boardId: refs.id, selection: { kind: 'ids', ids: own.added } })
      await ben.api.invoke('team.publishBoard', { locationId: benLocation, boardId: refs.id })
      expect(await ana.api.invoke('team.sync', { id: anaLocation })).toMatchObject({ added: 1 })

      expect([...(await gallery(ana)).keys()].sort()).toEqual(images.map((i) => i.sha).sort())
      expect([...(await gallery(ben)).keys()].sort()).toEqual(images.map((i) => i.sha).sort())
    })

    it('(a) a plain delete says it takes the image off the team board, and does: the teammate keeps it', async () => {
      const picks = await boardNamed(ana, 'Picks')
      const selection = { kind: 'ids' as const, ids: [await idOf(ana, a1)] }
      expect(await ana.api.invoke('team.deleteImpact', { selection })).toEqual({
        onBoards: 1,
        boards: [{ locationId: anaLocation, location: 'Studio', boardId: picks, board: 'Picks', images: 1 }],
        inLibrary: 1
      })
      await ana.api.invoke('gallery.delete', { selection, confirm: true })
      await syncBoth()

      const benPicks = await boardNamed(ben, 'Picks')
      expect([...(await gallery(ben, benPicks)).keys()].sort()).toEqual([a2.sha, a3.sha].sort())
      expect((await gallery(ben)).has(a1.sha)).toBe(true)
      // Nor does a sync bring it back to Ana: the team library still holds it, and she deleted it.
      expect((await gallery(ana)).has(a1.sha)).toBe(false)
    })

    it('(b) a delete for everyone takes a teammate’s copy out of their gallery at their next sync', async () => {
      const removed: string[] = []
      const off = ben.api.on('gallery.removed', (event) => removed.push(...event.ids))
      const bensCopy = await idOf(ben, a2)
      await ana.api.invoke('gallery.delete', {
        selection: { kind: 'ids', ids: [await idOf(ana, a2)] },
        confirm: true,
        forEveryone: true
      })
      await ana.api.invoke('team.sync', { id: anaLocation })
      expect(await ben.api.invoke('team.sync', { id: benLocation })).toMatchObject({ removed: 1 })
      off()

      expect((await gallery(ben)).has(a2.sha)).toBe(false)
      expect(removed).toEqual([bensCopy])
      // The library file went with it, as with the designer's own Delete.
      const db = new Database(join(ben.dataDir, DATABASE_FILE), { readonly: true })
      const left = db.prepare('SELECT COUNT(*) AS n FROM media WHERE sha256 = ?').get(a2.sha) as { n: number }
      db.close()
      expect(left.n).toBe(0)
      // A second sync deletes nothing more.
      expect(await ben.api.invoke('team.sync', { id: benLocation })).toMatchObject({ removed: 0 })
    })

    it('(c) an image Ben made and shared stays in his gallery when Ana deletes it for everyone', async () => {
      const anaRefs = await boardNamed(ana, 'Refs')
      const selection = { kind: 'ids' as const, ids: [await idOf(ana, b1)] }
      expect(await ana.api.invoke('team.deleteImpact', { selection })).toMatchObject({
        onBoards: 1,
        boards: [{ board: 'Refs', location: 'Studio', boardId: anaRefs }],
        inLibrary: 1
      })
      await ana.api.invoke('gallery.delete', { selection, confirm: true, forEveryone: true })
      await ana.api.invoke('team.sync', { id: anaLocation })
      expect(await ben.api.invoke('team.sync', { id: benLocation })).toMatchObject({ removed: 0 })

      expect((await gallery(ben)).has(b1.sha)).toBe(true)
      // It left the team board: it is no longer the team's.
      expect((await gallery(ben, await boardNamed(ben, 'Refs'))).size).toBe(0)
      expect((await gallery(ana)).has(b1.sha)).toBe(false)
    })

    it('(d) a delete for everyone made while the location is out of reach goes out with the next sync', async () => {
      const away = join(temp.dir, 'away')
      if (relay) await relay.stop()
      else renameSync(shared, away)
      await ana.api.invoke('gallery.delete', {
        selection: { kind: 'ids', ids: [await idOf(ana, a3)] },
        confirm: true,
        forEveryone: true
      })
      await expect(ana.api.invoke('team.sync', { id: anaLocation })).rejects.toMatchObject({
        code: relay ? 'location.unreachable' : 'location.missing'
      })
      if (kind === 'a shared folder') {
        // Still asked, in Ana's database: nothing was sent, and nothing said it should be forgotten.
        const db = new Database(join(ana.dataDir, DATABASE_FILE), { readonly: true })
        expect(db.prepare('SELECT sha256 FROM team_deletes').all()).toEqual([{ sha256: a3.sha }])
        db.close()
      }
      // Ana quits and starts again before the location is back.
      await ana.backend.close()
      ana = startTestBackend(temp.dir, 'ana')
      if (relay) await relay.start()
      else renameSync(away, shared)

      expect(await ana.api.invoke('team.sync', { id: anaLocation })).toMatchObject({ pushed: 1 })
      expect(await ben.api.invoke('team.sync', { id: benLocation })).toMatchObject({ removed: 1 })
      expect((await gallery(ben)).has(a3.sha)).toBe(false)
      expect((await gallery(ben, await boardNamed(ben, 'Picks'))).size).toBe(0)
      const db = new Database(join(ana.dataDir, DATABASE_FILE), { readonly: true })
      expect(db.prepare('SELECT COUNT(*) AS n FROM team_deletes').get()).toEqual({ n: 0 })
      db.close()
    })
  }
)
