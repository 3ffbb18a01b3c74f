import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { AbortMultipartUploadCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BadKey, putContent, type PutProgress } from '../../../../src/main/library/mediaStore'
import { LocationError } from '../../../../src/main/locations/errors'
import {
  S3MediaStore,
  s3LocationSchema,
  toLocationError,
  type S3Credentials,
  type S3Location,
  type S3StoreOptions
} from '../../../../src/main/locations/s3Store'
import { startCuttingProxy } from '../../../helpers/cuttingProxy'
import { startS3Server, type S3TestServer } from '../../../helpers/s3Server'
import { makeTempDir } from '../../../helpers/tempDir'
import { mediaStoreConformance } from '../library/mediaStoreConformance'

const BUCKET = 'gs-test-library'
const MiB = 1024 * 1024

const temp = makeTempDir('gs-s3-store-')
const drafts = join(temp.dir, 'drafts')
let server: S3TestServer
const stores: S3MediaStore[] = []
let n = 0

beforeAll(async () => {
  // Parts listed two to a page, so a resumed upload reads the listing of its parts over several pages.
  server = await startS3Server({ buckets: [BUCKET], partsPerPage: 2 })
})

afterAll(async () => {
  for (const store of stores) store.close()
  await server?.stop()
  temp.cleanup()
})

function makeStore(
  location: Partial<S3Location> = {},
  options: Partial<S3StoreOptions> = {},
  credentials: S3Credentials = server.credentials
): S3MediaStore {
  const store = new S3MediaStore(
    {
      endpoint: server.endpoint,
      region: 'us-east-1',
      bucket: BUCKET,
      prefix: `t-${n++}/`,
      pathStyle: true,
      ...location
    },
    credentials,
    { draftDir: drafts, ...options }
  )
  stores.push(store)
  return store
}

/** The requests s3rver received for `key` of `store`: method and query, in order. */
function requestsFor(store: S3MediaStore, key: string): Array<{ method: string; query: URLSearchParams }> {
  const path = `/${BUCKET}/${store.location.prefix}${key}`
  return server.requests
    .map((request) => ({ method: request.method, url: new URL(request.path, 'http://s3') }))
    .filter(({ url }) => decodeURIComponent(url.pathname) === path)
    .map(({ method, url }) => ({ method, query: url.searchParams }))
}

/** How many UploadPart requests reached the server, by part number. */
function partsSent(store: S3MediaStore, key: string): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const { method, query } of requestsFor(store, key)) {
    const part = query.get('partNumber')
    if (method === 'PUT' && part !== null && query.has('uploadId')) counts[part] = (counts[part] ?? 0) + 1
  }
  return counts
}

/** A put's progress as it is told: each report, `[sent, total]`, in order. */
function listen(): { reports: Array<[number, number]>; onProgress: PutProgress } {
  const reports: Array<[number, number]> = []
  return { reports, onProgress: (sent, total) => reports.push([sent, total]) }
}

/** Each report sends no less than the one before. */
function neverBack(reports: ReadonlyArray<readonly [number, number]>): boolean {
  return reports.every(([sent], i) => i === 0 || sent >= (reports[i - 1]?.[0] ?? 0))
}

async function bytesOf(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null
  const chunks: Buffer[] = []
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk)
  return Buffer.concat(chunks)
}

async function* chunked(data: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < data.length; at += size) {
    await Promise.resolve()
    yield data.subarray(at, at + size)
  }
}

async function rejection(promise: Promise<unknown>): Promise<LocationError> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught
  )
  expect(error).toBeInstanceOf(LocationError)
  return error as LocationError
}

/** A port nothing listens on (the system just gave it to a server that closed). */
async function closedPort(): Promise<number> {
  const listener = createServer()
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
  const { port } = listener.address() as AddressInfo
  await new Promise<void>((resolve) => listener.close(() => resolve()))
  return port
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
  })
}

mediaStoreConformance('the S3 store', () => makeStore())

