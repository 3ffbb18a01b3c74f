import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { makeTempDir } from '../../helpers/tempDir'
import { startWebCli, stubRenderer, type WebCli } from '../../helpers/webCli'

const digest = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex')

/**
 * A second `npm run web` on a data folder already in use (issue 23, 4): before, it overwrote
 * `web-host.json` and its recovery relabelled the first host's sends in flight as cut off by a crash.
 */
describe('a second Gateway Studio on the same data folder [P45]', () => {
  const temp = makeTempDir('gs-second-')
  const rendererDir = stubRenderer(join(temp.dir, 'renderer'))
  const clis: WebCli[] = []
  afterAll(async () => {
    for (const cli of clis) cli.kill()
    await Promise.all(clis.map((cli) => cli.exit))
    temp.cleanup()
  })

  it('is refused in one sentence naming the folder and the port, in the language of the terminal, touching nothing', async () => {
    const dataDir = join(temp.dir, 'data')
    const first = startWebCli(dataDir, rendererDir, 'en_US.UTF-8')
    clis.push(first)
    await first.running
    const address = JSON.parse(readFileSync(join(dataDir, 'web-host.json'), 'utf8')) as { port: number }
    const before = { address: digest(join(dataDir, 'web-host.json')), db: digest(join(dataDir, 'studio.db')) }

    const english = startWebCli(dataDir, rendererDir, 'en_GB.UTF-8')
    clis.push(english)
    const refused = await english.exit
    expect(refused.code).toBe(3)
    expect(refused.output.trim()).toBe(
      `Gateway Studio could not start. This data folder is already open in another Gateway Studio (port ${address.port}): ${dataDir}\n` +
        'Use the Gateway Studio that is already running, or start this one with --data-dir and another folder.'
    )
    const chinese = startWebCli(dataDir, rendererDir, 'zh_CN.UTF-8')
    clis.push(chinese)
    const refusedZh = await chinese.exit
    expect(refusedZh.code).toBe(3)
    expect(refusedZh.output).toContain(
      `这个数据文件夹已在另一个 Gateway Studio（端口 ${address.port}）中打开：${dataDir}`
    )

    expect(digest(join(dataDir, 'web-host.json'))).toBe(before.address)
    expect(digest(join(dataDir, 'studio.db'))).toBe(before.db)
    // The first one still serves its page.
    const page = await fetch(`http://127.0.0.1:${address.port}/`)
    expect(page.status).toBe(200)
  }, 60_000)
})
