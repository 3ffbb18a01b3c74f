import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/emulator'
import { sentences } from '../../../src/shared/sentences'
import { connectToEmulator, FAST_POLICY, startTestBackend, type TestBackend } from '../../helpers/backend'
import { makeTempDir } from '../../helpers/tempDir'

const v3 = (prompt: string) => ({ endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt } }) as const
const IMAGES = 'POST /v3/images/generations'
const REFUSED = {
  status: 400,
  error: { type: 'invalid_request_error', code: 'invalid_request', message: 'Try another prompt.' }
}

describe('a batch published to a shared folder reaches a teammate as a board named after it [P42]', () => {
  const temp = makeTempDir('gs-team-batch-')
  let emulator: RunningEmulator
  let ana: TestBackend
  let ben: TestBackend
  let anaLocation = ''
  let benLocation = ''
  let batchId = ''
  let boardId = ''

  beforeAll(async () => {
    emulator = await startEmulator()
    // One image at a time: the gateway's refusal below falls on the batch's first job.
    ana = startTestBackend(temp.dir, 'ana', { ...FAST_POLICY, concurrency: { image: 1 } })
    ben = startTestBackend(temp.dir, 'ben')
    await connectToEmulator(ana, emulator.baseUrl, emulator.keys.ordinary)
    const settings = { kind: 'folder', path: join(temp.dir, 'shared') } as const
    mkdirSync(settings.path)
    anaLocation = (await ana.api.invoke('locations.save', { name: 'Team', settings, credentials: null })).id
    benLocation = (await ben.api.invoke('locations.save', { name: 'Team', settings, credentials: null })).id
  })
  afterAll(async () => {
    await Promise.all([ana.backend.close(), ben.backend.close()])
    await emulator.stop()
    temp.cleanup()
  })

  /** The batch's stored images, as its contact sheet lists them. */
  const storedOf = async (studio: TestBackend, id: string): Promise<string[]> =>
    (await studio.api.invoke('batches.sheet', { id })).jobs
      .flatMap((job) => job.results.filter((r) => r.status === 'stored').map((r) => r.id))
      .sort()
  const onBoard = async (studio: TestBackend, id: string): Promise<string[]> =>
    (await studio.api.invoke('gallery.query', { filter: { boardIds: [id] } })).items.map((i) => i.id).sort()
  const benKites = async () => (await ben.api.invoke('boards.list', {})).filter((b) => b.name === 'Kites')

  it('says a batch with no finished image has nothing to publish, and makes no board of it', async () => {
    emulator.faults.always(IMAGES, REFUSED)
    const empty = await ana.api.invoke('jobs.submitGroup', {
      name: 'Refused',
      screen: 'images',
      requests: [v3('a'), v3('b')]
    })
    await ana.backend.engine.waitForIdle()
    emulator.faults.clear(IMAGES)
    await expect(
      ana.api.invoke('team.publishBatch', { locationId: anaLocation, batchId: empty.group.id })
    ).rejects.toMatchObject({ code: 'invalid_input', message: sentences.batchNoImages })
    expect(await ana.api.invoke('boards.list', {})).toEqual([])
    expect(await ana.api.invoke('team.boards', {})).toEqual([])
  })

  it('publishes exactly the batch’s stored images as a board a teammate syncs in', async () => {
    emulator.faults.script(IMAGES, REFUSED)
    const sent = await ana.api.invoke('jobs.submitGroup', {
      name: 'Kites',
      screen: 'images',
      requests: [v3('a red kite'), v3('a green kite'), v3('a blue kite')]
    })
    batchId = sent.group.id
    await ana.backend.engine.waitForIdle()
    const stored = await storedOf(ana, batchId)
    expect(stored).toHaveLength(2)
    // A location that is gone is refused before a board is made for it.
    await expect(
      ana.api.invoke('team.publishBatch', { locationId: 'no-such-location', batchId })
    ).rejects.toMatchObject({ code: 'not_found', message: sentences.locationGone })
    expect(await ana.api.invoke('boards.list', {})).toEqual([])

    const published = await ana.api.invoke('team.publishBatch', { locationId: anaLocation, batchId })
    expect(published).toMatchObject({ board: 'Kites', images: 2, pushed: 1 })
    boardId = published.boardId
    expect(await onBoard(ana, boardId)).toEqual(stored)
    expect(await ana.api.invoke('team.boards', {})).toEqual([{ boardId, locationId: anaLocation }])

    expect(await ben.api.invoke('team.sync', { id: benLocation })).toMatchObject({ added: 2 })
    const [board] = await benKites()
    expect(board?.count).toBe(2)
    const prompts = await Promise.all(
      (await onBoard(ben, board?.id ?? '')).map(
        async (id) => (await ben.api.invoke('gallery.get', { id })).prompt
      )
    )
    expect(prompts.sort()).toEqual(['a blue kite', 'a green kite'])
  })

  it('gives the board the batch’s images that finish later at the next sync; one taken off stays off', async () => {
    expect(await ana.api.invoke('groups.retryFailed', { id: batchId })).toMatchObject({ retried: 1 })
    await ana.backend.engine.waitForIdle()
    const stored = await storedOf(ana, batchId)
    expect(stored).toHaveLength(3)
    // Not on the board until a sync reads the gallery (under the location's lock).
    expect(await onBoard(ana, boardId)).toHaveLength(2)
    await ana.api.invoke('team.sync', { id: anaLocation })
    expect(await onBoard(ana, boardId)).toEqual(stored)
    await ben.api.invoke('team.sync', { id: benLocation })
    expect((await benKites())[0]?.count).toBe(3)

    // Ana takes one off: it leaves the team board and does not come back at later syncs.
    await ana.api.invoke('boards.remove', {
      boardId,
      selection: { kind: 'ids', ids: [stored[0] ?? ''] }
    })
    await ana.api.invoke('team.sync', { id: anaLocation })
    await ana.api.invoke('team.sync', { id: anaLocation })
    expect(await onBoard(ana, boardId)).toEqual(stored.slice(1))
    await ben.api.invoke('team.sync', { id: benLocation })
    expect((await benKites())[0]?.count).toBe(2)
  })

  it('publishes the same board again, never a second one', async () => {
    const again = await ana.api.invoke('team.publishBatch', { locationId: anaLocation, batchId })
    expect(again).toMatchObject({ boardId, board: 'Kites', images: 2 })
    expect((await ana.api.invoke('boards.list', {})).map((b) => b.name)).toEqual(['Kites'])
    await ben.api.invoke('team.sync', { id: benLocation })
    expect(await benKites()).toHaveLength(1)
    expect((await ben.api.invoke('boards.list', {})).map((b) => b.name)).toEqual(['Kites'])
  })
})
