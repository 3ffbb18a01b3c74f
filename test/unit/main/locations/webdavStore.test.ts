import { createHash, randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync
} from 'node:fs'
import { createServer as createHttpServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import {
  createServer as createTcpServer,
  connect,
  type AddressInfo,
  type Server,
  type Socket
} from 'node:net'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { putContent } from '../../../../src/main/library/mediaStore'
import { LocationError } from '../../../../src/main/locations/errors'
import { WebdavMediaStore, webdavLocationSchema } from '../../../../src/main/locations/webdavStore'
import { makeTempDir } from '../../../helpers/tempDir'
import { startWebdavServer, type WebdavServer } from '../../../helpers/webdavServer'
import { mediaStoreConformance } from '../library/mediaStoreConformance'

const local = makeTempDir('gs-webdav-drafts-')
let server: WebdavServer
let n = 0

beforeAll(async () => {
  server = await startWebdavServer()
})
afterAll(async () => {
  await server.stop()
  local.cleanup()
})

/**
 * Each store gets a new folder of the one server, made beforehand on its disk: the store never makes its
 * base folder (a base that is not there is `missing`), only the folders under it.
 */
function freshStore(options: { url?: string; timeoutMs?: number } = {}): {
  store: WebdavMediaStore
  dir: string
} {
  const name = `lib-${n++}`
  const dir = join(server.dir, name)
  mkdirSync(dir)
  const store = new WebdavMediaStore({ url: `${options.url ?? server.url}${name}` }, server.credentials, {
    draftDir: join(local.dir, name),
    requestTimeoutMs: options.timeoutMs ?? 10_000
  })
  return { store, dir }
}

mediaStoreConformance('the WebDAV store', () => freshStore().store)

async function bytesOf(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null
  const chunks: Buffer[] = []
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk)
  return Buffer.concat(chunks)
}

async function keysOf(store: WebdavMediaStore, prefix?: string): Promise<string[]> {
  const keys: string[] = []
  for await (const object of store.list(prefix)) keys.push(object.key)
  return keys.sort()
}

async function failureOf(promise: Promise<unknown>): Promise<LocationError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown
  )
  expect(error).toBeInstanceOf(LocationError)
  return error as LocationError
}

/** Every file under `dir` on the server's disk, relative and sorted. */
function filesOn(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort()
}

const sha = (data: Buffer): string => createHash('sha256').update(data).digest('hex')

interface Seen {
  method: string
  path: string
  headers: IncomingHttpHeaders
  status: number
}

/**
 * An HTTP proxy in front of the server that records each request (counting honestly what the store sent)
 * and can drop the Range header, as a server that answers every range with the whole object; `hold` a
 * request (read none of it, never answer), or `stall` an answer after its first bytes.
 */
