import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commandNames } from '../../../src/shared/contract'
import { ResultEnvelopeSchema } from '../../../src/shared/result'
import { spawnBackend, type BackendProcess } from '../../helpers/spawnBackend'
import { makeTempDir } from '../../helpers/tempDir'
import { connectWebSocket } from '../../helpers/wsClient'

/** The web host's message cap (src/main/web/server.ts) less room for the envelope around the input. */
const NEAR_CAP = 96 * 1024 * 1024 - 4096
const DEPTH = 100_000
const WIDTH = 100_000

const deepText = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH)

/** Peak resident memory of a process so far, from the kernel's own count (kB → MB). */
function peakRssMb(pid: number): number {
  const line = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Math.round(Number(line?.[1] ?? 0) / 1024)
}

/**
 * Every command of the contract, sent to a real web host process with inputs no page would send: nested
 * 100,000 deep, 100,000 keys wide, and large up to the socket's message cap. Each must be answered with a
 * result, and the process must live through all of them: a crash here is a real exit, not a caught error.
 */
describe('fuzzing every command over the socket [P3]', () => {
  const temp = makeTempDir('gs-fuzz-')
  let studio: BackendProcess

  beforeAll(async () => {
    studio = await spawnBackend(join(temp.dir, 'data'), 'command fuzz')
  })
  afterAll(async () => {
    await studio.kill9()
    temp.cleanup()
  })

  it('answers deep, wide and huge inputs to each of the commands with a result, and lives', async () => {
    const socket = await connectWebSocket(studio.origin, studio.token)
    const before = await studio.api.invoke('presets.list', { screen: 'images' })
    const wide = JSON.stringify(Object.fromEntries(Array.from({ length: WIDTH }, (_, i) => [`k${i}`, i])))
    const large = JSON.stringify({ text: 'x'.repeat(4 * 1024 * 1024) })
    // Raw text, so the deep and wide inputs are never built as objects in this process.
    const send = (name: string, inputText: string): Promise<unknown> =>
      socket.invokeRaw(
        `{"t":"invoke","id":__ID__,"token":${JSON.stringify(studio.token)},"name":${JSON.stringify(name)},"input":${inputText}}`
      )
    let answered = 0
    const started = Date.now()
    for (const name of commandNames) {
      for (const input of [deepText, `{"payload":${deepText}}`, wide, large]) {
        const t0 = Date.now()
        const result = ResultEnvelopeSchema.safeParse(await send(name, input))
        if (process.env.FUZZ_TRACE) console.info(name, input.length, Date.now() - t0)
        expect(result.success, name).toBe(true)
        answered += 1
      }
    }
    // Up to the cap itself, on the commands that take the largest inputs.
    for (const name of ['library.import', 'presets.import', 'chat.send', 'settings.update']) {
      const result = ResultEnvelopeSchema.safeParse(
        await send(name, JSON.stringify({ data: 'A'.repeat(NEAR_CAP - 200) }))
      )
      expect(result.success, name).toBe(true)
      answered += 1
    }
    const seconds = (Date.now() - started) / 1000
    expect(await studio.api.invoke('app.info', {})).toMatchObject({ name: 'Gateway Studio' })
    expect(await studio.api.invoke('presets.list', { screen: 'images' })).toEqual(before)
    console.info(
      `fuzz: ${answered} messages to ${commandNames.length} commands answered in ${seconds.toFixed(1)} s; ` +
        `host peak RSS ${peakRssMb(studio.pid)} MB`
    )
    socket.close()
  }, 300_000)
})
