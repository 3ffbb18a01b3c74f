import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { startCuttingProxy } from '../../helpers/cuttingProxy'
import { startS3Server } from '../../helpers/s3Server'
import { killAllBackends, spawnBackend } from '../../helpers/spawnBackend'
import { makeTempDir } from '../../helpers/tempDir'

const BUCKET = 'team-library'

/** A PNG of noise, stored without compression: 16.5 MiB, three parts of the store's 8 MiB. */
function bigPng(): Promise<Buffer> {
  const width = 2400
  const height = 2400
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

/** Resolves once `check` holds, polling; fails after `ms`. */
async function until(check: () => boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = performance.now() + ms
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`still waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('an upload to a bucket killed with kill -9 resumes after the restart without sending its parts again [P42]', () => {
  afterAll(killAllBackends)

  it('publishing a board whose image is three parts, killed with two parts up and the third under way', async () => {
    const temp = makeTempDir('gs-upload-resume-')
    const s3 = await startS3Server({ buckets: [BUCKET] })
    // Part 3 goes silent 64 KiB in, the first time only: the backend is killed while it waits on it.
    const proxy = await startCuttingProxy({
      targetPort: s3.port,
      marker: 'partNumber=3&',
      afterBytes: 64 * 1024,
      stall: true
    })
    try {
      const image = await bigPng()
      expect(image.length).toBeGreaterThan(16 * 1024 * 1024)
      const name = sha256(image)
      const dataDir = join(temp.dir, 'ana')
      const records = join(dataDir, 'sync-drafts', 's3-uploads')
      let ana = await spawnBackend(dataDir, 'upload resume')
      const report = await ana.api.invoke('gallery.importFiles', {
        files: [{ name: 'noise.png', data: image.toString('base64') }]
      })
      expect(report.added).toHaveLength(1)
      const board = await ana.api.invoke('boards.create', { name: 'Moodboard' })
      await ana.api.invoke('boards.add', { boardId: board.id, selection: { kind: 'ids', ids: report.added } })
      const location = await ana.api.invoke('locations.save', {
        name: 'Team',
        settings: {
          kind: 's3',
          endpoint: proxy.endpoint,
          region: 'us-east-1',
          bucket: BUCKET,
          prefix: 'studio/',
          pathStyle: true
        },
        credentials: { kind: 's3', ...s3.credentials }
      })

      // Never answered: the backend dies first (its WebSocket closes with it).
      let answered = false
      void ana.api.invoke('team.publishBoard', { locationId: location.id, boardId: board.id }).then(
        () => (answered = true),
        () => undefined
      )
      // Parts 1 and 2 are whole at the server (s3rver writes a part's MD5 once its body is all in).
      const uploads = join(s3.directory, BUCKET, '._S3rver_uploads')
      const whole = (): string[] =>
        existsSync(uploads)
          ? readdirSync(uploads).flatMap((id) =>
              readdirSync(join(uploads, id)).filter((file) => file.endsWith('.md5'))
            )
          : []
      await until(() => proxy.cuts === 1 && whole().length === 2, 'two parts up and the third stalled')
      expect(whole().sort()).toEqual(['1.md5', '2.md5'])
      // The upload was recorded before its first part went.
      expect(readdirSync(records).filter((file) => file.endsWith('.json'))).toHaveLength(1)
      await ana.kill9()
      expect(answered).toBe(false)

      ana = await spawnBackend(dataDir, 'upload resume (restarted)')
      await ana.api.invoke('team.sync', { id: location.id })

      const parts = s3.requests
        .map((request) => new URL(request.path, 'http://s3'))
        .filter((url) => url.pathname.includes(name) && url.searchParams.has('partNumber'))
        .map((url) => url.searchParams.get('partNumber'))
      // Part 3 twice (stalled, then whole); parts 1 and 2 once, before the kill.
      expect(parts.sort()).toEqual(['1', '2', '3', '3'])
      const begun = s3.requests.filter((r) => r.method === 'POST' && r.path.includes(`${name}.png?uploads`))
      expect(begun).toHaveLength(1)

      const client = new S3Client({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: s3.credentials
      })
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: BUCKET, Key: `studio/objects/${name.slice(0, 2)}/${name}.png` })
        )
        expect(sha256((await object.Body?.transformToByteArray()) ?? new Uint8Array())).toBe(name)
      } finally {
        client.destroy()
      }
      expect(readdirSync(records).filter((file) => file.endsWith('.json'))).toEqual([])
      await ana.kill9()
    } finally {
      await proxy.stop()
      await s3.stop()
      temp.cleanup()
    }
  }, 120_000)
})
