import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import sharp from 'sharp'
import { objectKey } from '../../src/main/sync/layout'
import type { ImportProgress } from '../../src/shared/schemas/imports'
import { startS3Process, type S3Process } from '../../test/e2e/support/s3Process'
import { startTestBackend, type TestBackend } from '../../test/helpers/backend'
import { tEXt, withChunks } from '../../test/helpers/pngChunks'
import { makeTempDir } from '../../test/helpers/tempDir'
import { cpuProfiled } from '../cpuProfile'
import { bench, speed, timeIt, type BenchContext, type Sample } from '../harness'

const BUCKET = 'gs-bench-team'
const REGION = 'us-east-1'
/**
 * Transfers in flight on the baseline's side: what a competent script does, a few files at once rather than
 * one after another. 4 is lib-storage's own default (`queueSize`, the parts of one upload in flight) and
 * what the app's push keeps in flight. Against one s3rver process on a 2-core machine, 1 at a time went
 * about 1.1–1.5× slower and 8 or 16 at most about a quarter faster (the AWS CLI runs 10): the server, not
 * the client, sets the pace there.
 */
const CONCURRENCY = 4
/** Longer than any run: the backends' automatic team sync must not start in the middle of a measurement. */
const NO_AUTO_SYNC_MS = 24 * 3600 * 1000

/**
 * Generator-like pictures of varied sizes, about 110 to 580 KB: PNGs of softened noise at several sizes
 * (smoother ones compress better) and JPEGs of sharper noise, as a board of generations and photos holds.
 */
const VARIANTS = [
  { format: 'png', width: 768, height: 768, sigma: 20, blur: 3 },
  { format: 'png', width: 512, height: 512, sigma: 30, blur: 2 },
  { format: 'png', width: 640, height: 640, sigma: 25, blur: 3 },
  { format: 'png', width: 832, height: 1216, sigma: 15, blur: 4 },
  { format: 'png', width: 768, height: 768, sigma: 12, blur: 5 },
  { format: 'png', width: 1024, height: 1024, sigma: 10, blur: 6 },
  { format: 'jpg', width: 768, height: 1024, sigma: 60, blur: 1.2 },
  { format: 'jpg', width: 1216, height: 832, sigma: 60, blur: 1 },
  { format: 'jpg', width: 832, height: 832, sigma: 40, blur: 1.5 },
  { format: 'jpg', width: 1024, height: 1024, sigma: 40, blur: 2 }
] as const
/** Distinct pictures behind the files (each file is made distinct by text of its own). */
const PICTURES = VARIANTS.length * 3

async function pictures(): Promise<Array<{ bytes: Buffer; ext: 'png' | 'jpg' }>> {
  const out: Array<{ bytes: Buffer; ext: 'png' | 'jpg' }> = []
  for (let i = 0; i < PICTURES; i++) {
    const v = VARIANTS[i % VARIANTS.length] ?? VARIANTS[0]
    const image = sharp({
      create: {
        width: v.width,
        height: v.height,
        channels: 3,
        background: { r: (i * 53) % 256, g: (i * 97) % 256, b: (i * 31) % 256 },
        noise: { type: 'gaussian', mean: 128, sigma: v.sigma }
      }
    }).blur(v.blur)
    out.push(
      v.format === 'png'
        ? { bytes: await image.png({ compressionLevel: 6 }).toBuffer(), ext: 'png' }
        : { bytes: await image.jpeg({ quality: 85 }).toBuffer(), ext: 'jpg' }
    )
  }
  return out
}

/** A JPEG made distinct by a comment segment right after its start (a camera's or an editor's note). */
function withComment(jpeg: Buffer, text: string): Buffer {
  const body = Buffer.from(text, 'latin1')
  const segment = Buffer.alloc(4 + body.length)
  segment.writeUInt16BE(0xfffe, 0)
  segment.writeUInt16BE(2 + body.length, 2)
  body.copy(segment, 4)
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)])
}

/** `count` distinct image files in `folder`, each with the settings a generator writes into its file. */
async function writeImages(folder: string, count: number): Promise<void> {
  mkdirSync(folder, { recursive: true })
  const base = await pictures()
  for (let i = 0; i < count; i++) {
    const picture = base[i % PICTURES] ?? { bytes: Buffer.alloc(0), ext: 'png' as const }
    const text = `a harbour at dawn, boat ${i}\nSteps: 28, Seed: ${i}, Size: 1024x1024, Model: sdxl_base`
    const bytes =
      picture.ext === 'png'
        ? withChunks(picture.bytes, [tEXt('parameters', text)])
        : withComment(picture.bytes, text)
    writeFileSync(join(folder, `${String(i).padStart(5, '0')}.${picture.ext}`), bytes)
  }
}

