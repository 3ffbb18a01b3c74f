import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_FILE } from '../../../src/main/dataFolder/database'
import type { MediaStore } from '../../../src/main/library/mediaStore'
import { openLocation, type OpenLocation } from '../../../src/main/locations/open'
import { CLEAN_UP_GRACE_MS } from '../../../src/main/sync/cleanUp'
import { objectKey, parseDeviceKey, shareKey, SHARE_PAGE, thumbKey } from '../../../src/main/sync/layout'
import { MemoryJournal } from '../../../src/main/sync/memoryJournal'
import { Replica } from '../../../src/main/sync/replica'
import type { ImageRecord } from '../../../src/main/sync/teamLibrary'
import { systemClock } from '../../../src/main/time/clock'
import { english } from '../../../src/shared/sentences'
import { startTestBackend, type TestBackend } from '../../helpers/backend'
import { bindReadOnly, canMount } from '../../helpers/mounts'
import { startS3Server, type S3TestServer } from '../../helpers/s3Server'
import { pngRecord, sha256Of, TEAM_PLACES, type TeamPlace } from '../../helpers/teamPlaces'
import { makeTempDir } from '../../helpers/tempDir'
import { startWebdavServer, type WebdavServer } from '../../helpers/webdavServer'

const png = (r: number, g = 120): Promise<Buffer> =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: { r, g, b: 60 } } })
    .png()
    .toBuffer()

const sha = sha256Of
const DAY = 24 * 60 * 60 * 1000

const record = (bytes: Buffer): ImageRecord => pngRecord(bytes, 24, 16)

async function keysUnder(store: MediaStore, prefix: string): Promise<string[]> {
  const keys: string[] = []
  for await (const { key } of store.list(prefix)) keys.push(key)
  return keys.sort()
}

/** A team device without a gallery (as the convergence tests drive one): it can delete a team image. */
function device(id: string, store: MediaStore, images: Map<string, Buffer>): Replica {
  return new Replica(
    id,
    new MemoryJournal(id),
    store,
    { original: (hash) => Promise.resolve(images.get(hash) ?? null) },
    () => Date.now()
  )
}

/** A backend whose clock the test moves ahead (the one clock Clean up measures ages against). */
function studioWithClock(root: string, name: string): { studio: TestBackend; ahead: { ms: number } } {
  const ahead = { ms: 0 }
  const studio = startTestBackend(root, name, undefined, {
    clock: { ...systemClock, now: () => Date.now() + ahead.ms }
  })
  return { studio, ahead }
}

const KINDS = TEAM_PLACES

