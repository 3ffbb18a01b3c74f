import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Agent } from 'undici'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SAMPLE_VIDEO } from '../../../src/emulator/assets/sample-video'
import type { Db } from '../../../src/main/db/connection'
import { downloadMedia } from '../../../src/main/library/download'
import { MediaError } from '../../../src/main/library/errors'
import { Library } from '../../../src/main/library/store'
import { PinnedResolver, type HostLookup } from '../../../src/main/library/urlPolicy'
import { makeTempDir } from '../../helpers/tempDir'
import { image, openLibraryDb, sha256, verifyAll } from '../../unit/main/library/helpers'
import { endless, redirect, serve, startServer, TEST_CERT, type TestServer } from './servers'
import { systemClock } from '../../../src/main/time/clock'
import { DiskMediaStore } from '../../../src/main/library/diskStore'

let http: TestServer
let https: TestServer
let temp: ReturnType<typeof makeTempDir>
let db: Db
let root: string
let library: Library

beforeAll(async () => {
  http = await startServer()
  https = await startServer(true)
})
afterAll(async () => {
  await http.stop()
  await https.stop()
})
beforeEach(() => {
  temp = makeTempDir('gs-dl-')
  db = openLibraryDb(join(temp.dir, 'studio.db'))
  root = join(temp.dir, 'library')
  library = new Library(db, new DiskMediaStore(root), { clock: systemClock })
})
afterEach(async () => {
  // Thumbnails are made after a store answers: let them finish before the database closes.
  await library.idle()
  db.close()
  temp.cleanup()
})

const loop = { allowLoopback: true }

/** Every file under the library root (temp files included). */
function allFiles(dir = root): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? allFiles(join(dir, e.name)) : [join(dir, e.name)]
  )
}

async function failure(promise: Promise<unknown>): Promise<MediaError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(MediaError)
  return error as MediaError
}

/** An agent that trusts the test certificate and still pins addresses through the policy resolver. */
const trustingAgent = (lookup?: HostLookup) =>
  new Agent({
    connect: { ca: TEST_CERT, lookup: new PinnedResolver({ allowLoopback: true, lookup }).lookup }
  })

describe('storing downloads from a result host on 127.0.0.1', () => {
  it('keeps real PNG, JPEG, WebP and MP4 files with their sniffed type and size, whatever the label [P32]', async () => {
    const files = {
      png: await image('png', 640, 480, 1),
      jpg: await image('jpeg', 300, 200, 2),
      webp: await image('webp', 120, 90, 3),
      mp4: SAMPLE_VIDEO.bytes
    }
    http.route('/r/a.png', serve(files.png, 'image/png'))
    http.route('/r/a.jpg', serve(files.jpg, 'application/octet-stream'))
    http.route('/r/a.webp', serve(files.webp, 'text/html'))
    http.route('/r/a.mp4', serve(files.mp4, 'video/mp4'))
    const png = await library.storeDownload(`${http.origin}/r/a.png`, loop)
    const jpg = await library.storeDownload(`${http.origin}/r/a.jpg`, loop)
    const webp = await library.storeDownload(`${http.origin}/r/a.webp`, loop)
    const mp4 = await library.storeDownload(`${http.origin}/r/a.mp4`, { ...loop, expect: 'video' })
    expect(png).toMatchObject({ mime: 'image/png', bytes: files.png.length, width: 640, height: 480 })
    expect(jpg).toMatchObject({ mime: 'image/jpeg', bytes: files.jpg.length, width: 300, height: 200 })
    expect(webp).toMatchObject({ mime: 'image/webp', bytes: files.webp.length, width: 120, height: 90 })
    expect(mp4).toMatchObject({
      mime: 'video/mp4',
      bytes: files.mp4.length,
      width: 320,
      height: 180,
      durationMs: 2000
    })
    expect(png.path).toMatch(new RegExp(`^\\d{4}/\\d{2}/${sha256(files.png)}\\.png$`))
    expect(jpg.path).toMatch(/\.jpg$/)
    expect(readFileSync(join(root, webp.path))).toEqual(files.webp)
    expect(await verifyAll(db, library)).toEqual({ rows: 4, bad: [] })
    // Thumbnails are being made now (after the store answered): none is left half-written once done.
    await library.idle()
    expect(allFiles().filter((f) => f.includes('.tmp-'))).toEqual([])
  })

  it('downloads the same bytes twice into one row and one file', async () => {
    const png = await image('png', 50, 50, 4)
    http.route('/r/dup1.png', serve(png))
    http.route('/r/dup2.png', serve(png))
    const [a, b, c] = await Promise.all([
      library.storeDownload(`${http.origin}/r/dup1.png`, loop),
      library.storeDownload(`${http.origin}/r/dup2.png`, loop),
      library.storeBytes(png)
    ])
    expect(new Set([a?.id, b?.id, c?.id]).size).toBe(1)
    // The file and, once made (after the store answers), its thumbnail.
    await library.idle()
    expect(allFiles()).toHaveLength(2)
  })

  it.each([
    ['HTML', Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['EXE', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)])],
    ['ZIP', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200)])]
  ])('rejects %s labelled image/png and deletes the temp file [P32]', async (name, body) => {
    http.route(`/bad/${name}`, serve(body, 'image/png'))
    const error = await failure(library.storeDownload(`${http.origin}/bad/${name}`, loop))
    expect(error).toMatchObject({ kind: 'rejected', reason: 'bad_type' })
    expect(allFiles()).toEqual([])
    expect((await verifyAll(db, library)).rows).toBe(0)
  })

  it('rejects a video where an image was expected [P32]', async () => {
    http.route('/r/video-not-image', serve(SAMPLE_VIDEO.bytes, 'image/png'))
    const error = await failure(
      library.storeDownload(`${http.origin}/r/video-not-image`, { ...loop, expect: 'image' })
    )
    expect(error.reason).toBe('bad_type')
  })
})

