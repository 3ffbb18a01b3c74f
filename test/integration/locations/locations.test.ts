import sharp from 'sharp'
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestBackend, type TestBackend } from '../../helpers/backend'
import { startS3Server, type S3TestServer } from '../../helpers/s3Server'
import { makeTempDir } from '../../helpers/tempDir'
import { startWebdavServer, type WebdavServer } from '../../helpers/webdavServer'

/** Every file under `dir`, read whole (the database, its WAL, logs, drafts). */
function everyFile(dir: string): Array<{ path: string; bytes: Buffer }> {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    const info = statSync(path)
    if (info.isDirectory()) return everyFile(path)
    return info.isFile() ? [{ path, bytes: readFileSync(path) }] : []
  })
}

describe('team locations in Settings: saved, checked, and their credentials kept like API keys [P43]', () => {
  const temp = makeTempDir('gs-locations-')
  let s3: S3TestServer
  let dav: WebdavServer
  let studio: TestBackend
  // s3rver checks the access key ID but never the secret: any secret is accepted, so a canary fits.
  const SECRET = 'canary-secret-6a1f0c9e2b7d4e58a3c1'
  beforeAll(async () => {
    s3 = await startS3Server({ buckets: ['team-library'] })
    dav = await startWebdavServer()
    mkdirSync(join(dav.dir, 'team'))
    studio = startTestBackend(temp.dir)
  })
  afterAll(async () => {
    await studio.backend.close()
    await Promise.all([s3.stop(), dav.stop()])
    temp.cleanup()
  })

  const bucket = (endpoint: string, bucketName = 'team-library') =>
    ({
      kind: 's3',
      endpoint,
      region: 'us-east-1',
      bucket: bucketName,
      prefix: 'studio',
      pathStyle: true
    }) as const

  it('saves a bucket, checks it, and shows the key only as its last four characters', async () => {
    const saved = await studio.api.invoke('locations.save', {
      name: 'Team bucket',
      settings: bucket(s3.endpoint),
      credentials: { kind: 's3', accessKeyId: 'S3RVER', secretAccessKey: SECRET }
    })
    expect(saved).toMatchObject({
      name: 'Team bucket',
      settings: { prefix: 'studio/' },
      hasCredentials: true,
      credentialHint: '…RVER',
      lastCheck: { ok: true, problem: null }
    })
    // Checked again later with the saved credentials: the form never has the secret to send.
    const again = await studio.api.invoke('locations.test', {
      id: saved.id,
      settings: saved.settings,
      credentials: null
    })
    expect(again.ok).toBe(true)
    // Kept with the location, so the list says it after a reload.
    const listed = (await studio.api.invoke('locations.list', {})).find((l) => l.id === saved.id)
    expect(listed?.lastCheck?.checkedAt).toBe(again.checkedAt)
  })

  it('says which problem a location has, in kinds the screen words', async () => {
    const wrongKey = await studio.api.invoke('locations.test', {
      settings: bucket(s3.endpoint),
      credentials: { kind: 's3', accessKeyId: 'NOT-OURS', secretAccessKey: 'x' }
    })
    expect(wrongKey).toMatchObject({ ok: false, problem: 'denied', status: 403 })
    const noBucket = await studio.api.invoke('locations.test', {
      settings: bucket(s3.endpoint, 'no-such-bucket'),
      credentials: { kind: 's3', accessKeyId: 'S3RVER', secretAccessKey: 'x' }
    })
    expect(noBucket).toMatchObject({ ok: false, problem: 'missing' })
    const wrongPassword = await studio.api.invoke('locations.test', {
      settings: { kind: 'webdav', url: `${dav.url}team/` },
      credentials: { kind: 'webdav', username: dav.credentials.username, password: 'wrong' }
    })
    expect(wrongPassword).toMatchObject({ ok: false, problem: 'denied' })
    const noFolder = await studio.api.invoke('locations.test', {
      settings: { kind: 'folder', path: join(temp.dir, 'not-mounted') },
      credentials: null
    })
    expect(noFolder).toMatchObject({ ok: false, problem: 'missing' })
  })

  it('keeps a WebDAV password and a folder, refuses a second location of the same name', async () => {
    const webdav = await studio.api.invoke('locations.save', {
      name: 'NAS',
      settings: { kind: 'webdav', url: `${dav.url}team/` },
      credentials: { kind: 'webdav', ...dav.credentials }
    })
    expect(webdav).toMatchObject({ credentialHint: dav.credentials.username, lastCheck: { ok: true } })
    mkdirSync(join(temp.dir, 'shared'))
    const folder = await studio.api.invoke('locations.save', {
      name: 'Shared drive',
      settings: { kind: 'folder', path: join(temp.dir, 'shared') },
      credentials: null
    })
    expect(folder).toMatchObject({ hasCredentials: false, lastCheck: { ok: true } })
    await expect(
      studio.api.invoke('locations.save', {
        name: 'nas',
        settings: { kind: 'folder', path: join(temp.dir, 'shared') },
        credentials: null
      })
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('already a team location called “nas”') as string
    })
    const names = (await studio.api.invoke('locations.list', {})).map((location) => location.name)
    expect(names).toEqual(['NAS', 'Shared drive', 'Team bucket'])
  })

  it('drops the credentials when the address moves to another origin, keeps them for another bucket there', async () => {
    const [saved] = (await studio.api.invoke('locations.list', {})).filter((l) => l.name === 'Team bucket')
    if (!saved) throw new Error('the bucket was not saved')
    const sameServer = await studio.api.invoke('locations.save', {
      id: saved.id,
      name: 'Team bucket',
      settings: { ...bucket(s3.endpoint), prefix: 'other/' },
      credentials: null
    })
    expect(sameServer).toMatchObject({ hasCredentials: true, lastCheck: { ok: true } })
    const elsewhere = await studio.api.invoke('locations.save', {
      id: saved.id,
      name: 'Team bucket',
      settings: bucket('http://127.0.0.2:9'),
      credentials: null
    })
    expect(elsewhere).toMatchObject({ hasCredentials: false, credentialHint: null })
    // Moved back: the credentials do not come back with the address.
    const back = await studio.api.invoke('locations.save', {
      id: saved.id,
      name: 'Team bucket',
      settings: bucket(s3.endpoint),
      credentials: null
    })
    expect(back.hasCredentials).toBe(false)
  })

  it('puts a board up for review and takes it down, with the saved credentials', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#345' } })
      .png()
      .toBuffer()
    const { added } = await studio.api.invoke('gallery.importFiles', {
      files: [{ name: 'one.png', data: png.toString('base64') }]
    })
    const board = await studio.api.invoke('boards.create', { name: 'For review' })
    await studio.api.invoke('boards.add', { boardId: board.id, selection: { kind: 'ids', ids: added } })
    const review = await studio.api.invoke('locations.save', {
      name: 'Review bucket',
      settings: bucket(s3.endpoint),
      credentials: { kind: 's3', accessKeyId: 'S3RVER', secretAccessKey: SECRET }
    })
    const [nas] = (await studio.api.invoke('locations.list', {})).filter((l) => l.name === 'NAS')
    for (const locationId of [review.id, nas?.id ?? '']) {
      const share = await studio.api.invoke('team.shareForReview', {
        locationId,
        boardId: board.id,
        profile: 'full',
        lifetimeSeconds: 3_600
      })
      expect(share.state).toBe('live')
      expect((await studio.api.invoke('team.revokeShare', { shareId: share.id })).state).toBe('revoked')
    }
  })

  it('never lets a secret out: not on the wire, not in any file of the data folder [P43]', () => {
    const wire = studio.wire.join('\n')
    expect(wire).not.toContain(SECRET)
    expect(wire).not.toContain(dav.credentials.password)
    for (const { path, bytes } of everyFile(studio.dataDir)) {
      expect(bytes.includes(SECRET), path).toBe(false)
      expect(bytes.includes(dav.credentials.password), path).toBe(false)
    }
  })

  it('forgets a location and its credentials, touching nothing at the location', async () => {
    const [nas] = (await studio.api.invoke('locations.list', {})).filter((l) => l.name === 'NAS')
    if (!nas) throw new Error('the WebDAV location was not saved')
    const before = readdirSync(join(dav.dir, 'team'))
    expect(await studio.api.invoke('locations.remove', { id: nas.id })).toEqual({ removed: true })
    expect(await studio.api.invoke('locations.remove', { id: nas.id })).toEqual({ removed: false })
    expect((await studio.api.invoke('locations.list', {})).map((l) => l.name)).not.toContain('NAS')
    expect(readdirSync(join(dav.dir, 'team'))).toEqual(before)
  })
})