describe.each(Object.keys(KINDS) as Array<keyof typeof KINDS>)('Clean up at %s', (kind) => {
  const temp = makeTempDir('gs-clean-up-')
  let place: TeamPlace
  let opened: OpenLocation
  let ben: TestBackend
  let benClock: { ms: number }
  let benLocationId = ''
  const anaImages = new Map<string, Buffer>()
  let ana: Replica
  const files: Buffer[] = []
  let deleted = ''
  let debris = ''

  beforeAll(async () => {
    place = await KINDS[kind]()
    opened = await openLocation(place.settings, place.credentials, { draftDir: join(temp.dir, 'drafts') })
    ;({ studio: ben, ahead: benClock } = studioWithClock(temp.dir, 'ben'))
    files.push(await png(10), await png(20), await png(30))
    for (const bytes of files) anaImages.set(sha(bytes), bytes)
    ana = device('anadevice01', opened.store, anaImages)
  }, 30_000)
  afterAll(async () => {
    await ben.backend.close()
    opened.close()
    await place.stop()
    temp.cleanup()
  })

  it('publishes, deletes one image, and keeps its files while they are young', async () => {
    // Ana publishes three images on a board, marks them often enough to write snapshots, deletes one.
    ana.edit((edits) => [
      ...edits.createBoard('moodboard1', 'Moodboard'),
      ...files.flatMap((bytes) => [
        ...edits.addImage(record(bytes)),
        ...edits.addToBoard('moodboard1', sha(bytes))
      ])
    ])
    await ana.push()
    for (let round = 0; round < 70; round++) {
      ana.edit((edits) => edits.setRating(sha(files[0] as Buffer), (round % 5) + 1))
      await ana.push()
    }
    deleted = sha(files[2] as Buffer)
    ana.edit((edits) => edits.deleteImage(deleted))
    await ana.push()
    // An older app also put a thumbnail beside each image; and a push cut before its segment left debris.
    await opened.store.put(thumbKey(deleted), Buffer.from('thumbnail of the deleted image'))
    const stray = await png(200, 200)
    debris = sha(stray)
    await opened.store.put(objectKey(debris, 'image/png'), stray)
    const anaSnapshots = (await keysUnder(opened.store, 'devices/anadevice01/snapshots/')).length
    expect(anaSnapshots).toBeGreaterThanOrEqual(2)

    // Ben subscribes, and publishes a board of his own (his image must outlive every Clean up).
    const location = await ben.api.invoke('locations.save', {
      name: 'Team',
      settings: place.settings,
      credentials: place.credentials
    })
    benLocationId = location.id
    expect(await ben.api.invoke('team.sync', { id: benLocationId })).toMatchObject({ added: 2 })
    const mine = await ben.api.invoke('gallery.importFiles', {
      files: [{ name: 'ben.png', data: (await png(90)).toString('base64') }]
    })
    const board = await ben.api.invoke('boards.create', { name: 'Ben picks' })
    await ben.api.invoke('boards.add', { boardId: board.id, selection: { kind: 'ids', ids: mine.added } })
    await ben.api.invoke('team.publishBoard', { locationId: benLocationId, boardId: board.id })

    const logsBefore = await keysUnder(opened.store, 'devices/')
    const outcome = await ben.api.invoke('team.cleanUp', { id: benLocationId })
    // Everything unused is younger than a day: kept, and said so.
    expect(outcome.kinds.images.files).toBe(0)
    expect(outcome.kinds.thumbnails.files).toBe(0)
    expect(outcome.kept.recent.files).toBe(3)
    // Ana's superseded snapshots go; her newest stays, and no log segment is touched.
    expect(outcome.kinds.snapshots.files).toBe(anaSnapshots - 1)
    expect(outcome.removed.files).toBe(anaSnapshots - 1)
    expect(outcome.removed.bytes).toBeGreaterThan(0)
    const logsAfter = await keysUnder(opened.store, 'devices/')
    expect(logsAfter.filter((key) => parseDeviceKey(key)?.kind === 'log')).toEqual(
      logsBefore.filter((key) => parseDeviceKey(key)?.kind === 'log')
    )
    expect(await keysUnder(opened.store, 'devices/anadevice01/snapshots/')).toHaveLength(1)
    expect(await opened.store.stat(objectKey(deleted, 'image/png'))).not.toBeNull()
  }, 120_000)

  it('removes exactly the deleted image’s file and thumbnail and the debris once a day old', async () => {
    const liveObjects = (await keysUnder(opened.store, 'objects/')).filter(
      (key) => !key.includes(deleted) && !key.includes(debris)
    )
    expect(liveObjects).toHaveLength(3)
    benClock.ms = CLEAN_UP_GRACE_MS + DAY
    const outcome = await ben.api.invoke('team.cleanUp', { id: benLocationId })
    expect(outcome.kinds.images.files).toBe(2)
    expect(outcome.kinds.thumbnails.files).toBe(1)
    expect(outcome.kinds.snapshots.files).toBe(0)
    expect(outcome.kept.recent.files).toBe(0)
    expect(outcome.removed.files).toBe(3)
    expect(await keysUnder(opened.store, 'objects/')).toEqual(liveObjects)
    expect((await keysUnder(opened.store, 'thumbs/')).filter((key) => key.includes(deleted))).toEqual([])
    // Nothing left to do: a second run removes nothing.
    expect((await ben.api.invoke('team.cleanUp', { id: benLocationId })).removed.files).toBe(0)
  }, 60_000)

  it('leaves both devices syncing and converging, a newcomer joining whole, and no live image lost', async () => {
    const late = await png(60, 30)
    anaImages.set(sha(late), late)
    ana.edit((edits) => [...edits.addImage(record(late)), ...edits.addToBoard('moodboard1', sha(late))])
    await ana.push()
    await ana.pull()
    expect(await ben.api.invoke('team.sync', { id: benLocationId })).toMatchObject({ added: 1 })
    await ana.pull()

    // A device that joins after Clean up reads what is left (snapshot and logs) to the same state.
    const newcomer = device('newcomer01', opened.store, new Map())
    await newcomer.pull()
    expect(newcomer.digest()).toBe(ana.digest())
    const live = ana.view().images.map((image) => image.record.sha256)
    expect(live).toHaveLength(4)
    expect(live).not.toContain(deleted)
    for (const image of ana.view().images) {
      const bytes = await opened.store.read(objectKey(image.record.sha256, image.record.type))
      expect(bytes && sha(bytes)).toBe(image.record.sha256)
    }
    const boards = await ben.api.invoke('boards.list', {})
    expect(boards.find((b) => b.name === 'Moodboard')?.count).toBe(3)
    expect(boards.find((b) => b.name === 'Ben picks')?.count).toBe(1)
  }, 60_000)
})