describe('size caps [P31]', () => {
  const CAP = 64 * 1024

  it('refuses a Content-Length over the cap before reading the body', async () => {
    const png = await image('png', 10, 10, 5)
    const big = Buffer.concat([png, Buffer.alloc(CAP)])
    http.route('/cap/declared', serve(big))
    const error = await failure(
      library.storeDownload(`${http.origin}/cap/declared`, { ...loop, maxBytes: CAP })
    )
    expect(error).toMatchObject({ kind: 'rejected', reason: 'too_large', bytesReceived: 0 })
    expect(allFiles()).toEqual([])
  })

  it('aborts an endless body at the cap plus one chunk and closes the connection', async () => {
    const png = await image('png', 10, 10, 6)
    http.route('/cap/endless', endless(png, Buffer.alloc(16 * 1024, 0x41)))
    const closed = http.closed('/cap/endless')
    const error = await failure(
      library.storeDownload(`${http.origin}/cap/endless`, { ...loop, maxBytes: CAP })
    )
    expect(error).toMatchObject({ kind: 'rejected', reason: 'too_large' })
    expect(error.bytesReceived).toBeGreaterThan(CAP)
    expect(error.bytesReceived).toBeLessThanOrEqual(CAP + 64 * 1024)
    await closed
    expect(allFiles()).toEqual([])
  })

  it('a lying Content-Length (small, then an endless body) never lets more than the declared bytes in', async () => {
    const png = await image('png', 200, 200, 7)
    const declared = 1000
    http.route(
      '/cap/lying',
      endless(png.subarray(0, 100), Buffer.alloc(16 * 1024, 0x42), { 'content-length': String(declared) })
    )
    const got = await downloadMedia(`${http.origin}/cap/lying`, {
      now: Date.now,
      ...loop,
      begin: () => new DiskMediaStore(join(temp.dir, 'dl')).begin(''),
      maxBytes: CAP
    })
    expect(got.bytes).toBe(declared)
    expect(readFileSync(got.localFile ?? '').length).toBe(declared)
    await got.discard()
    // Through the library the truncated image does not decode and is not kept.
    const error = await failure(library.storeDownload(`${http.origin}/cap/lying`, { ...loop, maxBytes: CAP }))
    expect(error.reason).toBe('undecodable')
    expect(allFiles()).toEqual([])
  })

  it('the default image cap comes from the sniffed type: a PNG over the small cap is cut', async () => {
    const png = await image('png', 10, 10, 8)
    http.route('/cap/typed', endless(png, Buffer.alloc(16 * 1024, 0x43)))
    const error = await failure(
      library.storeDownload(`${http.origin}/cap/typed`, { ...loop, expect: 'image', maxBytes: 2 * CAP })
    )
    expect(error.bytesReceived).toBeLessThanOrEqual(3 * CAP)
  })
})