/** A real endpoint, when the environment names one (CI with a MinIO, a developer's own bucket). */
function realEndpoint(): { location: Omit<S3Location, 'prefix'>; credentials: S3Credentials } | null {
  const env = process.env
  const endpoint = env.GS_S3_TEST_ENDPOINT
  const bucket = env.GS_S3_TEST_BUCKET
  const accessKeyId = env.GS_S3_TEST_ACCESS_KEY_ID
  const secretAccessKey = env.GS_S3_TEST_SECRET_ACCESS_KEY
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) return null
  return {
    location: {
      endpoint,
      bucket,
      region: env.GS_S3_TEST_REGION || 'us-east-1',
      pathStyle: env.GS_S3_TEST_PATH_STYLE === '1'
    },
    credentials: { accessKeyId, secretAccessKey }
  }
}

const real = realEndpoint()

describe.skipIf(real === null)('the S3 store against the endpoint in GS_S3_TEST_*', () => {
  // One folder per run, so runs never see each other's objects; removed at the end.
  const runPrefix = `gs-test-${randomBytes(6).toString('hex')}/`
  const made: S3MediaStore[] = []
  const open = (prefix: string): S3MediaStore => {
    if (!real) throw new Error('no endpoint')
    const store = new S3MediaStore({ ...real.location, prefix }, real.credentials, {
      draftDir: join(temp.dir, 'real-drafts')
    })
    made.push(store)
    return store
  }
  let m = 0

  afterAll(async () => {
    const all = open(runPrefix)
    for await (const { key } of all.list()) await all.remove(key)
    for (const store of made) store.close()
  })

  mediaStoreConformance('the S3 store on a real endpoint', () => open(`${runPrefix}t-${m++}/`))
})

describe('the S3 store lists a prefix of more than one page', () => {
  it('reads every page of a listing past 1,000 keys, as a team of many images has', async () => {
    const store = makeStore()
    const client = new S3Client({
      endpoint: server.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: server.credentials
    })
    const keys = Array.from({ length: 1_003 }, (_, i) => `objects/${String(i).padStart(4, '0')}.png`)
    try {
      for (let at = 0; at < keys.length; at += 50)
        await Promise.all(
          keys
            .slice(at, at + 50)
            .map((key) =>
              client.send(
                new PutObjectCommand({ Bucket: BUCKET, Key: `${store.location.prefix}${key}`, Body: 'x' })
              )
            )
        )
    } finally {
      client.destroy()
    }
    const listed: string[] = []
    for await (const object of store.list('objects/')) listed.push(object.key)
    expect(listed.sort()).toEqual(keys)
    // Two pages: the server's 1,000, then the rest after the continuation token.
    const pages = server.requests.filter(
      (request) =>
        request.method === 'GET' &&
        request.path.includes(`prefix=${encodeURIComponent(store.location.prefix)}`)
    )
    expect(pages.length).toBe(2)
    expect(pages[1]?.path).toContain('continuation-token=')
  }, 60_000)
})

