import { readFileSync } from 'node:fs'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/emulator'
import type { ExportProgress } from '../../../src/shared/schemas/gallery'
import { connectToEmulator, startTestBackend, type TestBackend } from '../../helpers/backend'
import { makeTempDir } from '../../helpers/tempDir'

describe('boards over the contract (issue 14)', () => {
  const temp = makeTempDir('gs-boards-int-')
  let emulator: RunningEmulator
  let studio: TestBackend

  beforeAll(async () => {
    emulator = await startEmulator()
    studio = startTestBackend(temp.dir)
    await connectToEmulator(studio, emulator.baseUrl, emulator.keys.ordinary)
    for (const prompt of ['a red fox in the snow', 'a teapot on a table', 'a lighthouse at dawn']) {
      await studio.api.invoke('jobs.submit', {
        request: { endpoint: 'imagesV1', body: { model: 'studio-image-compat', prompt } }
      })
    }
    await studio.backend.engine.waitForIdle()
  })
  afterAll(async () => {
    await studio.backend.close()
    await emulator.stop()
    temp.cleanup()
  })

  it('makes a board, fills it from a search, exports it, and finds it again after a restart', async () => {
    const board = await studio.api.invoke('boards.create', { name: '  Client picks ' })
    expect(board).toMatchObject({ name: 'Client picks', count: 0 })
    await expect(studio.api.invoke('boards.create', { name: 'client PICKS' })).rejects.toThrow(
      /already a board called “client PICKS”\. Pick another name\./
    )
    await expect(studio.api.invoke('boards.create', { name: '   ' })).rejects.toThrow(/needs a name/)

    const added = await studio.api.invoke('boards.add', {
      boardId: board.id,
      selection: { kind: 'filter', filter: { text: 'fox teapot' }, except: [] }
    })
    expect(added.changed).toBe(0)
    const foxes = await studio.api.invoke('boards.add', {
      boardId: board.id,
      selection: { kind: 'filter', filter: { text: 'fox' } }
    })
    const teapot =
      (await studio.api.invoke('gallery.query', { filter: { text: 'teapot' } })).items[0]?.id ?? ''
    const both = await studio.api.invoke('boards.add', {
      boardId: board.id,
      selection: { kind: 'ids', ids: [teapot] }
    })
    expect([foxes.changed, both.changed, both.board.count]).toEqual([1, 1, 2])

    const shown = await studio.api.invoke('gallery.query', { filter: { boardIds: [board.id] } })
    expect(shown.matching).toBe(2)

    // Export by board: the board's filter is the selection.
    const started = await studio.api.invoke('gallery.export', {
      selection: { kind: 'filter', filter: { boardIds: [board.id] } },
      format: 'zip',
      timeZone: 'UTC'
    })
    const done = await new Promise<ExportProgress>((resolve) => {
      const off = studio.api.on('gallery.exportProgress', (progress) => {
        if (progress.exportId === started.exportId && progress.status !== 'running') {
          off()
          resolve(progress)
        }
      })
    })
    expect(done.status).toBe('succeeded')
    const files = unzipSync(readFileSync(done.path ?? ''))
    const manifest = JSON.parse(Buffer.from(files['manifest.json'] ?? []).toString('utf8')) as {
      images: { prompt: string }[]
    }
    expect(manifest.images.map((image) => image.prompt).sort()).toEqual([
      'a red fox in the snow',
      'a teapot on a table'
    ])

    await expect(
      studio.api.invoke('boards.add', { boardId: 'gone', selection: { kind: 'ids', ids: [teapot] } })
    ).rejects.toThrow(/no longer exists/)

    // Boards live in the studio's database: a new backend on the same data folder has them.
    await studio.backend.close()
    studio = startTestBackend(temp.dir)
    const again = await studio.api.invoke('boards.list', {})
    expect(again).toEqual([expect.objectContaining({ id: board.id, name: 'Client picks', count: 2 })])
    const renamed = await studio.api.invoke('boards.rename', { id: board.id, name: 'Final' })
    expect(renamed.name).toBe('Final')
    expect(await studio.api.invoke('boards.delete', { id: board.id })).toEqual({ deleted: true })
    expect((await studio.api.invoke('gallery.query', { filter: {} })).matching).toBe(3)
  })
})
