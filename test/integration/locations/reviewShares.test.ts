import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemClock } from '../../../src/main/time/clock'
import { sentences } from '../../../src/shared/sentences'
import type { LocationSettings, ReviewShare } from '../../../src/shared/schemas/locations'
import { startTestBackend, type TestBackend } from '../../helpers/backend'
import { startS3Server, type S3TestServer } from '../../helpers/s3Server'
import { startWebdavServer, type WebdavServer } from '../../helpers/webdavServer'
import { makeTempDir } from '../../helpers/tempDir'
import { tEXt, withChunks } from '../../helpers/pngChunks'

const png = (r: number): Promise<Buffer> =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: { r, g: 90, b: 160 } } })
    .png()
    .toBuffer()

const rawPixels = (bytes: Buffer): Promise<Buffer> => sharp(bytes).raw().toBuffer()

/** The `src` of every image on a review page, as the browser reads them (entities undone). */
const imageSources = (html: string): string[] =>
  [...html.matchAll(/<img src="([^"]*)"/g)].map((match) => (match[1] ?? '').replaceAll('&amp;', '&'))

describe('Share for review puts a board on a location as a page people without the app can open [P51]', () => {
  const temp = makeTempDir('gs-review-')
  let s3: S3TestServer
  let dav: WebdavServer
  let davId = ''
  let studio: TestBackend
  /** How far the backend's clock runs behind: a link it signs then expires that much sooner in real time. */
  let lag = 0
  let bucketId = ''
  let folderId = ''
  let boardId = ''
  const files: Buffer[] = []
  const sharedFolder = join(temp.dir, 'shared')

  beforeAll(async () => {
    s3 = await startS3Server({ buckets: ['team-library'] })
    dav = await startWebdavServer()
    mkdirSync(join(dav.dir, 'team'))
    mkdirSync(sharedFolder)
    studio = startTestBackend(temp.dir, 'ana', undefined, {
      clock: { ...systemClock, now: () => Date.now() - lag }
    })
    files.push(
      withChunks(await png(10), [
        tEXt('parameters', 'a lighthouse at dusk\nSteps: 20, Seed: 7, Size: 24x16')
      ]),
      await png(200)
    )
    const report = await studio.api.invoke('gallery.importFiles', {
      files: files.map((bytes, i) => ({ name: `shot-${i}.png`, data: bytes.toString('base64') }))
    })
    const board = await studio.api.invoke('boards.create', { name: 'Client round 1' })
    boardId = board.id
    await studio.api.invoke('boards.add', { boardId, selection: { kind: 'ids', ids: report.added } })
    const bucket: LocationSettings = {
      kind: 's3',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'team-library',
      prefix: 'studio/',
      pathStyle: true
    }
    bucketId = (
      await studio.api.invoke('locations.save', {
        name: 'Bucket',
        settings: bucket,
        credentials: { kind: 's3', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
      })
    ).id
    davId = (
      await studio.api.invoke('locations.save', {
        name: 'NAS',
        settings: { kind: 'webdav', url: `${dav.url}team/` },
        credentials: { kind: 'webdav', ...dav.credentials }
      })
    ).id
    folderId = (
      await studio.api.invoke('locations.save', {
        name: 'Folder',
        settings: { kind: 'folder', path: sharedFolder },
        credentials: null
      })
    ).id
  })
  afterAll(async () => {
    await studio.backend.close()
    await Promise.all([s3.stop(), dav.stop()])
    temp.cleanup()
  })

  const share = (locationId: string, profile: 'full' | 'public' = 'full'): Promise<ReviewShare> =>
    studio.api.invoke('team.shareForReview', {
      locationId,
      boardId,
      profile,
      lifetimeSeconds: 3_600,
      language: 'en',
      timeZone: 'UTC'
    })

  it('on a bucket: a pre-signed page whose images open, until it is taken down', async () => {
    const made = await share(bucketId)
    expect(made).toMatchObject({ state: 'live', images: 2, boardName: 'Client round 1' })
    expect(made.expiresAt).toBe(made.createdAt + 3_600_000)
    const link = made.link ?? ''
    expect(link).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/team-library\/studio\/shares\/[0-9a-f]+\/index\.html\?.*X-Amz-Expires=3600/
    )

    const page = await fetch(link)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await page.text()
    expect(html).toContain('<title>Client round 1</title>')
    expect(html).toContain('a lighthouse at dusk')
    const sources = imageSources(html)
    expect(sources).toHaveLength(2)
    const pixels = await Promise.all(files.map(rawPixels))
    for (const source of sources) {
      expect(source).toMatch(/X-Amz-Signature=/)
      const image = await fetch(source)
      expect(image.status).toBe(200)
      const bytes = Buffer.from(await image.arrayBuffer())
      // A copy that carries its story: the same pixels as one of the board's images.
      const decoded = await rawPixels(bytes)
      expect(pixels.some((p) => p.equals(decoded))).toBe(true)
    }
    // The page went up whole before the link was answered: it is listed, live.
    expect(await studio.api.invoke('team.reviewShares', { boardId })).toEqual([made])

    const revoked = await studio.api.invoke('team.revokeShare', { shareId: made.id })
    expect(revoked).toMatchObject({ state: 'revoked', link: null })
    expect((await fetch(link)).status).toBe(404)
    for (const source of sources) expect((await fetch(source)).status).toBe(404)
    // Only the share's own files were removed, each once.
    const deletes = s3.requests.filter((r) => r.method === 'DELETE').map((r) => r.path.split('?')[0] ?? '')
    expect(deletes.length).toBeGreaterThanOrEqual(3)
    for (const path of deletes) expect(path).toContain(`/studio/shares/${made.id}/`)
    // Taking it down again changes nothing.
    expect(await studio.api.invoke('team.revokeShare', { shareId: made.id })).toEqual(revoked)
  })

  it('on a bucket: the link stops working when its time is up (the server says so, not the app)', async () => {
    // Signed by a clock 3,596 s behind: the hour the link lives ends 4 s from now.
    lag = 3_596_000
    const made = await share(bucketId)
    lag = 0
    const link = made.link ?? ''
    expect((await fetch(link)).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 5_500))
    const expired = await fetch(link)
    expect(expired.status).toBe(403)
    expect(await expired.text()).toContain('Request has expired')
    expect(
      (await studio.api.invoke('team.reviewShares', { boardId })).find((s) => s.id === made.id)
    ).toMatchObject({
      state: 'expired',
      link: null
    })
  }, 20_000)

  it('public: neither the page nor any file names a prompt, not even one a file brought in itself', async () => {
    const made = await share(bucketId, 'public')
    const html = await (await fetch(made.link ?? '')).text()
    expect(html).not.toContain('lighthouse')
    const sources = imageSources(html)
    expect(sources).toHaveLength(2)
    for (const source of sources) {
      const bytes = Buffer.from(await (await fetch(source)).arrayBuffer())
      expect(bytes.includes('lighthouse')).toBe(false)
      expect(bytes.includes('trainedAlgorithmicMedia')).toBe(true)
    }
    // The first file came in with A1111's chunk naming its prompt: the library keeps it as it came.
    expect(files[0]?.includes('lighthouse')).toBe(true)
  })

  it('in a shared folder: the page finds its images beside it, and taking it down removes the folder’s files', async () => {
    const made = await share(folderId)
    expect(made.expiresAt).toBeNull()
    const page = fileURLToPath(made.link ?? '')
    expect(page.startsWith(sharedFolder)).toBe(true)
    const html = readFileSync(page, 'utf8')
    const sources = imageSources(html)
    expect(sources).toEqual(['images/0001.png', 'images/0002.png'])
    for (const source of sources) expect(existsSync(join(page, '..', source))).toBe(true)
    await studio.api.invoke('team.revokeShare', { shareId: made.id })
    expect(existsSync(page)).toBe(false)
    // Its folder goes with its files: no empty `shares/<id>/` is left behind.
    expect(existsSync(join(page, '..'))).toBe(false)
  })

  it('on a WebDAV server: the page is at its address there, behind the server’s login, until taken down', async () => {
    const made = await share(davId)
    expect(made.expiresAt).toBeNull()
    expect(made.link).toMatch(new RegExp(`^${dav.url}team/shares/[0-9a-f]+/index\\.html$`))
    const login = {
      authorization: `Basic ${Buffer.from(`${dav.credentials.username}:${dav.credentials.password}`).toString('base64')}`
    }
    expect((await fetch(made.link ?? '')).status).toBe(401)
    const html = await (await fetch(made.link ?? '', { headers: login })).text()
    const sources = imageSources(html)
    expect(sources).toEqual(['images/0001.png', 'images/0002.png'])
    for (const source of sources)
      expect((await fetch(new URL(source, made.link ?? ''), { headers: login })).status).toBe(200)
    await studio.api.invoke('team.revokeShare', { shareId: made.id })
    expect((await fetch(made.link ?? '', { headers: login })).status).toBe(404)
    expect(existsSync(join(dav.dir, 'team', 'shares', made.id))).toBe(false)
  })

  it('says what to do with a board that has no images, and with a board or location that is gone', async () => {
    const empty = await studio.api.invoke('boards.create', { name: 'Empty' })
    await expect(
      studio.api.invoke('team.shareForReview', {
        locationId: bucketId,
        boardId: empty.id,
        profile: 'full',
        lifetimeSeconds: 86_400
      })
    ).rejects.toMatchObject({ code: 'invalid_input', message: sentences.reviewBoardEmpty })
    await expect(
      studio.api.invoke('team.shareForReview', {
        locationId: 'gone',
        boardId,
        profile: 'full',
        lifetimeSeconds: 86_400
      })
    ).rejects.toMatchObject({ code: 'not_found' })
    await expect(studio.api.invoke('team.revokeShare', { shareId: 'gone' })).rejects.toMatchObject({
      code: 'not_found'
    })
  })
})
