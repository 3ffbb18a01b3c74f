import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
      if (s3) {
        // Whole-object PUTs (SDK v3 adds `?x-id=PutObject`); a multipart part carries an uploadId.
        const puts = s3.requests
          .filter((r) => r.method === 'PUT' && !r.path.includes('uploadId='))
          .map((r) => r.path.split('?')[0])
        expect(puts.length).toBeGreaterThan(0)
        expect(new Set(puts).size).toBe(puts.length)
      }
    })
  }
)