describe('the S3 store on s3rver', () => {
  it('puts a key once: a put of a key that is there asks and sends nothing, puts at once share one upload', async () => {
    const store = makeStore()
    const data = randomBytes(10_000)
    await store.put('2026/11/once.png', data)
    await store.put('2026/11/once.png', data)
    const once = requestsFor(store, '2026/11/once.png')
    expect(once.filter((r) => r.method === 'PUT')).toHaveLength(1)
    expect(once.filter((r) => r.method === 'HEAD')).toHaveLength(2)

    await Promise.all([
      store.put('2026/11/together.png', data),
      store.put('2026/11/together.png', data),
      store.put('2026/11/together.png', data)
    ])
    const together = requestsFor(store, '2026/11/together.png')
    expect(together.map((r) => r.method)).toEqual(['HEAD', 'PUT'])

    // A draft committed under a key that is there is not uploaded either.
    const first = await putContent(store, '2026/12/', chunked(data, 3_000), '.png')
    const second = await putContent(store, '2026/12/', data, '.png')
    expect(second).toEqual(first)
    expect(requestsFor(store, first.key).filter((r) => r.method === 'PUT')).toHaveLength(1)
    expect((await store.read(first.key))?.equals(data)).toBe(true)
  })

  it('takes a listing’s word that a key is absent: one PUT and no HEAD', async () => {
    const store = makeStore()
    expect(store.trustsListing).toBe(true)
    const data = randomBytes(2_000)
    await store.put('2026/10/listed.png', data, undefined, { listedAbsent: true })
    expect(requestsFor(store, '2026/10/listed.png').map((r) => r.method)).toEqual(['PUT'])
    expect((await store.read('2026/10/listed.png'))?.equals(data)).toBe(true)
  })

  it('signs a PUT with the hash its caller knows, and hashes the bytes itself otherwise', async () => {
    const store = makeStore()
    const data = randomBytes(3_000)
    const sha256 = createHash('sha256').update(data).digest('hex')
    await store.put('2026/10/known.png', data, undefined, { listedAbsent: true, sha256 })
    // A hash that is not a SHA-256 is not taken: the SDK hashes the bytes as it always does.
    await store.put('2026/10/other.png', data, undefined, { listedAbsent: true, sha256: 'not-a-hash' })
    const hashes = server.requests
      .filter((request) => request.method === 'PUT' && request.path.includes(`/${store.location.prefix}`))
      .map((request) => request.payloadHash)
    expect(hashes).toEqual([sha256, sha256])
    // The SDK would have computed the same hash: a wrong one shows it is the caller's that is sent (S3
    // refuses such bytes; s3rver does not check them).
    const lying = makeStore()
    await lying.put('2026/10/lie.png', data, undefined, { listedAbsent: true, sha256: '0'.repeat(64) })
    expect(
      server.requests.filter((request) => request.path.includes(`/${lying.location.prefix}`)).at(-1)
        ?.payloadHash
    ).toBe('0'.repeat(64))
    expect((await store.read('2026/10/known.png'))?.equals(data)).toBe(true)
  })

  it('keeps a draft on this machine until its commit, and sweeps the drafts a crash left', async () => {
    const store = makeStore()
    const seenBefore = server.requests.length
    const draft = await store.begin('2026/11/')
    await draft.write(randomBytes(3_000))
    expect(draft.localFile).not.toBeNull()
    expect(existsSync(draft.localFile ?? '')).toBe(true)
    // Not one request about the draft reached the bucket.
    expect(server.requests.slice(seenBefore)).toEqual([])

    // What a process killed mid-download leaves in the draft folder.
    writeFileSync(join(drafts, 's3-0123456789abcdef.draft'), 'half a file')
    writeFileSync(join(drafts, 'notes.txt'), 'not a draft')
    expect(makeStore().sweep()).toBe(1)
    // The draft still being written is not touched by a sweep.
    expect(existsSync(draft.localFile ?? '')).toBe(true)
    expect(readdirSync(drafts)).toContain('notes.txt')

    await draft.commit('2026/11/kept.png')
    expect(existsSync(draft.localFile ?? '')).toBe(false)
    expect(await store.stat('2026/11/kept.png')).toEqual({ size: 3_000 })
    expect(store.localFile('2026/11/kept.png')).toBeNull()
  })

  it('sends an object over one part as a multipart upload, read back whole and by ranges', async () => {
    const store = makeStore({}, { partSize: 5 * MiB })
    const data = randomBytes(12 * MiB)
    // Streamed into a draft (a file), then uploaded from it: the download path.
    const { key } = await putContent(store, '2026/11/', chunked(data, 256 * 1024), '.mp4')
    const sent = requestsFor(store, key)
    expect(sent.filter((r) => r.method === 'POST' && r.query.has('uploads'))).toHaveLength(1)
    expect(partsSent(store, key)).toEqual({ 1: 1, 2: 1, 3: 1 })
    expect(sent.filter((r) => r.method === 'POST' && r.query.has('uploadId'))).toHaveLength(1)
    expect(sent.filter((r) => r.method === 'PUT' && !r.query.has('partNumber'))).toHaveLength(0)

    expect(await store.stat(key)).toEqual({ size: data.length })
    expect((await store.read(key))?.equals(data)).toBe(true)
    expect((await bytesOf(await store.open(key)))?.equals(data)).toBe(true)
    // Not `bytes=0-0`: s3rver reads an end of 0 as no end (`end || Infinity`) and sends it all; S3 does not.
    for (const [start, end] of [
      [0, 99],
      [5 * MiB - 10, 5 * MiB + 9],
      [10 * MiB - 1, 10 * MiB],
      [data.length - 100, data.length - 1]
    ] as const) {
      const range = await bytesOf(await store.open(key, { start, end }))
      expect(range?.equals(data.subarray(start, end + 1)), `${start}-${end}`).toBe(true)
    }
  })

  it('tells a put’s bytes: a single PUT at its start and end, a multipart upload at each part, an object there at once', async () => {
    const store = makeStore({}, { partSize: 5 * MiB })
    const small = randomBytes(200_000)
    const single = listen()
    await store.put('2026/11/small.png', small, undefined, { onProgress: single.onProgress })
    expect(single.reports).toEqual([
      [0, small.length],
      [small.length, small.length]
    ])

    // Three parts of 5, 5 and 2 MiB, in flight at once: a report as each is taken, in whatever order.
    const data = randomBytes(12 * MiB)
    const multi = listen()
    await store.put('2026/11/large.mp4', data, undefined, { onProgress: multi.onProgress })
    expect(partsSent(store, '2026/11/large.mp4')).toEqual({ 1: 1, 2: 1, 3: 1 })
    expect(multi.reports[0]).toEqual([0, data.length])
    const perPart = multi.reports.slice(1, 4).map(([sent]) => sent)
    expect(perPart).toHaveLength(3)
    expect(perPart.every((sent) => sent > 0 && sent <= data.length)).toBe(true)
    expect(perPart.at(-1)).toBe(data.length)
    expect(multi.reports.at(-1)).toEqual([data.length, data.length])
    expect(multi.reports.every(([, total]) => total === data.length)).toBe(true)
    expect(neverBack(multi.reports)).toBe(true)

    // There already (a HEAD says so): done at once, nothing sent.
    const again = listen()
    await store.put('2026/11/large.mp4', data, undefined, { onProgress: again.onProgress })
    expect(again.reports).toEqual([[data.length, data.length]])
    expect(partsSent(store, '2026/11/large.mp4')).toEqual({ 1: 1, 2: 1, 3: 1 })
  })

  it('finishes an upload cut mid-part, sending again only the part that was cut', async () => {
    // The second part's connection is cut 1 MiB into its body; the SDK retries that part (its body is a
    // buffer, so it can) on a new connection, and the parts that went up are not sent again.
    const proxy = await startCuttingProxy({
      targetPort: server.port,
      marker: 'partNumber=2&',
      afterBytes: MiB
    })
    try {
      const store = makeStore({ endpoint: proxy.endpoint }, { partSize: 5 * MiB })
      const data = randomBytes(12 * MiB)
      await store.put('2026/11/cut.mp4', data)
      expect(proxy.cuts).toBe(1)
      // Part 2 reached the server twice: once cut (its headers were through), once whole.
      expect(partsSent(store, '2026/11/cut.mp4')).toEqual({ 1: 1, 2: 2, 3: 1 })
      const completions = requestsFor(store, '2026/11/cut.mp4').filter(
        (r) => r.method === 'POST' && r.query.has('uploadId')
      )
      expect(completions).toHaveLength(1)
      const back = await store.read('2026/11/cut.mp4')
      expect(back?.length).toBe(data.length)
      expect(
        createHash('sha256')
          .update(back ?? '')
          .digest('hex')
      ).toBe(createHash('sha256').update(data).digest('hex'))
    } finally {
      await proxy.stop()
    }
  })

  it('fails as unreachable when every try of a part is cut, and leaves nothing under the key', async () => {
    const proxy = await startCuttingProxy({
      targetPort: server.port,
      marker: 'partNumber=2&',
      afterBytes: MiB,
      times: 3
    })
    try {
      const store = makeStore({ endpoint: proxy.endpoint }, { partSize: 5 * MiB })
      const failed = await rejection(store.put('2026/11/lost.mp4', randomBytes(12 * MiB)))
      expect(failed.kind).toBe('unreachable')
      expect(proxy.cuts).toBe(3)
      expect(partsSent(store, '2026/11/lost.mp4')).toMatchObject({ 2: 3 })
      // The multipart upload is kept for the next put to resume (see the tests of resuming below).
      const aborts = requestsFor(store, '2026/11/lost.mp4').filter(
        (r) => r.method === 'DELETE' && r.query.has('uploadId')
      )
      expect(aborts).toEqual([])
      expect(await store.stat('2026/11/lost.mp4')).toBeNull()
      const listed: string[] = []
      for await (const object of store.list()) listed.push(object.key)
      expect(listed).toEqual([])
    } finally {
      await proxy.stop()
    }
  })

  it('lists only keys of ours under its prefix, whatever else is in the bucket', async () => {
    const store = makeStore()
    await store.put('2026/11/a.png', Buffer.from('a'))
    const raw = new S3Client({
      endpoint: server.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: server.credentials
    })
    try {
      for (const name of ['.DS_Store', '2026/11/.hidden.png', '2026/11/x y.png'])
        await raw.send(
          new PutObjectCommand({ Bucket: BUCKET, Key: `${store.location.prefix}${name}`, Body: 'x' })
        )
    } finally {
      raw.destroy()
    }
    const listed: Array<{ key: string; size: number }> = []
    for await (const { key, size } of store.list()) listed.push({ key, size })
    expect(listed).toEqual([{ key: '2026/11/a.png', size: 1 }])
    // Another store's prefix is another library.
    const other: string[] = []
    for await (const object of makeStore().list()) other.push(object.key)
    expect(other).toEqual([])
  })

  it('gives a link that downloads the object without credentials, until it expires', async () => {
    const store = makeStore()
    const data = randomBytes(40_000)
    await store.put('2026/11/shared.png', data)
    // Two seconds, not one: a signature's time is in whole seconds, so a one-second link signed late in a
    // second may be dead a few milliseconds later; this one lives at least a whole second.
    const url = await store.presign('2026/11/shared.png', 2)
    const signedAt = Date.parse(
      (new URL(url).searchParams.get('X-Amz-Date') ?? '').replace(
        /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/,
        '$1-$2-$3T$4:$5:$6Z'
      )
    )
    expect(Number.isFinite(signedAt)).toBe(true)
    const fresh = await fetch(url)
    expect(fresh.status).toBe(200)
    expect(fresh.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await fresh.arrayBuffer()).equals(data)).toBe(true)

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, signedAt + 2_000 - Date.now()) + 300))
    const stale = await fetch(url)
    expect(stale.status).toBe(403)
    await stale.arrayBuffer()

    await expect(store.presign('../x.png', 60)).rejects.toThrow(BadKey)
    await expect(store.presign('2026/11/shared.png', 0)).rejects.toThrow(RangeError)
  })

  it('answers a test of the connection: fine, an unknown key ID (denied), a missing bucket', async () => {
    await makeStore().probe()

    // s3rver checks only the access key ID: it never verifies a V4 signature, so a wrong secret key is let
    // through and SignatureDoesNotMatch cannot be had from it. An unknown key ID is refused (as by S3).
    const secret = `wrong-secret-${randomBytes(8).toString('hex')}`
    const denied = await rejection(
      makeStore({}, {}, { accessKeyId: 'NOT-A-KEY', secretAccessKey: secret }).probe()
    )
    expect(denied.kind).toBe('denied')
    expect(denied.status).toBe(403)
    expect(denied.detail).toContain('InvalidAccessKeyId')
    expect(denied.detail).not.toContain(secret)

    const gone = makeStore({ bucket: 'gs-no-such-bucket' })
    expect((await rejection(gone.probe())).kind).toBe('missing')
    // HeadObject cannot tell a missing bucket from a missing object; the PUT that follows can.
    expect((await rejection(gone.put('2026/11/a.png', Buffer.from('a')))).kind).toBe('missing')
    expect((await rejection(gone.read('2026/11/a.png'))).kind).toBe('missing')
  })

  it('says unreachable, quickly, for a port nobody listens on and for a server that never answers', async () => {
    const port = await closedPort()
    const started = performance.now()
    const refused = await rejection(
      makeStore({ endpoint: `http://127.0.0.1:${port}` }, { requestTimeoutMs: 500 }).probe()
    )
    expect(refused.kind).toBe('unreachable')
    expect(performance.now() - started).toBeLessThan(5_000)

    // Accepts connections and says nothing: only the request timeout ends the wait (3 tries of 300 ms).
    const sockets = new Set<Socket>()
    const silent: Server = createServer((socket) => {
      sockets.add(socket)
      socket.on('error', () => undefined)
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const { port: silentPort } = silent.address() as AddressInfo
      const begun = performance.now()
      const timedOut = await rejection(
        makeStore({ endpoint: `http://127.0.0.1:${silentPort}` }, { requestTimeoutMs: 300 }).probe()
      )
      expect(timedOut.kind).toBe('unreachable')
      expect(performance.now() - begun).toBeLessThan(5_000)
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    }
  })

  it('leaves no server behind: a stopped s3rver refuses connections and its folder is gone', async () => {
    const other = await startS3Server({ buckets: ['gs-short-lived'] })
    const store = makeStore({ endpoint: other.endpoint, bucket: 'gs-short-lived' })
    await store.put('2026/11/a.png', Buffer.from('a'))
    store.close()
    await other.stop()
    expect(await refusesConnections(other.port)).toBe(true)
    expect(existsSync(other.directory)).toBe(false)
  })
})