describe('redirects [P30]', () => {
  const chain = (prefix: string, hops: number, target: string): string => {
    for (let i = 0; i < hops; i++) {
      const next = i === hops - 1 ? target : `${prefix}${i + 1}`
      http.route(`${prefix}${i}`, redirect(next, [301, 302, 303, 307, 308][i % 5]))
    }
    return `${http.origin}${prefix}0`
  }

  it('follows 5 hops, each re-checked, and refuses a 6th', async () => {
    const png = await image('png', 10, 10, 9)
    http.route('/redir/target.png', serve(png))
    const five = chain('/redir/five-', 5, '/redir/target.png')
    expect((await library.storeDownload(five, loop)).sha256).toBe(sha256(png))
    const before = http.seen.length
    const six = chain('/redir/six-', 6, '/redir/target.png')
    const error = await failure(library.storeDownload(six, loop))
    expect(error).toMatchObject({ kind: 'rejected', reason: 'redirects' })
    // The sixth Location is never requested.
    expect(http.seen.slice(before).map((r) => r.url)).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => `/redir/six-${i}`)
    )
  })

  it('refuses a redirect to a private address or to a host resolving to one, without connecting', async () => {
    http.route('/redir/metadata', redirect('http://169.254.169.254/latest/meta-data/'))
    http.route('/redir/ten', redirect('https://10.0.0.1/a.png'))
    http.route('/redir/name', redirect('https://internal.example.test/a.png'))
    http.route('/redir/file', redirect('file:///etc/passwd'))
    const lookups: string[] = []
    const lookup: HostLookup = (host) => {
      lookups.push(host)
      return Promise.resolve([{ address: '192.168.0.10', family: 4 }])
    }
    const lib = new Library(db, new DiskMediaStore(root), { clock: systemClock, lookup })
    for (const path of ['/redir/metadata', '/redir/ten', '/redir/name', '/redir/file']) {
      const error = await failure(lib.storeDownload(`${http.origin}${path}`, loop))
      expect(error, path).toMatchObject({ kind: 'rejected', reason: 'policy' })
    }
    expect(lookups).toEqual(['internal.example.test'])
  })

  it('refuses https→http, even to loopback', async () => {
    const png = await image('png', 10, 10, 10)
    http.route('/plain.png', serve(png))
    https.route('/secure.png', serve(png))
    https.route('/downgrade', redirect(`${http.origin}/plain.png`))
    https.route('/upgrade-ok', redirect(`${https.origin}/secure.png`))
    const before = http.seen.length
    const error = await failure(
      downloadMedia(`${https.origin}/downgrade`, {
        now: Date.now,
        ...loop,
        begin: () => new DiskMediaStore(join(temp.dir, 'dl')).begin(''),
        dispatcher: trustingAgent()
      })
    )
    expect(error).toMatchObject({ kind: 'rejected', reason: 'policy' })
    expect(http.seen.length).toBe(before)
    // The same agent over https works, so the refusal above is the downgrade, not TLS.
    const ok = await downloadMedia(`${https.origin}/upgrade-ok`, {
      now: Date.now,
      ...loop,
      begin: () => new DiskMediaStore(join(temp.dir, 'dl')).begin(''),
      dispatcher: trustingAgent()
    })
    expect(ok.sha256).toBe(sha256(png))
    await ok.discard()
  })

  it('without allowLoopback nothing on 127.0.0.1 is fetched', async () => {
    http.route('/r/loop.png', serve(await image('png', 10, 10, 11)))
    const before = http.seen.length
    const error = await failure(library.storeDownload(`${http.origin}/r/loop.png`))
    expect(error.reason).toBe('policy')
    expect(http.seen.length).toBe(before)
  })
})