/** One image of device A's gallery as the library keeps it: the file the baseline reads, and its key. */
interface LibraryImage {
  file: string
  mime: string
  sha256: string
  bytes: number
}

interface State {
  temp: { dir: string; cleanup: () => void }
  s3: S3Process
  ana: TestBackend
  boardId: string
  images: LibraryImage[]
  totalBytes: number
}

/** Runs `work` over `items` with at most `limit` at a time, in order of the list. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async (): Promise<void> => {
    for (let item = items[next++]; item !== undefined; item = items[next++]) await work(item)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

/**
 * The client a competent script would make: the SDK's defaults, but with the checksums and addressing the
 * app's store uses, so both sides send the same requests for the same bytes.
 */
function plainClient(s3: S3Process): S3Client {
  const config: S3ClientConfig = {
    endpoint: s3.endpoint,
    region: REGION,
    forcePathStyle: true,
    // A copy: the SDK marks the object it is given (`$source`), which the app's schema would then refuse.
    credentials: { ...s3.credentials },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED'
  }
  return new S3Client(config)
}

/**
 * Each file under the key the app gives it (`objects/<ab>/<sha256>.<ext>`), below another prefix: the
 * server's work per request depends on the key's shape (s3rver keeps each key as nested folders on disk),
 * so both sides send the same bytes under the same keys and differ only by what the app adds. Under flat
 * names the baseline cost s3rver 1.2–3.5× less kernel time than the publish beside it (6 runs); under
 * the app's keys 1.0–1.8× (4 runs), the rest being the app's own requests (listings, packs, segments).
 */
const plainKey = (prefix: string, image: LibraryImage): string =>
  `${prefix}${objectKey(image.sha256, image.mime)}`

async function plainUpload(s3: S3Process, images: readonly LibraryImage[], prefix: string): Promise<void> {
  const client = plainClient(s3)
  try {
    await pool(images, CONCURRENCY, async (image) => {
      await new Upload({
        client,
        params: {
          Bucket: BUCKET,
          Key: plainKey(prefix, image),
          Body: createReadStream(image.file),
          ContentType: image.mime
        }
      }).done()
    })
  } finally {
    client.destroy()
  }
}

async function plainDownload(s3: S3Process, keys: readonly string[], into: string): Promise<void> {
  mkdirSync(into, { recursive: true })
  const client = plainClient(s3)
  try {
    await pool(keys, CONCURRENCY, async (key) => {
      const answer = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))
      if (!(answer.Body instanceof Readable)) throw new Error(`no body for ${key}`)
      await pipeline(answer.Body, createWriteStream(join(into, basename(key))))
    })
  } finally {
    client.destroy()
  }
}

/** Every object under `prefix`, by full key. */
async function listed(client: S3Client, prefix: string): Promise<string[]> {
  const keys: string[] = []
  let token: string | undefined
  do {
    const page = await client.send(
      new ListObjectsV2Command({
        Bucket: BUCKET,
        Prefix: prefix,
        ...(token === undefined ? {} : { ContinuationToken: token })
      })
    )
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key)
    token = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (token !== undefined)
  return keys
}

/** Both sides are only compared when the publish put up every image under the key the baseline reads. */
async function checkPublished(s3: S3Process, prefix: string, keys: readonly string[]): Promise<void> {
  const client = plainClient(s3)
  try {
    const there = new Set(await listed(client, prefix))
    const missing = keys.filter((key) => !there.has(key))
    if (missing.length > 0) throw new Error(`${missing.length} of ${keys.length} images were not published`)
  } finally {
    client.destroy()
  }
}

/**
 * Removes a run's objects from the server, so the bucket (a folder on this disk) does not grow run by run.
 * One at a time: s3rver removes a folder it finds empty after each delete, and deletes running side by side
 * (its DeleteObjects runs them so) race on that and fail with InternalError.
 */
async function removePrefixes(s3: S3Process, prefixes: readonly string[]): Promise<void> {
  const client = plainClient(s3)
  try {
    for (const prefix of prefixes)
      for (const Key of await listed(client, prefix))
        await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key }))
  } finally {
    client.destroy()
  }
}

/**
 * Dirty pages of the previous step (a baseline writes its downloads without fsync) are flushed before the
 * next one is timed: otherwise whichever side fsyncs next pays for them.
 */
function settleDisk(): void {
  spawnSync('sync', [], { stdio: 'ignore' })
}