describe('Clean up of review pages', () => {
  const temp = makeTempDir('gs-clean-shares-')
  let dav: WebdavServer
  let studio: TestBackend
  let ahead: { ms: number }
  beforeAll(async () => {
    dav = await startWebdavServer()
    ;({ studio, ahead } = studioWithClock(temp.dir, 'ana'))
  })
  afterAll(async () => {
    await studio.backend.close()
    await dav.stop()
    temp.cleanup()
  })

  it('leaves no empty folder after Take down, and removes only this computer’s unfinished pages', async () => {
    const report = await studio.api.invoke('gallery.importFiles', {
      files: [{ name: 'one.png', data: (await png(70)).toString('base64') }]
    })
    const board = await studio.api.invoke('boards.create', { name: 'Review me' })
    await studio.api.invoke('boards.add', {
      boardId: board.id,
      selection: { kind: 'ids', ids: report.added }
    })
    const location = await studio.api.invoke('locations.save', {
      name: 'NAS',
      settings: { kind: 'webdav', url: dav.url },
      credentials: { kind: 'webdav', ...dav.credentials }
    })
    const share = await studio.api.invoke('team.shareForReview', {
      locationId: location.id,
      boardId: board.id,
      profile: 'public',
      lifetimeSeconds: 86_400
    })
    const folder = join(dav.dir, 'shares', share.id)
    const { store } = await openLocation(
      { kind: 'webdav', url: dav.url },
      { kind: 'webdav', ...dav.credentials },
      { draftDir: join(temp.dir, 'drafts') }
    )
    expect(await keysUnder(store, shareKey(share.id, ''))).toContain(shareKey(share.id, SHARE_PAGE))
    await studio.api.invoke('team.revokeShare', { shareId: share.id })
    expect(await keysUnder(store, 'shares/')).toEqual([])
    expect(existsSync(folder)).toBe(false)

    // A teammate's page (no row here) and an old page of ours that never finished (its row, no link).
    const theirs = shareKey(randomBytes(12).toString('hex'), SHARE_PAGE)
    await store.put(theirs, Buffer.from('<p>a teammate’s review page</p>'))
    const unfinished = await studio.api.invoke('team.shareForReview', {
      locationId: location.id,
      boardId: board.id,
      profile: 'public',
      lifetimeSeconds: 86_400
    })
    // As a page left by a crash would be: its row says nothing was linked.
    const db = new Database(join(studio.dataDir, DATABASE_FILE))
    db.prepare('UPDATE review_shares SET link = NULL WHERE id = ?').run(unfinished.id)
    db.close()
    const ours = await keysUnder(store, shareKey(unfinished.id, ''))
    expect(ours.length).toBeGreaterThan(1)

    // Young, it may still be going up: kept. A day later it is removed, files and folders.
    expect((await studio.api.invoke('team.cleanUp', { id: location.id })).kinds.reviewPages.files).toBe(0)
    ahead.ms = CLEAN_UP_GRACE_MS + DAY
    const outcome = await studio.api.invoke('team.cleanUp', { id: location.id })
    expect(outcome.kinds.reviewPages.files).toBe(ours.length)
    expect(await keysUnder(store, 'shares/')).toEqual([theirs])
    expect(existsSync(join(dav.dir, 'shares', unfinished.id))).toBe(false)
    const listed = await studio.api.invoke('team.reviewShares', {})
    expect(listed.find((one) => one.id === unfinished.id)?.state).toBe('revoked')
  }, 60_000)
})

