import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnBackend, type BackendProcess } from '../../helpers/spawnBackend'
import { makeTempDir } from '../../helpers/tempDir'
import { connectWebSocket } from '../../helpers/wsClient'

const rssMb = (pid: number): number =>
  Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024)

/**
 * A page that stops reading while it asks for large answers (issue 23, 8: 184 MB → 912 MB before). Each
 * `presets.list` answer here is about 9 MB; 40 of them would be 360 MB of queued text.
 */
describe('a page that stops reading [P3]', () => {
  const temp = makeTempDir('gs-backpressure-')
  let studio: BackendProcess

  beforeAll(async () => {
    studio = await spawnBackend(join(temp.dir, 'data'), 'backpressure')
    const payload = { prompt: 'p'.repeat(60_000) }
    for (let i = 0; i < 150; i++)
      await studio.api.invoke('presets.save', { screen: 'images', name: `Preset ${i}`, payload })
  }, 60_000)
  afterAll(async () => {
    await studio.kill9()
    temp.cleanup()
  })

  it('costs the host a bounded amount, and still gets every answer once it reads again', async () => {
    const page = await connectWebSocket(studio.origin, studio.token)
    await page.invoke('presets.list', { screen: 'images' })
    const before = rssMb(studio.pid)
    page.socket.pause()
    const answers = Array.from({ length: 40 }, () => page.invoke('presets.list', { screen: 'images' }))
    // Long enough for an unbounded host to have made every answer (each takes a few ms to build).
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    const grown = rssMb(studio.pid) - before
    expect(grown, `the host grew by ${grown} MB while the page did not read`).toBeLessThan(120)
    page.socket.resume()
    const results = (await Promise.all(answers)) as { ok: boolean; value: unknown[] }[]
    expect(results.every((result) => result.ok && result.value.length === 150)).toBe(true)
    console.info(`backpressure: host grew ${grown} MB while 40 × ~9 MB answers waited for the page`)
    page.close()
  }, 120_000)
})