describe('a multipart upload cut for good resumes at its next put, in a new store as after a restart [P42]', () => {
  /** Four parts of 5, 5, 5 and 2 MiB: all in flight at once (the store sends four at a time). */
  const SIZE = 17 * MiB
  const PART = 5 * MiB
  const records = join(drafts, 's3-uploads')
  const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

  interface Recorded {
    key: string
    uploadId: string
    partSize: number
    size: number
    sha256: string
  }

  /** The record of the unfinished upload of `key` (its prefix included), and its text; null when none. */
  function recordOf(objectKey: string): { record: Recorded; text: string } | null {
    if (!existsSync(records)) return null
    for (const name of readdirSync(records)) {
      if (!name.endsWith('.json')) continue
      const text = readFileSync(join(records, name), 'utf8')
      const record = JSON.parse(text) as Recorded
      if (record.key === objectKey) return { record, text }
    }
    return null
  }

  /** A request straight to the bucket, as another program (or another device) makes it. */
  async function behindItsBack(command: AbortMultipartUploadCommand | PutObjectCommand): Promise<void> {
    const client = new S3Client({
      endpoint: server.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: server.credentials
    })
    try {
      // The SDK's overloads take one command type at a time.
      if (command instanceof PutObjectCommand) await client.send(command)
      else await client.send(command)
    } finally {
      client.destroy()
    }
  }

  /**
   * A put whose third part is cut on every try (the SDK tries three times), through a proxy that relays
   * every later connection untouched: parts 1, 2 and 4 go up whole and the put fails, its upload recorded.
   */
  async function cutPut(
    key: string,
    data: Buffer
  ): Promise<{ store: S3MediaStore; uploadId: string; close(): Promise<void> }> {
    const proxy = await startCuttingProxy({
      targetPort: server.port,
      marker: 'partNumber=3&',
      afterBytes: MiB,
      times: 3
    })
    const store = makeStore({ endpoint: proxy.endpoint }, { partSize: PART })
    expect((await rejection(store.put(key, data))).kind).toBe('unreachable')
    expect(proxy.cuts).toBe(3)
    expect(partsSent(store, key)).toEqual({ 1: 1, 2: 1, 3: 3, 4: 1 })
    const recorded = recordOf(`${store.location.prefix}${key}`)
    expect(recorded?.record).toMatchObject({ partSize: PART, size: data.length, sha256: sha256(data) })
    // The record names the upload and the bytes, never the credentials.
    expect(recorded?.text).not.toContain(server.credentials.secretAccessKey)
    store.close()
    return { store, uploadId: recorded?.record.uploadId ?? '', close: () => proxy.stop() }
  }

  /** The store a restarted app makes for the same location: same endpoint and prefix, nothing in memory. */
  function restarted(store: S3MediaStore): S3MediaStore {
    return makeStore({ endpoint: store.location.endpoint, prefix: store.location.prefix }, { partSize: PART })
  }

  function count(store: S3MediaStore, key: string, method: string, query: string): number {
    return requestsFor(store, key).filter((r) => r.method === method && r.query.has(query)).length
  }

  it('sends only the part the bucket lacks, reading the listing of its parts page by page', async () => {
    const data = randomBytes(SIZE)
    const key = `2026/11/${sha256(data)}.mp4`
    const cut = await cutPut(key, data)
    try {
      const again = restarted(cut.store)
      // Downloaded anew into a draft (a file): the same bytes, so the same upload goes on.
      expect((await putContent(again, '2026/11/', chunked(data, 256 * 1024), '.mp4')).key).toBe(key)
      // Part 3 once more, whole; parts 1, 2 and 4 never again.
      expect(partsSent(again, key)).toEqual({ 1: 1, 2: 1, 3: 4, 4: 1 })
      expect(count(again, key, 'POST', 'uploads')).toBe(1)
      expect(count(again, key, 'POST', 'uploadId')).toBe(1)
      const listings = requestsFor(again, key).filter((r) => r.method === 'GET' && r.query.has('uploadId'))
      expect(listings.map((r) => r.query.get('part-number-marker'))).toEqual([null, '2'])
      expect(sha256((await again.read(key)) ?? Buffer.alloc(0))).toBe(sha256(data))
      expect(recordOf(`${again.location.prefix}${key}`)).toBeNull()
    } finally {
      await cut.close()
    }
  })

  it('says a resumed upload starts where it left off: its first report counts the parts the bucket held', async () => {
    const data = randomBytes(SIZE)
    const key = `2026/11/${sha256(data)}.mp4`
    const cut = await cutPut(key, data)
    try {
      const again = restarted(cut.store)
      const heard = listen()
      await again.put(key, data, undefined, { onProgress: heard.onProgress })
      // Parts 1, 2 and 4 (5 + 5 + 2 MiB) were in the bucket before a byte went up: only part 3 is sent.
      expect(partsSent(again, key)).toEqual({ 1: 1, 2: 1, 3: 4, 4: 1 })
      expect(heard.reports[0]).toEqual([12 * MiB, SIZE])
      expect(heard.reports.slice(1)).toEqual([
        [SIZE, SIZE],
        [SIZE, SIZE]
      ])
      expect(sha256((await again.read(key)) ?? Buffer.alloc(0))).toBe(sha256(data))
    } finally {
      await cut.close()
    }
  })

  it('sends again a part the bucket holds with other bytes than ours', async () => {
    const data = randomBytes(SIZE)
    const cut = await cutPut('2026/11/bent.mp4', data)
    try {
      // Part 1 as the server keeps it, of the right size but not our bytes.
      const upload = join(server.directory, BUCKET, '._S3rver_uploads', cut.uploadId)
      const other = randomBytes(PART)
      writeFileSync(join(upload, '1'), other)
      writeFileSync(join(upload, '1.md5'), createHash('md5').update(other).digest('hex'))
      const again = restarted(cut.store)
      await again.put('2026/11/bent.mp4', data)
      expect(partsSent(again, '2026/11/bent.mp4')).toEqual({ 1: 2, 2: 1, 3: 4, 4: 1 })
      expect(sha256((await again.read('2026/11/bent.mp4')) ?? Buffer.alloc(0))).toBe(sha256(data))
    } finally {
      await cut.close()
    }
  })

  it('begins again when the server no longer knows the upload (aborted behind its back)', async () => {
    const data = randomBytes(SIZE)
    const cut = await cutPut('2026/11/gone.mp4', data)
    try {
      await behindItsBack(
        new AbortMultipartUploadCommand({
          Bucket: BUCKET,
          Key: `${cut.store.location.prefix}2026/11/gone.mp4`,
          UploadId: cut.uploadId
        })
      )
      const again = restarted(cut.store)
      await again.put('2026/11/gone.mp4', data)
      expect(partsSent(again, '2026/11/gone.mp4')).toEqual({ 1: 2, 2: 2, 3: 4, 4: 2 })
      expect(count(again, '2026/11/gone.mp4', 'POST', 'uploads')).toBe(2)
      expect(sha256((await again.read('2026/11/gone.mp4')) ?? Buffer.alloc(0))).toBe(sha256(data))
      expect(recordOf(`${again.location.prefix}2026/11/gone.mp4`)).toBeNull()
    } finally {
      await cut.close()
    }
  })

  it('gives the old upload up and begins again when the bytes under the key changed', async () => {
    const cut = await cutPut('2026/11/changed.mp4', randomBytes(SIZE))
    try {
      const again = restarted(cut.store)
      const changed = randomBytes(SIZE)
      await again.put('2026/11/changed.mp4', changed)
      const aborts = requestsFor(again, '2026/11/changed.mp4').filter(
        (r) => r.method === 'DELETE' && r.query.get('uploadId') === cut.uploadId
      )
      expect(aborts).toHaveLength(1)
      expect(partsSent(again, '2026/11/changed.mp4')).toEqual({ 1: 2, 2: 2, 3: 4, 4: 2 })
      expect(sha256((await again.read('2026/11/changed.mp4')) ?? Buffer.alloc(0))).toBe(sha256(changed))
      expect(recordOf(`${again.location.prefix}2026/11/changed.mp4`)).toBeNull()
    } finally {
      await cut.close()
    }
  })

  it('forgets the upload, sending nothing, when the object is in the bucket already', async () => {
    const data = randomBytes(SIZE)
    const cut = await cutPut('2026/11/done.mp4', data)
    try {
      // Another device of the team finished the same object meanwhile.
      await behindItsBack(
        new PutObjectCommand({
          Bucket: BUCKET,
          Key: `${cut.store.location.prefix}2026/11/done.mp4`,
          Body: data
        })
      )
      const again = restarted(cut.store)
      await again.put('2026/11/done.mp4', data)
      expect(partsSent(again, '2026/11/done.mp4')).toEqual({ 1: 1, 2: 1, 3: 3, 4: 1 })
      expect(
        requestsFor(again, '2026/11/done.mp4').filter(
          (r) => r.method === 'DELETE' && r.query.get('uploadId') === cut.uploadId
        )
      ).toHaveLength(1)
      expect(recordOf(`${again.location.prefix}2026/11/done.mp4`)).toBeNull()
    } finally {
      await cut.close()
    }
  })
})

