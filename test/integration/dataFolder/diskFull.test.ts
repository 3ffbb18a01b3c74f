import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/emulator'
import type { StorageState } from '../../../src/shared/schemas/app'
import type { JobView } from '../../../src/shared/schemas/jobs'
import { connectToEmulator, startTestBackend, type TestBackend } from '../../helpers/backend'
import { canMount, fillDisk, mountTmpfs } from '../../helpers/mounts'
import { makeTempDir } from '../../helpers/tempDir'

const until = async (
  what: string,
  test: () => Promise<boolean> | boolean,
  timeoutMs = 20_000
): Promise<void> => {
  const end = Date.now() + timeoutMs
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * The disk under the data folder fills up while work is under way (issue 23, 6): before, a download said
 * "connection failed (ENOSPC)" while its job showed succeeded, and commands said "Something went wrong
 * inside the app". A real 48 MB tmpfs is filled for real.
 */
describe.skipIf(!canMount())('a full disk under the data folder [P47]', () => {
  const temp = makeTempDir('gs-diskfull-')
  const disk = join(temp.dir, 'disk')
  let unmount: () => void = () => undefined
  let emulator: RunningEmulator
  let studio: TestBackend

  beforeAll(async () => {
    unmount = mountTmpfs(disk, 48 * 1024 * 1024)
    emulator = await startEmulator()
    studio = startTestBackend(disk, 'data')
    await connectToEmulator(studio, emulator.baseUrl, emulator.keys.ordinary)
  })
  afterAll(async () => {
    await studio.backend.close()
    await emulator.stop()
    unmount()
    temp.cleanup()
  })

  it('is said once and plainly, refuses commands in words, and downloads resume by themselves once there is room', async () => {
    const states: StorageState[] = []
    studio.backend.subscribe((name, payload) => {
      if (name === 'app.storageChanged') states.push(payload as StorageState)
    })
    // The result's file is served late, so the disk is full by the time it arrives.
    emulator.faults.script('GET /files/*', { delayMs: 1_000 })
    const job = await studio.api.invoke('jobs.submit', {
      request: { endpoint: 'partnerB', body: { model: 'wan-image', prompt: 'a full disk', size: '1K' } }
    })
    await until('the gateway to answer', async () => {
      const view = await studio.api.invoke('jobs.get', { id: job.id })
      return view.results.length > 0
    })
    const filler = join(disk, 'filler')
    fillDisk(filler)

    await until('the disk to be said full', () => states.length > 0)
    expect(states[0]).toEqual({ fault: 'full', path: studio.dataDir })
    // Held, and never said to be the network's fault. (Its row says so too when the database can still
    // write; on a disk without one free byte it cannot, and the banner alone says it.)
    const held: JobView = await studio.api.invoke('jobs.get', { id: job.id })
    expect(held.results[0]?.status).toBe('pending')
    expect(held.results[0]?.error?.code ?? 'download_storage').toBe('download_storage')

    // A command that must write is refused with the disk's words, not "something went wrong".
    const sentence = `The disk holding your library is full (${studio.dataDir}). Free some space; downloads resume by themselves.`
    for (const refused of [
      await studio.api.call('boards.create', { name: 'Full disk' }),
      await studio.api.call('presets.save', { screen: 'images', name: 'Full', payload: { prompt: 'x' } }),
      await studio.api.call('jobs.submit', {
        request: { endpoint: 'partnerB', body: { model: 'wan-image', prompt: 'no room', size: '1K' } }
      })
    ]) {
      expect(refused).toMatchObject({ ok: false, error: { code: 'storage.full', message: sentence } })
    }
    expect(await studio.api.invoke('app.storage', {})).toEqual({ fault: 'full', path: studio.dataDir })
    // Said once, however many retries met the full disk.
    expect(states).toEqual([{ fault: 'full', path: studio.dataDir }])

    rmSync(filler)
    await until('the result to be stored', async () => {
      const view = await studio.api.invoke('jobs.get', { id: job.id })
      return view.results[0]?.status === 'stored'
    })
    await until('the banner to clear', () => states.at(-1) === null)
    expect(states).toEqual([{ fault: 'full', path: studio.dataDir }, null])
  }, 60_000)

  it('clears the banner by itself once the disk has room again, with nothing waiting to be saved', async () => {
    const states: StorageState[] = []
    const off = studio.backend.subscribe((name, payload) => {
      if (name === 'app.storageChanged') states.push(payload as StorageState)
    })
    const filler = join(disk, 'filler-2')
    fillDisk(filler)
    expect(await studio.api.call('boards.create', { name: 'Still full' })).toMatchObject({
      ok: false,
      error: { code: 'storage.full' }
    })
    rmSync(filler)
    // Looked at every 5 s: gone within two looks.
    await until('the banner to clear', () => states.at(-1) === null, 12_000)
    expect(states).toEqual([{ fault: 'full', path: studio.dataDir }, null])
    expect(await studio.api.invoke('boards.create', { name: 'Room again' })).toMatchObject({
      name: 'Room again'
    })
    off()
  }, 30_000)
})