/**
 * An S3 endpoint in front of s3rver that refuses DeleteObject under the given folders, as a bucket policy
 * that denies s3:DeleteObject would (s3rver itself has no policies): the 403 AccessDenied S3 answers.
 */
async function noDeleteProxy(
  target: number,
  refused: RegExp
): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const server: Server = createServer((incoming, answer) => {
    if (incoming.method === 'DELETE' && refused.test(incoming.url ?? '')) {
      incoming.resume()
      answer.writeHead(403, { 'content-type': 'application/xml' })
      answer.end(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>'
      )
      return
    }
    const upstream = request(
      {
        host: '127.0.0.1',
        port: target,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers
      },
      (reply) => {
        answer.writeHead(reply.statusCode ?? 502, reply.headers)
        reply.pipe(answer)
      }
    )
    upstream.on('error', () => answer.destroy())
    incoming.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

describe('Clean up of what cut-off writes left', () => {
  const temp = makeTempDir('gs-clean-unfinished-')
  afterAll(() => temp.cleanup())

  /** Puts `old` (three days old) and `young` (just written) at `dir`, as a cut-off write leaves them. */
  function leftovers(dir: string, old: string, young: string): void {
    for (const name of [old, young]) {
      mkdirSync(join(dir, name, '..'), { recursive: true })
      writeFileSync(join(dir, name), name === old ? 'half of an old upload' : 'an upload under way')
    }
    const threeDaysAgo = new Date(Date.now() - 3 * DAY)
    utimesSync(join(dir, old), threeDaysAgo, threeDaysAgo)
  }

  const PLACES = {
    // A write cut by a crash or a lost mount leaves its temp file beside the object it was to become.
    folder: () => {
      const dir = join(temp.dir, 'share')
      mkdirSync(dir)
      const base = `objects/ab/ab${'0'.repeat(62)}.png`
      leftovers(dir, `${base}.tmp-0123456789abcdef`, `${base}.tmp-fedcba9876543210`)
      return Promise.resolve({
        settings: { kind: 'folder', path: dir } as const,
        credentials: null,
        old: join(dir, `${base}.tmp-0123456789abcdef`),
        young: join(dir, `${base}.tmp-fedcba9876543210`),
        stop: () => Promise.resolve()
      })
    },
    // A PUT cut mid-body leaves what was sent under the upload's name, on servers that keep it (rclone).
    webdav: async () => {
      const dav = await startWebdavServer()
      leftovers(dav.dir, '.drafts/old-upload', '.drafts/young-upload')
      return {
        settings: { kind: 'webdav', url: dav.url } as const,
        credentials: { kind: 'webdav', ...dav.credentials } as const,
        old: join(dav.dir, '.drafts/old-upload'),
        young: join(dav.dir, '.drafts/young-upload'),
        stop: () => dav.stop()
      }
    }
  }

  it.each(Object.keys(PLACES) as Array<keyof typeof PLACES>)(
    'at %s: removes them once a day old, keeps younger ones, and says so by kind',
    async (kind) => {
      const place = await PLACES[kind]()
      const studio = startTestBackend(temp.dir, kind)
      try {
        const location = await studio.api.invoke('locations.save', {
          name: 'Team',
          settings: place.settings,
          credentials: place.credentials
        })
        const outcome = await studio.api.invoke('team.cleanUp', { id: location.id })
        const bytes = Buffer.byteLength('half of an old upload')
        expect(outcome.kinds.unfinished).toEqual({ files: 1, bytes })
        expect(outcome.removed.files).toBe(1)
        expect(existsSync(place.old)).toBe(false)
        expect(existsSync(place.young)).toBe(true)
        // Nothing else was there to remove, and a second run finds nothing more.
        expect((await studio.api.invoke('team.cleanUp', { id: location.id })).removed.files).toBe(0)
        expect(existsSync(place.young)).toBe(true)
      } finally {
        await studio.backend.close()
        await place.stop()
      }
    },
    60_000
  )
})

describe('Clean up with credentials that cannot delete', () => {
  const temp = makeTempDir('gs-clean-denied-')
  afterAll(() => temp.cleanup())

  /** Debris a cut push left: unused by anything, and (with the clock ahead) old enough to remove. */
  const strays = async (store: MediaStore): Promise<string[]> => {
    const keys: string[] = []
    for (const shade of [11, 12]) {
      const bytes = await png(shade, shade)
      keys.push(objectKey(sha(bytes), 'image/png'))
      await store.put(keys[keys.length - 1] as string, bytes)
    }
    const thumb = thumbKey(sha(await png(13, 13)))
    await store.put(thumb, Buffer.from('thumbnail'))
    return [...keys, thumb].sort()
  }

  it('on a bucket whose policy denies every delete: nothing removed, and says so in words', async () => {
    const s3: S3TestServer = await startS3Server({ buckets: ['team-library'] })
    const proxy = await noDeleteProxy(s3.port, /./)
    const { studio, ahead } = studioWithClock(temp.dir, 's3-none')
    try {
      const settings = {
        kind: 's3',
        endpoint: s3.endpoint,
        region: 'us-east-1',
        bucket: 'team-library',
        prefix: '',
        pathStyle: true
      } as const
      const direct = await openLocation(settings, { kind: 's3', ...s3.credentials }, { draftDir: temp.dir })
      const left = await strays(direct.store)
      const location = await studio.api.invoke('locations.save', {
        name: 'Bucket',
        settings: { ...settings, endpoint: proxy.endpoint },
        credentials: { kind: 's3', ...s3.credentials }
      })
      ahead.ms = CLEAN_UP_GRACE_MS + DAY
      await expect(studio.api.invoke('team.cleanUp', { id: location.id })).rejects.toMatchObject({
        code: 'location.denied',
        message: english('cleanUpDenied')
      })
      // The dialog says the refusal; the Queue does not call the location broken, its sync went through.
      const work = await studio.api.invoke('team.work', {})
      expect(work).toHaveLength(1)
      expect(work[0]).toMatchObject({ doing: null, failure: null })
      expect(work[0]?.lastSyncedAt).toBeGreaterThan(0)
      expect(
        [...(await keysUnder(direct.store, 'objects/')), ...(await keysUnder(direct.store, 'thumbs/'))].sort()
      ).toEqual(left)
      // Syncing works as before with those credentials.
      await expect(studio.api.invoke('team.sync', { id: location.id })).resolves.toMatchObject({ pushed: 0 })
      direct.close()
    } finally {
      await studio.backend.close()
      await proxy.stop()
      await s3.stop()
    }
  }, 60_000)

  it('on a bucket that may delete thumbnails only: says how many it removed before the refusal', async () => {
    const s3: S3TestServer = await startS3Server({ buckets: ['team-library'] })
    const proxy = await noDeleteProxy(s3.port, /\/objects\//)
    const { studio, ahead } = studioWithClock(temp.dir, 's3-some')
    try {
      const settings = {
        kind: 's3',
        endpoint: s3.endpoint,
        region: 'us-east-1',
        bucket: 'team-library',
        prefix: '',
        pathStyle: true
      } as const
      const direct = await openLocation(settings, { kind: 's3', ...s3.credentials }, { draftDir: temp.dir })
      await strays(direct.store)
      const location = await studio.api.invoke('locations.save', {
        name: 'Bucket',
        settings: { ...settings, endpoint: proxy.endpoint },
        credentials: { kind: 's3', ...s3.credentials }
      })
      ahead.ms = CLEAN_UP_GRACE_MS + DAY
      const refused = await studio.api
        .invoke('team.cleanUp', { id: location.id })
        .catch((error: unknown) => error)
      expect(refused).toMatchObject({
        code: 'location.denied',
        message: english('cleanUpDeniedPartway', { files: 1 })
      })
      expect(await keysUnder(direct.store, 'thumbs/')).toEqual([])
      expect(await keysUnder(direct.store, 'objects/')).toHaveLength(2)
      direct.close()
    } finally {
      await studio.backend.close()
      await proxy.stop()
      await s3.stop()
    }
  }, 60_000)

  it('on a read-only WebDAV server: nothing removed, and says so in words', async () => {
    const dav = await startWebdavServer({ readOnly: true })
    const studio = startTestBackend(temp.dir, 'dav')
    try {
      // The server only reads: the debris is put in its folder behind its back, a week old.
      const stray = await png(14, 14)
      const key = objectKey(sha(stray), 'image/png')
      mkdirSync(join(dav.dir, key, '..'), { recursive: true })
      writeFileSync(join(dav.dir, key), stray)
      const weekAgo = new Date(Date.now() - 7 * DAY)
      utimesSync(join(dav.dir, key), weekAgo, weekAgo)
      const location = await studio.api.invoke('locations.save', {
        name: 'NAS',
        settings: { kind: 'webdav', url: dav.url },
        credentials: { kind: 'webdav', ...dav.credentials }
      })
      await expect(studio.api.invoke('team.cleanUp', { id: location.id })).rejects.toMatchObject({
        code: 'location.denied',
        message: english('cleanUpDenied')
      })
      expect(existsSync(join(dav.dir, key))).toBe(true)
    } finally {
      await studio.backend.close()
      await dav.stop()
    }
  }, 60_000)

  it.skipIf(!canMount())(
    'in a shared folder mounted read-only: nothing removed, and says so in words',
    async () => {
      const source = join(temp.dir, 'share-rw')
      const stray = await png(15, 15)
      const key = objectKey(sha(stray), 'image/png')
      mkdirSync(join(source, key, '..'), { recursive: true })
      writeFileSync(join(source, key), stray)
      const weekAgo = new Date(Date.now() - 7 * DAY)
      utimesSync(join(source, key), weekAgo, weekAgo)
      const readOnly = join(temp.dir, 'share-ro')
      const unmount = bindReadOnly(source, readOnly)
      const studio = startTestBackend(temp.dir, 'folder')
      try {
        const location = await studio.api.invoke('locations.save', {
          name: 'Share',
          settings: { kind: 'folder', path: readOnly },
          credentials: null
        })
        await expect(studio.api.invoke('team.cleanUp', { id: location.id })).rejects.toMatchObject({
          code: 'location.denied',
          message: english('cleanUpDenied')
        })
        expect(existsSync(join(source, key))).toBe(true)
      } finally {
        await studio.backend.close()
        unmount()
      }
    },
    60_000
  )
})
