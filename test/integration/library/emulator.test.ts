import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/emulator'
import type { Db } from '../../../src/main/db/connection'
import { MediaError } from '../../../src/main/library/errors'
import { Library } from '../../../src/main/library/store'
import { makeTempDir } from '../../helpers/tempDir'
import { openLibraryDb, storedFile, verifyAll } from '../../unit/main/library/helpers'
import { systemClock } from '../../../src/main/time/clock'
import { DiskMediaStore } from '../../../src/main/library/diskStore'

const STEP = 10_000
const TTL = 60_000
let emu: RunningEmulator
let temp: ReturnType<typeof makeTempDir>
let db: Db
let library: Library

beforeAll(async () => {
  // Long task phases: only advance() moves them; hosted URLs live 60 s on the emulator's clock.
  emu = await startEmulator({ timing: { taskQueuedMs: STEP, taskRunningMs: STEP }, urlTtlMs: TTL })
})
afterAll(() => emu.stop())
beforeEach(() => {
  temp = makeTempDir('gs-emu-lib-')
  db = openLibraryDb(join(temp.dir, 'studio.db'))
  library = new Library(db, new DiskMediaStore(join(temp.dir, 'library')), { clock: systemClock })
  emu.faults.clear()
})
afterEach(async () => {
  // Thumbnails are made after a store answers: let them finish before the database closes.
  await library.idle()
  db.close()
  temp.cleanup()
})

/** The gateway side of the test (what the task engine does): authenticated JSON calls. */
async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(emu.baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${emu.keys.ordinary}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  expect(res.status, `${method} ${path}`).toBe(200)
  return (await res.json()) as T
}

interface ImageSet {
  data: { url?: string; b64_json?: string }[]
}
interface Task {
  id: string
  status: string
  data?: { url: string }[]
  result?: { video_url?: string; url?: string } | null
}

const loop = { allowLoopback: true } as const

const compat = (extra: Record<string, unknown> = {}) =>
  call<ImageSet>('POST', '/v1/images/generations', {
    model: 'studio-image-compat',
    prompt: 'a red fox',
    size: '256x256',
    ...extra
  })
const partnerB = () =>
  call<ImageSet>('POST', '/v1/images/partner-b', { model: 'wan-image', prompt: 'x', size: '768x768' })

/** Result-file requests in the emulator's log, with whether they carried an Authorization header. */
const fileRequests = () => emu.requestLog.filter((e) => e.path.startsWith('/files/'))

describe('results hosted by the emulator', () => {
  it('stores v1 PNG/JPEG/WebP URLs and a b64_json image with the right type and size', async () => {
    const png = await compat()
    const jpeg = await compat({ size: '512x512', output_format: 'jpeg' })
    const webp = await compat({ output_format: 'webp' })
    const b64 = await compat({ prompt: 'a blue whale', response_format: 'b64_json' })
    const a = await library.storeDownload(png.data[0]?.url ?? '', loop)
    const b = await library.storeDownload(jpeg.data[0]?.url ?? '', loop)
    const c = await library.storeDownload(webp.data[0]?.url ?? '', loop)
    const d = await library.storeBase64(b64.data[0]?.b64_json ?? '')
    expect(a).toMatchObject({ mime: 'image/png', width: 256, height: 256 })
    expect(b).toMatchObject({ mime: 'image/jpeg', width: 512, height: 512 })
    expect(c).toMatchObject({ mime: 'image/webp', width: 256, height: 256 })
    expect(d).toMatchObject({ mime: 'image/png', width: 256, height: 256 })
    expect(await sharp((await storedFile(library, `${b.id}_thumb`, true))?.file).metadata()).toMatchObject({
      format: 'webp',
      width: 384,
      height: 384
    })
    expect(await verifyAll(db, library)).toEqual({ rows: 4, bad: [] })
  })

  it('stores a v2 task result and a video task result once they succeed', async () => {
    const image = await call<Task>('POST', '/v2/images/generations', {
      model: 'studio-image-async',
      prompt: 'a castle',
      size: '16:9',
      resolution: '1K'
    })
    const video = await call<Task>('POST', '/v1/videos/generations', {
      model: 'seedance-video',
      prompt: 'a castle',
      duration: 2
    })
    emu.advance(2 * STEP)
    const doneImage = await call<Task>('GET', `/v2/images/generations/${image.id}`)
    const doneVideo = await call<Task>('GET', `/v1/videos/generations/${video.id}`)
    expect([doneImage.status, doneVideo.status]).toEqual(['succeeded', 'succeeded'])
    const img = await library.storeDownload(doneImage.data?.[0]?.url ?? '', { ...loop, expect: 'image' })
    const mp4 = await library.storeDownload(doneVideo.result?.video_url ?? '', { ...loop, expect: 'video' })
    expect(img).toMatchObject({ mime: 'image/png', width: 1024, height: 576 })
    expect(mp4).toMatchObject({ mime: 'video/mp4', width: 320, height: 180, durationMs: 2000 })
    expect(mp4.path).toMatch(/\.mp4$/)
    expect(await sharp((await storedFile(library, `${mp4.id}_thumb`, true))?.file).metadata()).toMatchObject({
      width: 384,
      height: 216
    })
    expect(await verifyAll(db, library)).toEqual({ rows: 2, bad: [] })
  })

  it('never sends Authorization to /files (the emulator log says so for every result request) [P30]', async () => {
    emu.clearLog()
    const s = await partnerB()
    await library.storeDownload(s.data[0]?.url ?? '', loop)
    const files = fileRequests()
    expect(files).toHaveLength(1)
    expect(files.map((f) => f.authPresent)).toEqual([false])
    // The gateway call before it did carry the key, so the log would show a leak.
    expect(emu.requestLog.filter((e) => e.authPresent).length).toBeGreaterThan(0)
  })
})

describe('expiring URLs', () => {
  it('an expired partner-b link is `expired`, not a crash [P26]', async () => {
    const s = await partnerB()
    emu.advance(TTL + 1)
    const error = await library.storeDownload(s.data[0]?.url ?? '', loop).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MediaError)
    expect(error).toMatchObject({ kind: 'expired', status: 403 })
  })

  it('a tampered signature and an unknown file are `expired` too (403 / 404 from the host) [P26]', async () => {
    const s = await partnerB()
    const url = new URL(s.data[0]?.url ?? '')
    url.searchParams.set('Signature', 'forged')
    await expect(library.storeDownload(url.toString(), loop)).rejects.toMatchObject({
      kind: 'expired',
      status: 403
    })
    await expect(
      library.storeDownload(`${emu.origin}/files/${'0'.repeat(32)}.png`, loop)
    ).rejects.toMatchObject({
      kind: 'expired',
      status: 404
    })
  })
})
