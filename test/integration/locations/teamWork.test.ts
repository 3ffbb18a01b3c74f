import { mkdirSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import type { TeamWork } from '../../../src/shared/schemas/locations'
import { startTestBackend } from '../../helpers/backend'
import { makeTempDir } from '../../helpers/tempDir'

const png = (r: number): Promise<Buffer> =>
  sharp({ create: { width: 20, height: 12, channels: 3, background: { r, g: 90, b: 30 } } })
    .png()
    .toBuffer()

/** No automatic sync in the middle of the test: every event seen is of the work the test asked for. */
const NO_AUTO_SYNC_MS = 24 * 3600 * 1000

describe('the Queue sees team sync work like any other job', () => {
  const temp = makeTempDir('gs-team-work-')
  afterAll(() => temp.cleanup())

  it('says each step of a publish and a sync with its progress, then when it last synced; a failure stays until a sync succeeds', async () => {
    const shared = join(temp.dir, 'shared')
    mkdirSync(shared)
    const ana = startTestBackend(temp.dir, 'ana', undefined, { teamSyncEveryMs: NO_AUTO_SYNC_MS })
    const ben = startTestBackend(temp.dir, 'ben', undefined, { teamSyncEveryMs: NO_AUTO_SYNC_MS })
    try {
      const files = await Promise.all([10, 20, 30, 40, 50].map(png))
      const report = await ana.api.invoke('gallery.importFiles', {
        files: files.map((bytes, i) => ({ name: `shot-${i}.png`, data: bytes.toString('base64') }))
      })
      const board = await ana.api.invoke('boards.create', { name: 'Launch' })
      await ana.api.invoke('boards.add', { boardId: board.id, selection: { kind: 'ids', ids: report.added } })
      const anaLocation = await ana.api.invoke('locations.save', {
        name: 'Studio share',
        settings: { kind: 'folder', path: shared },
        credentials: null
      })
      expect(await ana.api.invoke('team.work', {})).toEqual([])

      const anaSaw: TeamWork[] = []
      ana.api.on('team.work', (work) => anaSaw.push(work))
      await ana.api.invoke('team.publishBoard', { locationId: anaLocation.id, boardId: board.id })
      // It started, said it was sending 5 images, and ended with when it reached the location.
      expect(anaSaw[0]).toMatchObject({ name: 'Studio share', doing: 'publish', step: null })
      expect(anaSaw).toContainEqual(expect.objectContaining({ doing: 'publish', step: 'sending', total: 5 }))
      // With their bytes: all five files' sizes, none of them sent yet when the step begins.
      const bytes = files.reduce((sum, file) => sum + file.length, 0)
      expect(anaSaw.find((work) => work.step === 'sending')).toMatchObject({
        bytesDone: 0,
        bytesTotal: bytes
      })
      const published = anaSaw.at(-1)
      expect(published).toMatchObject({ doing: null, failure: null })
      expect(published?.lastSyncedAt).toEqual(expect.any(Number))
      expect(await ana.api.invoke('team.work', {})).toEqual([published])

      // Ben's first sync: teammates' changes read, then the 5 images received, one by one.
      const benLocation = await ben.api.invoke('locations.save', {
        name: 'Studio share',
        settings: { kind: 'folder', path: shared },
        credentials: null
      })
      const benSaw: TeamWork[] = []
      ben.api.on('team.work', (work) => benSaw.push(work))
      expect(await ben.api.invoke('team.sync', { id: benLocation.id })).toMatchObject({ added: 5 })
      const steps = benSaw.map((work) => work.step)
      expect(steps.indexOf('reading')).toBeGreaterThan(-1)
      expect(steps.indexOf('receiving')).toBeGreaterThan(steps.indexOf('reading'))
      expect(benSaw).toContainEqual(expect.objectContaining({ doing: 'sync', step: 'receiving', total: 5 }))
      expect(benSaw.at(-1)).toMatchObject({ doing: null, failure: null })
      const synced = benSaw.at(-1)?.lastSyncedAt

      // The share goes away (a NAS unmounted): the sync fails, and the Queue keeps saying why.
      renameSync(shared, `${shared}-away`)
      await expect(ben.api.invoke('team.sync', { id: benLocation.id })).rejects.toMatchObject({
        code: 'location.missing'
      })
      const [failed] = await ben.api.invoke('team.work', {})
      expect(failed).toMatchObject({
        doing: null,
        failure: { code: 'location.missing', words: { code: 'locationMissing' } }
      })
      expect(failed?.failedAt).toEqual(expect.any(Number))
      // When it last reached the location is still said beside the failure.
      expect(failed?.lastSyncedAt).toBe(synced)

      // Back again: the next sync clears the failure.
      renameSync(`${shared}-away`, shared)
      await ben.api.invoke('team.sync', { id: benLocation.id })
      expect(await ben.api.invoke('team.work', {})).toEqual([
        expect.objectContaining({ doing: null, failure: null, failedAt: null })
      ])

      // A location removed is no longer shown.
      await ben.api.invoke('locations.remove', { id: benLocation.id })
      expect(await ben.api.invoke('team.work', {})).toEqual([])
    } finally {
      await Promise.all([ana.backend.close(), ben.backend.close()])
    }
  }, 60_000)
})