async function startRecorder(
  target: string,
  options: {
    dropRange?: boolean
    before?: (method: string, path: string) => void
    hold?: (method: string) => boolean
    stall?: (method: string) => boolean
  } = {}
) {
  const seen: Seen[] = []
  const origin = new URL(target)
  const proxy = createHttpServer((req, res) => {
    options.before?.(req.method ?? '', req.url ?? '')
    if (options.hold?.(req.method ?? '')) {
      req.pause()
      return
    }
    const headers = { ...req.headers }
    if (options.dropRange) delete headers.range
    const upstream = httpRequest(
      { host: origin.hostname, port: origin.port, method: req.method, path: req.url, headers },
      (answer) => {
        seen.push({
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          status: answer.statusCode ?? 0
        })
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        if (!options.stall?.(req.method ?? '')) answer.pipe(res)
        else answer.once('data', (chunk: Buffer) => res.write(chunk)).resume()
      }
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done))
  const { port } = proxy.address() as AddressInfo
  const close = () => {
    proxy.closeAllConnections()
    return new Promise<void>((done) => proxy.close(() => done()))
  }
  return { url: `http://127.0.0.1:${port}/`, seen, close }
}

/** A TCP relay to the server that destroys both sockets of a connection once it carried `cutAfter` bytes up. */
async function startRelay(target: string) {
  const origin = new URL(target)
  const relay = { cutAfter: Infinity, cuts: 0 }
  const sockets = new Set<Socket>()
  const server: Server = createTcpServer((client) => {
    const upstream = connect(Number(origin.port), origin.hostname)
    sockets.add(client).add(upstream)
    let carried = 0
    const cut = (): void => {
      client.destroy()
      upstream.destroy()
    }
    client.on('data', (chunk: Buffer) => {
      carried += chunk.length
      if (carried > relay.cutAfter) {
        relay.cuts += 1
        // Half the chunk reaches the server, as when a link drops mid-packet.
        upstream.write(chunk.subarray(0, chunk.length >> 1), cut)
        client.pause()
        return
      }
      upstream.write(chunk)
    })
    upstream.on('data', (chunk: Buffer) => client.write(chunk))
    for (const socket of [client, upstream]) {
      socket.on('error', cut)
      socket.on('close', () => {
        sockets.delete(socket)
        cut()
      })
    }
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  const close = () => {
    for (const socket of sockets) socket.destroy()
    return new Promise<void>((done) => server.close(() => done()))
  }
  return { url: `http://127.0.0.1:${port}/`, relay, close }
}

describe('the WebDAV store against rclone serve webdav', () => {
  it('sends no second PUT for a key that is there, and one PUT for puts of a key at once', async () => {
    const recorder = await startRecorder(server.url)
    try {
      const { store, dir } = freshStore({ url: recorder.url })
      const data = randomBytes(30_000)
      await Promise.all([store.put('2026/11/a.png', data), store.put('2026/11/a.png', data)])
      const before = statSync(join(dir, '2026', '11', 'a.png'))
      let visible = false
      await store.put('2026/11/a.png', data, () => (visible = true))
      const again = await putContent(store, '2026/11/', data, '.png')
      await store.put(again.key, data)
      expect(visible).toBe(true)
      const after = statSync(join(dir, '2026', '11', 'a.png'))
      expect({ ino: after.ino, mtimeMs: after.mtimeMs }).toEqual({ ino: before.ino, mtimeMs: before.mtimeMs })
      const puts = recorder.seen.filter((request) => request.method === 'PUT')
      // One for a.png (the two at once shared it), one for the content-named key.
      expect(puts).toHaveLength(2)
      // Streamed with its length, not chunked; into the hidden drafts folder, then moved.
      for (const put of puts) {
        expect(put.path).toMatch(/^\/lib-\d+\/\.drafts\/[0-9a-f]{16}$/)
        expect(put.headers['content-length']).toBe(String(data.length))
        expect(put.headers['transfer-encoding']).toBeUndefined()
      }
      expect(recorder.seen.filter((request) => request.method === 'MOVE')).toHaveLength(2)
      // The folders were made once each (2026, 2026/11, .drafts), then remembered.
      expect(recorder.seen.filter((request) => request.method === 'MKCOL')).toHaveLength(3)
      expect(filesOn(dir)).toEqual(['2026/11/a.png', `2026/11/${again.sha256}.png`].sort())
      expect(readFileSync(join(dir, '2026', '11', 'a.png')).equals(data)).toBe(true)
    } finally {
      await recorder.close()
    }
  })

  it('never overwrites: a key put by another writer between its check and the MOVE stays as it was', async () => {
    let dir = ''
    const theirs = Buffer.from('a teammate put this first')
    const recorder = await startRecorder(server.url, {
      before: (method) => {
        // Another machine's put lands just before ours is moved onto the key.
        if (method === 'MOVE') writeFileSync(join(dir, '2026', '11', 'race.png'), theirs)
      }
    })
    try {
      const opened = freshStore({ url: recorder.url })
      dir = opened.dir
      let visible = false
      await opened.store.put('2026/11/race.png', Buffer.from('ours, the same key'), () => (visible = true))
      expect(visible).toBe(true)
      expect(readFileSync(join(dir, '2026', '11', 'race.png')).equals(theirs)).toBe(true)
      const moves = recorder.seen.filter((request) => request.method === 'MOVE')
      // rclone honours `Overwrite: F` on MOVE (412), though it ignores `If-None-Match: *` on PUT.
      expect(moves.map((request) => [request.headers.overwrite, request.status])).toEqual([['F', 412]])
      expect(filesOn(join(dir, '.drafts'))).toEqual([])
    } finally {
      await recorder.close()
    }
  })

  it('lists nested folders one level at a time, never asking Depth: infinity', async () => {
    const recorder = await startRecorder(server.url)
    try {
      const { store, dir } = freshStore({ url: recorder.url })
      await store.put('2025/01/x.png', Buffer.from('x'))
      await store.put('2026/02/y.png', Buffer.from('yy'))
      await store.put('2026/02/y_thumb.webp', Buffer.from('t'))
      await store.put('top.png', Buffer.from('top'))
      // What the store must not show: not keys, or not its own.
      writeFileSync(join(dir, '2026', '.DS_Store'), 'finder')
      writeFileSync(join(dir, '2026', '02', 'odd name.png'), 'space')
      mkdirSync(join(dir, '2026', '02', 'empty'))
      const all: { key: string; size: number }[] = []
      // Which keys and sizes; the time each was written is the conformance suite's to check.
      for await (const { key, size } of store.list()) all.push({ key, size })
      expect(all.sort((a, b) => (a.key < b.key ? -1 : 1))).toEqual([
        { key: '2025/01/x.png', size: 1 },
        { key: '2026/02/y.png', size: 2 },
        { key: '2026/02/y_thumb.webp', size: 1 },
        { key: 'top.png', size: 3 }
      ])
      expect(await keysOf(store, '2026/')).toEqual(['2026/02/y.png', '2026/02/y_thumb.webp'])
      expect(await keysOf(store, '2026/02/y_')).toEqual(['2026/02/y_thumb.webp'])
      expect(await keysOf(store, '2027/')).toEqual([])
      // A key that names a folder is no object: removing it takes nothing with it.
      expect(await store.remove('2026')).toBe(false)
      expect(existsSync(join(dir, '2026', '02', 'y.png'))).toBe(true)
      const depths = new Set(
        recorder.seen
          .filter((request) => request.method === 'PROPFIND')
          .map((request) => request.headers.depth)
      )
      expect([...depths].sort()).toEqual(['0', '1'])
    } finally {
      await recorder.close()
    }
  })

  it('works under a base folder whose name has a space and an accent, with an empty object too', async () => {
    const name = `Équipe library ${n++}`
    mkdirSync(join(server.dir, name))
    const store = new WebdavMediaStore({ url: `${server.url}${name}` }, server.credentials, {
      draftDir: join(local.dir, 'accents')
    })
    await store.probe()
    const kept = await putContent(store, '2026/11/', Buffer.from('bytes'), '.png')
    expect(readFileSync(join(server.dir, name, kept.key), 'utf8')).toBe('bytes')
    expect(await keysOf(store)).toEqual([kept.key])
    expect((await store.read(kept.key))?.toString()).toBe('bytes')
    expect(await store.remove(kept.key)).toBe(true)
    expect(await keysOf(store)).toEqual([])
    await store.put('2026/11/empty.png', new Uint8Array(0))
    expect(await store.stat('2026/11/empty.png')).toEqual({ size: 0 })
    expect((await store.read('2026/11/empty.png'))?.length).toBe(0)
  })

  it('leaves nothing under a key when its PUT is cut, and takes the same put whole afterwards', async () => {
    const relay = await startRelay(server.url)
    try {
      const { store, dir } = freshStore({ url: relay.url })
      const data = randomBytes(1 << 20)
      relay.relay.cutAfter = 200_000
      const cut = await failureOf(store.put('2026/11/cut.png', data))
      expect(cut.kind).toBe('unreachable')
      expect(relay.relay.cuts).toBeGreaterThan(0)
      // A draft committed over the same cut link: same outcome, and its local file is gone.
      const draftDir = join(local.dir, `lib-${n - 1}`)
      const cutDraft = await failureOf(putContent(store, '2026/11/', data, '.png'))
      expect(cutDraft.kind).toBe('unreachable')
      expect(readdirSync(draftDir)).toEqual([])
      expect(filesOn(dir).filter((file) => !file.startsWith('.drafts/'))).toEqual([])
      expect(await keysOf(store)).toEqual([])

      relay.relay.cutAfter = Infinity
      await store.put('2026/11/cut.png', data)
      const again = await putContent(store, '2026/11/', data, '.png')
      expect(readFileSync(join(dir, '2026', '11', 'cut.png')).equals(data)).toBe(true)
      expect(readFileSync(join(dir, '2026', '11', `${again.sha256}.png`)).equals(data)).toBe(true)
      expect(await keysOf(store)).toEqual(['2026/11/cut.png', again.key].sort())
      // rclone keeps what a cut PUT sent under the PUT's name (measured: 100 kB of 1 MB): the store deletes
      // its upload after a failure, and what a lost race leaves there goes with Clean up's removal of unfinished uploads.
      await store.removeUnfinished(statSync(dir).mtimeMs + 60_000, 0)
      expect(filesOn(join(dir, '.drafts'))).toEqual([])
    } finally {
      await relay.close()
    }
  })

  it('removes old uploads a cut left in the server drafts folder, and keeps young ones', async () => {
    const { store, dir } = freshStore()
    mkdirSync(join(dir, '.drafts'))
    writeFileSync(join(dir, '.drafts', 'old'), 'half')
    writeFileSync(join(dir, '.drafts', 'young'), 'half')
    const now = statSync(join(dir, '.drafts', 'young')).mtimeMs
    const dayAgo = new Date(now - 25 * 60 * 60 * 1000)
    utimesSync(join(dir, '.drafts', 'old'), dayAgo, dayAgo)
    expect(await store.removeUnfinished(now, 24 * 60 * 60 * 1000)).toEqual({ files: 1, bytes: 4 })
    expect(filesOn(join(dir, '.drafts'))).toEqual(['young'])
  })

  it('streams a 20 MiB object up and reads it back whole and by ranges', async () => {
    const { store, dir } = freshStore()
    const data = randomBytes(20 << 20)
    async function* chunks(): AsyncGenerator<Uint8Array> {
      for (let at = 0; at < data.length; at += 256 << 10) {
        await Promise.resolve()
        yield data.subarray(at, at + (256 << 10))
      }
    }
    const kept = await putContent(store, '2026/11/', chunks(), '.mp4')
    expect(kept.size).toBe(data.length)
    expect(sha(readFileSync(join(dir, kept.key)))).toBe(sha(data))
    expect(await store.stat(kept.key)).toEqual({ size: data.length })
    expect(sha((await bytesOf(await store.open(kept.key)))!)).toBe(sha(data))
    for (const [start, end] of [
      [0, 0],
      [1_000_000, 9_999_999],
      [data.length - 1_000, data.length - 1]
    ] as const) {
      const part = await bytesOf(await store.open(kept.key, { start, end }))
      expect(part?.equals(data.subarray(start, end + 1)), `${start}-${end}`).toBe(true)
    }
  })

  it('tells a put’s bytes as its chunks leave, from none to all; an object there already is done at once', async () => {
    const { store, dir } = freshStore()
    const data = randomBytes((5 << 20) + 1_000)
    const reports: Array<[number, number]> = []
    const onProgress = (sent: number, total: number): number => reports.push([sent, total])
    await store.put('2026/11/clip.mp4', data, undefined, { onProgress })
    expect(readFileSync(join(dir, '2026', '11', 'clip.mp4')).equals(data)).toBe(true)
    expect(reports[0]).toEqual([0, data.length])
    expect(reports.at(-1)).toEqual([data.length, data.length])
    // Streamed in 1 MiB chunks: each one said as it goes, never going back.
    expect(reports.map(([sent]) => sent).filter((sent) => sent > 0 && sent < data.length)).toEqual([
      1 << 20,
      2 << 20,
      3 << 20,
      4 << 20,
      5 << 20
    ])
    expect(reports.every(([, total]) => total === data.length)).toBe(true)

    const again: Array<[number, number]> = []
    await store.put('2026/11/clip.mp4', data, undefined, {
      onProgress: (sent, total) => again.push([sent, total])
    })
    expect(again).toEqual([[data.length, data.length]])
  })

  it('cuts a range itself when the server answers it with the whole object (200, not 206)', async () => {
    const recorder = await startRecorder(server.url, { dropRange: true })
    try {
      const { store } = freshStore({ url: recorder.url })
      const data = randomBytes(3 << 20)
      await store.put('2026/11/whole.png', data)
      const part = await bytesOf(await store.open('2026/11/whole.png', { start: 1_234_567, end: 1_300_000 }))
      expect(part?.equals(data.subarray(1_234_567, 1_300_001))).toBe(true)
      const head = await bytesOf(await store.open('2026/11/whole.png', { start: 0, end: 9 }))
      expect(head?.equals(data.subarray(0, 10))).toBe(true)
      const gets = recorder.seen.filter((request) => request.method === 'GET')
      expect(gets.map((request) => [request.headers.range, request.status])).toEqual([
        ['bytes=1234567-1300000', 200],
        ['bytes=0-9', 200]
      ])
    } finally {
      await recorder.close()
    }
  })

  it('says denied for a wrong password, and never repeats the password', async () => {
    const password = 'not-the-password-1234'
    const name = `lib-${n++}`
    mkdirSync(join(server.dir, name))
    const store = new WebdavMediaStore(
      { url: `${server.url}${name}` },
      { username: server.credentials.username, password },
      { draftDir: join(local.dir, name) }
    )
    const error = await failureOf(store.probe())
    expect({ kind: error.kind, status: error.status }).toEqual({ kind: 'denied', status: 401 })
    expect(error.detail).not.toContain(password)
    expect(error.message).not.toContain(password)
    expect((await failureOf(store.put('2026/11/a.png', Buffer.from('a')))).kind).toBe('denied')
    expect((await failureOf(store.read('2026/11/a.png'))).kind).toBe('denied')
  })

  it('takes credentials written in the address, and keeps them out of every message', async () => {
    const { username, password } = server.credentials
    const withLogin = server.url.replace('http://', `http://${username}:${password}@`)
    const name = `lib-${n++}`
    mkdirSync(join(server.dir, name))
    const store = new WebdavMediaStore({ url: `${withLogin}${name}` }, null, {
      draftDir: join(local.dir, name)
    })
    await store.probe()
    expect(store.url).toBe(`${server.url}${name}/`)
    const missing = new WebdavMediaStore({ url: `${withLogin}nowhere` }, null, { draftDir: local.dir })
    const error = await failureOf(missing.probe())
    expect(error.kind).toBe('missing')
    expect(error.detail).toContain(`${server.url}nowhere`)
    expect(error.detail).not.toContain(password)
  })

  it('says missing for a base folder that is not there: probe, write and list', async () => {
    const store = new WebdavMediaStore({ url: `${server.url}not-made-${n++}` }, server.credentials, {
      draftDir: local.dir
    })
    expect((await failureOf(store.probe())).kind).toBe('missing')
    expect((await failureOf(store.put('2026/11/a.png', Buffer.from('a')))).kind).toBe('missing')
    expect((await failureOf(keysOf(store))).kind).toBe('missing')
    // Reads find no object there, as in an empty folder.
    expect(await store.read('2026/11/a.png')).toBeNull()
    expect(existsSync(join(server.dir, `not-made-${n - 1}`))).toBe(false)
  })

  it('says unreachable, quickly, when nothing listens or nothing answers', async () => {
    const closed = createTcpServer()
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((done) => closed.close(() => done()))
    const refused = new WebdavMediaStore({ url: `http://127.0.0.1:${port}/lib` }, server.credentials, {
      draftDir: local.dir,
      requestTimeoutMs: 500
    })
    let started = performance.now()
    expect((await failureOf(refused.probe())).kind).toBe('unreachable')
    expect((await failureOf(refused.put('2026/11/a.png', Buffer.from('a')))).kind).toBe('unreachable')
    expect(performance.now() - started).toBeLessThan(2_000)

    const held = new Set<Socket>()
    const silent = createTcpServer((socket) => held.add(socket))
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done))
    try {
      const mute = new WebdavMediaStore(
        { url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/lib` },
        server.credentials,
        { draftDir: local.dir, requestTimeoutMs: 300 }
      )
      started = performance.now()
      const error = await failureOf(mute.probe())
      expect(error.kind).toBe('unreachable')
      expect(error.detail).toContain('no answer for 300 ms')
      expect(performance.now() - started).toBeLessThan(2_000)
    } finally {
      for (const socket of held) socket.destroy()
      await new Promise<void>((done) => silent.close(() => done()))
    }
  })

  it('times out an upload or a download the server stalls, never a reader that holds back', async () => {
    const recorder = await startRecorder(server.url, {
      hold: (method) => method === 'PUT',
      stall: (method) => method === 'GET'
    })
    try {
      const { store, dir } = freshStore({ url: recorder.url, timeoutMs: 400 })
      let started = performance.now()
      // More than the socket buffers on both sides take in, so the upload itself has to wait.
      const upload = await failureOf(store.put('2026/11/held.mp4', randomBytes(32 << 20)))
      expect(upload.kind).toBe('unreachable')
      expect(upload.detail).toContain('PUT')
      expect(performance.now() - started).toBeLessThan(3_000)

      const data = randomBytes(4 << 20)
      mkdirSync(join(dir, '2026', '12'), { recursive: true })
      writeFileSync(join(dir, '2026', '12', 'stalled.mp4'), data)
      started = performance.now()
      const download = await failureOf(bytesOf(await store.open('2026/12/stalled.mp4')))
      expect(download.kind).toBe('unreachable')
      expect(download.detail).toContain('no answer for 400 ms')
      expect(performance.now() - started).toBeLessThan(3_000)
    } finally {
      await recorder.close()
    }

    const { store } = freshStore({ timeoutMs: 300 })
    const data = randomBytes(4 << 20)
    await store.put('2026/11/slow.mp4', data)
    const stream = await store.open('2026/11/slow.mp4')
    const chunks = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]()
    const first = await chunks.next()
    // A player paused for longer than the deadline: the server is not the one that is late.
    await new Promise((done) => setTimeout(done, 900))
    const rest: Buffer[] = [first.value as Buffer]
    for (let next = await chunks.next(); next.done !== true; next = await chunks.next()) rest.push(next.value)
    expect(Buffer.concat(rest).equals(data)).toBe(true)
  })

  it('says denied when a read-only server refuses a write, and still reads', async () => {
    const readOnly = await startWebdavServer({ readOnly: true })
    try {
      // One base with no folders yet (rclone answers MKCOL 405), one where they are (it answers PUT 404).
      mkdirSync(join(readOnly.dir, 'bare'))
      mkdirSync(join(readOnly.dir, 'made', '2026', '11'), { recursive: true })
      mkdirSync(join(readOnly.dir, 'made', '.drafts'))
      writeFileSync(join(readOnly.dir, 'made', '2026', '11', 'kept.png'), 'kept')
      const open = (base: string) =>
        new WebdavMediaStore({ url: `${readOnly.url}${base}` }, readOnly.credentials, { draftDir: local.dir })
      const bare = await failureOf(open('bare').put('2026/11/a.png', Buffer.from('a')))
      expect({ kind: bare.kind, status: bare.status }).toEqual({ kind: 'denied', status: 405 })
      const made = open('made')
      const put = await failureOf(made.put('2026/11/a.png', Buffer.from('a')))
      expect({ kind: put.kind, status: put.status }).toEqual({ kind: 'denied', status: 404 })
      const removed = await failureOf(made.remove('2026/11/kept.png'))
      expect({ kind: removed.kind, status: removed.status }).toEqual({ kind: 'denied', status: 405 })
      // A key that is there needs no write: the put succeeds without one.
      await made.put('2026/11/kept.png', Buffer.from('kept'))
      expect((await made.read('2026/11/kept.png'))?.toString()).toBe('kept')
      await made.probe()
    } finally {
      await readOnly.stop()
    }
  })

  it('removes the draft files a crash left on this machine, not one being written', async () => {
    const { store } = freshStore()
    const draftDir = join(local.dir, `lib-${n - 1}`)
    const live = await store.begin('2026/11/')
    await live.write(Buffer.from('under way'))
    writeFileSync(join(draftDir, 'webdav-0123456789abcdef.draft'), 'left by a crash')
    writeFileSync(join(draftDir, 'notes.txt'), 'not ours')
    expect(store.sweep()).toBe(1)
    expect(store.localFile('2026/11/a.png')).toBeNull()
    expect(readdirSync(draftDir).sort()).toEqual(
      [live.localFile?.slice(draftDir.length + 1), 'notes.txt'].sort()
    )
    await live.abort()
  })

  it('accepts only an http(s) folder address without credentials as a location', () => {
    expect(webdavLocationSchema.safeParse({ url: 'https://nas.local/dav/Team library' }).success).toBe(true)
    expect(webdavLocationSchema.safeParse({ url: 'http://192.168.1.5:8080/' }).success).toBe(true)
    for (const url of ['ftp://nas/dav', 'https://me:secret@nas/dav', 'nas/dav', 'https://nas/dav?x=1', ''])
      expect(webdavLocationSchema.safeParse({ url }).success, url).toBe(false)
  })

  it('stops its server for good: the process is gone and its folder removed', async () => {
    const other = await startWebdavServer()
    expect(() => process.kill(other.pid, 0)).not.toThrow()
    await other.stop()
    expect(() => process.kill(other.pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }))
    expect(existsSync(other.dir)).toBe(false)
    await other.stop()
  })
})
