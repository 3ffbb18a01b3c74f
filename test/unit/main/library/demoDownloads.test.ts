import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_TIMING } from '../../../../src/emulator'
import { downloadMedia } from '../../../../src/main/library/download'
import { DemoGateway, downloadAllowanceFor } from '../../../../src/main/profiles/demoGateway'
import { startTestBackend } from '../../../helpers/backend'
import { makeTempDir } from '../../../helpers/tempDir'
import { image } from './helpers'
import { DiskMediaStore } from '../../../../src/main/library/diskStore'

/** Another program on this machine: a loopback server on a port of its own, counting what reaches it. */
async function otherLoopbackServer(
  body: Buffer
): Promise<{ origin: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0
  const server: Server = createServer((_req, res) => {
    hits += 1
    res.writeHead(200, { 'content-type': 'image/png' }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}

describe('the demo profile downloads from the demo gateway’s own origin only [P30]', () => {
  const temp = makeTempDir('gs-demo-downloads-')
  const demo = new DemoGateway(TEST_TIMING)
  let other: Awaited<ReturnType<typeof otherLoopbackServer>>

  beforeAll(async () => {
    other = await otherLoopbackServer(await image('png', 8, 8))
  })
  afterAll(async () => {
    await demo.stop()
    await other.close()
    temp.cleanup()
  })

  it('which downloads each kind of profile may make: demo → its origin, loopback gateway → loopback, else none', async () => {
    // Before the demo runs there is no origin it could have handed out: nothing on loopback at all.
    expect(downloadAllowanceFor({ kind: 'demo', baseUrl: 'demo' }, demo)).toBe(false)
    const { baseUrl } = await demo.endpoint()
    const origin = new URL(baseUrl).origin
    expect(downloadAllowanceFor({ kind: 'demo', baseUrl: 'demo' }, demo)).toEqual({ origin })
    expect(downloadAllowanceFor({ kind: 'remote', baseUrl: 'http://127.0.0.1:8080/t/acme' }, demo)).toBe(true)
    expect(downloadAllowanceFor({ kind: 'remote', baseUrl: 'http://localhost:8080' }, demo)).toBe(true)
    expect(downloadAllowanceFor({ kind: 'remote', baseUrl: 'https://gateway.example.com/v1' }, demo)).toBe(
      false
    )
  })

  it('a demo result downloads; a file on another loopback port is refused before any connection', async () => {
    const { baseUrl, apiKey } = await demo.endpoint()
    const res = await fetch(`${baseUrl}/v1/images/generations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'studio-image-compat', prompt: 'a lighthouse', size: '256x256' })
    })
    expect(res.status).toBe(200)
    const url = ((await res.json()) as { data: { url: string }[] }).data[0]?.url ?? ''
    expect(new URL(url).origin).toBe(new URL(baseUrl).origin)

    const allowLoopback = downloadAllowanceFor({ kind: 'demo', baseUrl: 'demo' }, demo)
    const stored = await downloadMedia(url, {
      now: Date.now,
      begin: () => new DiskMediaStore(temp.dir).begin(''),
      allowLoopback,
      expect: 'image'
    })
    expect(stored.mime).toBe('image/png')
    await stored.discard()

    for (const path of ['/files/a.png', '/']) {
      await expect(
        downloadMedia(`${other.origin}${path}`, {
          now: Date.now,
          begin: () => new DiskMediaStore(join(temp.dir)).begin(''),
          allowLoopback,
          expect: 'image'
        })
      ).rejects.toMatchObject({ kind: 'rejected', reason: 'policy' })
    }
    expect(other.hits()).toBe(0)
  })

  it('through the backend, a demo image job still downloads and stores its result', async () => {
    const studio = startTestBackend(temp.dir, 'backend')
    try {
      const job = await studio.api.invoke('jobs.submit', {
        request: {
          endpoint: 'imagesV1',
          body: { model: 'studio-image-compat', prompt: 'a lighthouse', size: '256x256' }
        }
      })
      await studio.backend.engine.waitForIdle()
      const done = await studio.api.invoke('jobs.get', { id: job.id })
      expect(done.status).toBe('succeeded')
      expect(done.results.map((result) => result.status)).toEqual(['stored'])
    } finally {
      await studio.backend.close()
    }
  })
})