describe('S3 location errors and settings', () => {
  const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'
  const sdkError = (name: string, status?: number, message = 'the server said no'): Error =>
    Object.assign(new Error(message), {
      name,
      $metadata: status === undefined ? {} : { httpStatusCode: status }
    })

  it('sorts what went wrong by what the sync does next, and never words the secret key', () => {
    expect(toLocationError(sdkError('NoSuchBucket', 404), secret).kind).toBe('missing')
    expect(toLocationError(sdkError('SignatureDoesNotMatch', 403), secret).kind).toBe('denied')
    expect(toLocationError(sdkError('AccessDenied', 403), secret).kind).toBe('denied')
    expect(toLocationError(sdkError('Unauthorized', 401), secret).kind).toBe('denied')
    expect(toLocationError(sdkError('XMinioStorageFull', 507), secret).kind).toBe('full')
    expect(toLocationError(sdkError('InternalError', 500), secret).kind).toBe('failed')
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })
    expect(toLocationError(reset, secret).kind).toBe('unreachable')
    expect(toLocationError(sdkError('TimeoutError'), secret).kind).toBe('unreachable')

    const echoed = toLocationError(sdkError('SignatureDoesNotMatch', 403, `signed with ${secret}`), secret)
    expect(echoed.detail).not.toContain(secret)
    expect(echoed.message).not.toContain(secret)
    expect(echoed.detail).toContain('SignatureDoesNotMatch')
  })

  it('checks a location before a store is made of it', () => {
    const good = {
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      region: 'eu-central-1',
      bucket: 'studio-team',
      prefix: 'library/',
      pathStyle: false
    }
    expect(s3LocationSchema.parse(good)).toEqual(good)
    expect(s3LocationSchema.safeParse({ ...good, prefix: '' }).success).toBe(true)
    for (const bad of [
      { endpoint: 'ftp://host' },
      { bucket: 'ab' },
      { bucket: 'Upper' },
      { prefix: 'library' },
      { prefix: '../up/' },
      { prefix: '/' }
    ])
      expect(s3LocationSchema.safeParse({ ...good, ...bad }).success, JSON.stringify(bad)).toBe(false)
  })
})