async function importFolder(studio: TestBackend, folder: string): Promise<ImportProgress> {
  const finished: ImportProgress[] = []
  const off = studio.api.on('gallery.importProgress', (progress) => {
    if (progress.status !== 'running') finished.push(progress)
  })
  try {
    const started = await studio.api.invoke('gallery.importFolder', { folder })
    for (;;) {
      const done = finished.find((p) => p.importId === started.importId)
      if (done) return done
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  } finally {
    off()
  }
}

/** Device A's gallery: the images imported, all on one board, each with its thumbnail made. */
async function prepareAna(
  ctx: BenchContext,
  ana: TestBackend,
  folder: string,
  count: number
): Promise<{ boardId: string; images: LibraryImage[] }> {
  const imported = await importFolder(ana, folder)
  if (imported.status !== 'succeeded' || imported.added !== count)
    throw new Error(`import ${imported.status}: ${imported.added} of ${count} added`)
  const board = await ana.api.invoke('boards.create', { name: 'Team picks' })
  await ana.api.invoke('boards.add', {
    boardId: board.id,
    selection: { kind: 'filter', filter: {}, except: [] }
  })
  const images: LibraryImage[] = []
  let cursor: string | undefined
  do {
    const page = await ana.api.invoke('gallery.query', {
      filter: { boardIds: [board.id] },
      limit: 500,
      ...(cursor === undefined ? {} : { cursor })
    })
    for (const item of page.items) {
      // A gallery shows an image before it is shared, and showing it makes its thumbnail: a folder import
      // leaves thumbnails to be made then. Making them here keeps that work out of the publish.
      await ana.backend.resolveMedia(`${item.mediaId}_thumb`)
      const media = await ana.backend.resolveMedia(item.mediaId)
      if (!media) throw new Error(`no file for media ${item.mediaId}`)
      const bytes = readFileSync(media.file)
      images.push({
        file: media.file,
        mime: media.mime,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        bytes: bytes.length
      })
    }
    cursor = page.nextCursor ?? undefined
  } while (cursor !== undefined)
  if (images.length !== count) throw new Error(`the board holds ${images.length} of ${count} images`)
  ctx.log(`device A: ${count} images on a board, thumbnails made`)
  return { boardId: board.id, images }
}

const locationSettings = (s3: S3Process, prefix: string) =>
  ({ kind: 's3', endpoint: s3.endpoint, region: REGION, bucket: BUCKET, prefix, pathStyle: true }) as const

const locationCredentials = (s3: S3Process) =>
  ({
    kind: 's3',
    accessKeyId: s3.credentials.accessKeyId,
    secretAccessKey: s3.credentials.secretAccessKey
  }) as const

const mb = (bytes: number): number => bytes / 1024 / 1024
const rate = (bytes: number, ms: number): string => `${(mb(bytes) / (ms / 1000)).toFixed(1)} MB/s`

/**
 * One untimed round of each side before the first run. Without it the first run met a cold s3rver and cold
 * SDK code: in the three sets of runs looked at, its upload (which goes first) took 6.1–6.3 s where the
 * later ones took 3.5–4.8, and its publish ratio (0.91–1.23) stood above every later run's (0.62–0.88).
 */
async function warmUp(
  s3: S3Process,
  ana: TestBackend,
  boardId: string,
  images: readonly LibraryImage[],
  downloads: string
): Promise<void> {
  await plainUpload(s3, images, 'warm-plain/')
  const warm = await ana.api.invoke('locations.save', {
    name: 'Warm-up',
    settings: locationSettings(s3, 'warm-team/'),
    credentials: locationCredentials(s3)
  })
  try {
    await ana.api.invoke('team.publishBoard', { locationId: warm.id, boardId })
  } finally {
    await ana.api.invoke('locations.remove', { id: warm.id })
  }
  await plainDownload(
    s3,
    images.map((image) => plainKey('warm-plain/', image)),
    downloads
  )
  rmSync(downloads, { recursive: true, force: true })
}

/**
 * The team library's sync throughput against the S3 SDK alone, on one s3rver (its own process, on
 * loopback) started by the suite: device A publishing a board of 1,000 images (60 with --quick) to an empty
 * prefix, against lib-storage uploading the same files to another; then a new device B subscribing (its
 * first sync, every image shown in its gallery by its thumbnail), then keeping that board's files on B
 * (pinned: every file downloaded), each against plain GetObject downloads of the same objects to files.
 * Each run uses fresh prefixes and a fresh data folder for B.
 */
export const teamSync = bench<State>({
  name: 'team sync: publish and subscribe 1,000 images vs the S3 SDK alone',
  async setup(ctx) {
    const count = ctx.quick ? 60 : 1_000
    const temp = makeTempDir('gs-bench-team-')
    let s3: S3Process | null = null
    let ana: TestBackend | null = null
    try {
      const folder = join(temp.dir, 'images')
      await writeImages(folder, count)
      s3 = await startS3Process([BUCKET])
      ana = startTestBackend(temp.dir, 'ana', undefined, { teamSyncEveryMs: NO_AUTO_SYNC_MS })
      const { boardId, images } = await prepareAna(ctx, ana, folder, count)
      rmSync(folder, { recursive: true, force: true })
      await warmUp(s3, ana, boardId, images, join(temp.dir, 'warm-downloads'))
      const totalBytes = images.reduce((sum, image) => sum + image.bytes, 0)
      const sizes = images.map((image) => image.bytes).sort((a, b) => a - b)
      ctx.log(
        `${count} files, ${mb(totalBytes).toFixed(0)} MB (${((sizes[0] ?? 0) / 1024).toFixed(0)}–` +
          `${((sizes[sizes.length - 1] ?? 0) / 1024).toFixed(0)} KB); s3rver at ${s3.endpoint}; ` +
          `baseline ${CONCURRENCY} transfers at a time`
      )
      return { temp, s3, ana, boardId, images, totalBytes }
    } catch (error) {
      await ana?.backend.close()
      await s3?.stop()
      temp.cleanup()
      throw error
    }
  },
  async run(state, ctx, run): Promise<Sample[]> {
    const { temp, s3, ana, boardId, images, totalBytes } = state
    const count = images.length
    const teamPrefix = `team-${run}/`
    const plainPrefix = `plain-${run}/`
    const downloads = join(temp.dir, `downloads-${run}`)
    const benDir = join(temp.dir, `ben-${run}`)
    // Which side goes first alternates by run: neither always meets a warmer server or page cache.
    const subjectFirst = run % 2 === 1
    let anaLocation: string | null = null
    try {
      // Publish: A shares the board with a location it just added (saving it is not timed).
      const saved = await ana.api.invoke('locations.save', {
        name: `Team ${run}`,
        settings: locationSettings(s3, teamPrefix),
        credentials: locationCredentials(s3)
      })
      anaLocation = saved.id
      const publish = async (): Promise<number> =>
        timeIt(() =>
          cpuProfiled(run === 0 ? ctx.profileDir : null, 'team-publish', async () => {
            const out = await ana.api.invoke('team.publishBoard', { locationId: saved.id, boardId })
            if (out.pushed === 0) throw new Error('the publish sent nothing')
          })
        )
      const upload = (): Promise<number> => timeIt(() => plainUpload(s3, images, plainPrefix))
      let publishMs: number
      let uploadMs: number
      settleDisk()
      if (subjectFirst) {
        publishMs = await publish()
        settleDisk()
        uploadMs = await upload()
      } else {
        uploadMs = await upload()
        settleDisk()
        publishMs = await publish()
      }
      const keys = images.map((image) => `${teamPrefix}${objectKey(image.sha256, image.mime)}`)
      await checkPublished(s3, `${teamPrefix}objects/`, keys)

      // Subscribe: a new device B adds the location (not timed) and its first sync brings every image in.
      const ben = startTestBackend(temp.dir, `ben-${run}`, undefined, { teamSyncEveryMs: NO_AUTO_SYNC_MS })
      let subscribeMs: number
      let filesMs: number
      let downloadMs: number
      try {
        const benLocation = await ben.api.invoke('locations.save', {
          name: 'Team',
          settings: locationSettings(s3, teamPrefix),
          credentials: locationCredentials(s3)
        })
        const subscribe = async (): Promise<number> =>
          timeIt(() =>
            cpuProfiled(run === 0 ? ctx.profileDir : null, 'team-subscribe', async () => {
              const out = await ben.api.invoke('team.sync', { id: benLocation.id })
              if (out.added !== count) throw new Error(`brought in ${out.added} of ${count} images`)
            })
          )
        // Kept on this computer: the board's files come down. Pinning starts a sync; the sync asked for
        // next waits for it (one sync of a location at a time), so both are timed.
        const keepFiles = async (): Promise<number> =>
          timeIt(() =>
            cpuProfiled(run === 0 ? ctx.profileDir : null, 'team-keep-files', async () => {
              const link = (await ben.api.invoke('team.boards', {})).find(
                (one) => one.locationId === benLocation.id
              )
              if (!link) throw new Error('device B has no board of the team')
              await ben.api.invoke('team.pinBoard', { boardId: link.boardId, pinned: true })
              await ben.api.invoke('team.sync', { id: benLocation.id })
              // In pages: a query answers at most 500 images, and the full run has 1,000.
              const items = []
              let cursor: string | undefined
              do {
                const page = await ben.api.invoke('gallery.query', {
                  filter: { boardIds: [link.boardId] },
                  limit: 500,
                  ...(cursor ? { cursor } : {})
                })
                items.push(...page.items)
                cursor = page.nextCursor ?? undefined
              } while (cursor)
              const away = items.filter((item) => item.away).length
              if (items.length !== count || away > 0)
                throw new Error(`${away} of ${items.length} files are still at the location`)
            })
          )
        const download = (): Promise<number> => timeIt(() => plainDownload(s3, keys, downloads))
        settleDisk()
        if (subjectFirst) {
          subscribeMs = await subscribe()
          settleDisk()
          filesMs = await keepFiles()
          settleDisk()
          downloadMs = await download()
        } else {
          downloadMs = await download()
          settleDisk()
          subscribeMs = await subscribe()
          settleDisk()
          filesMs = await keepFiles()
        }
      } finally {
        await ben.backend.close()
      }
      ctx.log(
        `run ${run + 1}: publish ${rate(totalBytes, publishMs)} vs ${rate(totalBytes, uploadMs)}, ` +
          `subscribe ${(subscribeMs / 1000).toFixed(1)} s, files ${rate(totalBytes, filesMs)} vs ` +
          `${rate(totalBytes, downloadMs)}`
      )
      const scale = `${count.toLocaleString('en')} images, ${mb(totalBytes).toFixed(0)} MB`
      return [
        {
          key: 'teamSync.publish',
          label: `publishing a board of ${scale} to an S3 bucket`,
          subjectIs:
            'team.publishBoard on device A: records and board as changes, each image up, then the log segments',
          baselineIs: `@aws-sdk/lib-storage Upload of the same files under the same keys alone, ${CONCURRENCY} at a time`,
          unit: 'ms',
          subject: publishMs,
          baseline: uploadMs,
          ratio: speed(publishMs, uploadMs),
          goal: 'throughput ≥ 0.8× lib-storage alone',
          judge: ({ ratio }) => ratio >= 0.8,
          details: {
            publish: rate(totalBytes, publishMs),
            upload: rate(totalBytes, uploadMs),
            first: subjectFirst ? 'publish' : 'upload'
          }
        },
        {
          key: 'teamSync.subscribe',
          label: `subscribing to a board of ${scale} (thumbnails first)`,
          subjectIs:
            "team.sync on a new device B: the log read and merged, every image shown in B's gallery by the thumbnail its pack holds",
          baselineIs: `GetObject of the same objects streamed to files, ${CONCURRENCY} at a time`,
          unit: 'ms',
          subject: subscribeMs,
          baseline: downloadMs,
          ratio: speed(subscribeMs, downloadMs),
          goal: 'the board shown ≥ 0.8× as fast as plain downloads of its files',
          judge: ({ ratio }) => ratio >= 0.8,
          details: {
            subscribe: `${(subscribeMs / 1000).toFixed(2)} s`,
            download: rate(totalBytes, downloadMs),
            first: subjectFirst ? 'subscribe' : 'download'
          }
        },
        {
          key: 'teamSync.keepFiles',
          label: `keeping the files of a subscribed board of ${scale} on this computer`,
          subjectIs:
            "team.pinBoard on device B, then its sync: every image's file downloaded, checked and kept in B's library",
          baselineIs: `GetObject of the same objects streamed to files, ${CONCURRENCY} at a time`,
          unit: 'ms',
          subject: filesMs,
          baseline: downloadMs,
          ratio: speed(filesMs, downloadMs),
          goal: 'throughput ≥ 0.8× plain downloads',
          judge: ({ ratio }) => ratio >= 0.8,
          details: {
            files: rate(totalBytes, filesMs),
            download: rate(totalBytes, downloadMs),
            first: subjectFirst ? 'files' : 'download'
          }
        }
      ]
    } finally {
      // Nothing of this run is left to help (or slow) the next: its location, objects and folders go. A
      // failure here is said, not thrown, so it never hides the run's own.
      try {
        if (anaLocation !== null) await ana.api.invoke('locations.remove', { id: anaLocation })
        await removePrefixes(s3, [teamPrefix, plainPrefix])
      } catch (error) {
        ctx.log(`run ${run + 1}: clearing its location failed: ${String(error)}`)
      }
      rmSync(downloads, { recursive: true, force: true })
      rmSync(benDir, { recursive: true, force: true })
    }
  },
  async teardown(state) {
    if (!state) return
    try {
      await state.ana.backend.close()
    } finally {
      await state.s3.stop()
      state.temp.cleanup()
    }
  }
})