describe('what reaches the result host [P30]', () => {
  it('sends no Authorization, no cookie, only a plain GET', async () => {
    const png = await image('png', 10, 10, 12)
    http.route('/r/headers.png', serve(png))
    http.route('/r/hop', redirect('/r/headers.png'))
    const before = http.seen.length
    await library.storeDownload(`${http.origin}/r/hop`, loop)
    const seen = http.seen.slice(before)
    expect(seen).toHaveLength(2)
    for (const req of seen) {
      expect(req.method).toBe('GET')
      expect(req.headers.authorization).toBeUndefined()
      expect(req.headers.cookie).toBeUndefined()
      expect(req.headers['proxy-authorization']).toBeUndefined()
      expect(req.headers['idempotency-key']).toBeUndefined()
    }
  })
})

describe('failures the caller acts on', () => {
  it.each([
    [403, 'expired'],
    [404, 'expired'],
    [410, 'expired'],
    [401, 'rejected'],
    [400, 'rejected'],
    [408, 'transient'],
    [429, 'transient'],
    [500, 'transient'],
    [502, 'transient'],
    [503, 'transient']
  ])('HTTP %i is %s', async (status, kind) => {
    http.route(`/status/${status}`, (_req, res) => {
      res.writeHead(status, { 'retry-after': '7', 'content-type': 'application/xml' }).end('<Error/>')
    })
    const error = await failure(library.storeDownload(`${http.origin}/status/${status}`, loop))
    expect(error).toMatchObject({ kind, reason: 'http_status', status })
    if (status === 429 || status === 503) expect(error.retryAfterMs).toBe(7000)
    expect(allFiles()).toEqual([])
  })

  it('a result host that never answers is a transient timeout (short idle timeout) [P31]', async () => {
    http.route('/stall/headers', () => {
      /* never answers */
    })
    const error = await failure(
      library.storeDownload(`${http.origin}/stall/headers`, { ...loop, idleTimeoutMs: 150 })
    )
    expect(error).toMatchObject({ kind: 'transient', reason: 'timeout' })
  })

  it('a body that stalls mid-way is a transient timeout, and the temp file is gone [P28][P31]', async () => {
    const png = await image('png', 10, 10, 13)
    http.route('/stall/body', (_req, res) => {
      res.writeHead(200, { 'content-length': String(png.length * 4) })
      res.write(png)
    })
    const error = await failure(
      library.storeDownload(`${http.origin}/stall/body`, { ...loop, idleTimeoutMs: 150 })
    )
    expect(error).toMatchObject({ kind: 'transient', reason: 'timeout' })
    expect(allFiles().filter((f) => f.includes('.tmp-'))).toEqual([])
  })

  it('a connection cut before the declared length is transient', async () => {
    const png = await image('png', 10, 10, 14)
    http.route('/cut', (_req, res) => {
      res.writeHead(200, { 'content-length': String(png.length * 4) })
      res.write(png, () => res.destroy())
    })
    const error = await failure(library.storeDownload(`${http.origin}/cut`, loop))
    expect(error).toMatchObject({ kind: 'transient', reason: 'network' })
  })

  it('a refused connection is transient', async () => {
    const gone = await startServer()
    const url = `${gone.origin}/x.png`
    await gone.stop()
    expect((await failure(library.storeDownload(url, loop))).kind).toBe('transient')
  })

  it('an abort stops the download with the signal reason and leaves no temp file [P28]', async () => {
    const png = await image('png', 10, 10, 15)
    const controller = new AbortController()
    http.route('/abort', (_req, res) => {
      res.writeHead(200, { 'content-length': String(png.length * 4) })
      res.write(png, () => controller.abort(new Error('user cancelled')))
    })
    await expect(
      library.storeDownload(`${http.origin}/abort`, { ...loop, signal: controller.signal })
    ).rejects.toThrow('user cancelled')
    expect(allFiles()).toEqual([])
  })
})
