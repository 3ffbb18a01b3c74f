import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createBackend } from '../../src/main/backend'
import { createKeyFileCipher } from '../../src/main/secrets/cipher'
import { startWebHost } from '../../src/main/web/server'
import { createApiClient } from '../../src/shared/client'
import { connectWebSocket } from '../../test/helpers/wsClient'
import { makeTempDir } from '../../test/helpers/tempDir'
import { median, timeIt, type Bench } from '../harness'

/**
 * What the web host's WebSocket costs on top of calling the backend directly: a command round trip through
 * token check, JSON and zod on both sides, against `backend.dispatch` in-process.
 */
export const contractRoundTrip: Bench = {
  name: 'contract round trip (web host vs in-process dispatch)',
  async run() {
    const temp = makeTempDir('gs-bench-')
    const dataDir = join(temp.dir, 'data')
    mkdirSync(dataDir)
    mkdirSync(join(temp.dir, 'r'))
    writeFileSync(join(temp.dir, 'r', 'index.html'), '')
    const backend = createBackend({ dataDir, host: 'web', secretCipher: createKeyFileCipher(dataDir) })
    const host = await startWebHost({ backend, rendererDir: join(temp.dir, 'r') })
    const transport = await connectWebSocket(host.origin, host.token)
    const api = createApiClient(transport)
    const calls = 2000
    const direct: number[] = []
    const overSocket: number[] = []
    for (let round = 0; round < 5; round++) {
      direct.push(
        await timeIt(async () => {
          for (let i = 0; i < calls; i++) await backend.dispatch('settings.get', {})
        })
      )
      overSocket.push(
        await timeIt(async () => {
          for (let i = 0; i < calls; i++) await api.invoke('settings.get', {})
        })
      )
    }
    transport.close()
    await host.close()
    await backend.close()
    temp.cleanup()
    const perCallSocket = median(overSocket) / calls
    const perCallDirect = median(direct) / calls
    return {
      name: this.name,
      subject: `${(perCallSocket * 1000).toFixed(1)} µs per call over the WebSocket`,
      baseline: `${(perCallDirect * 1000).toFixed(1)} µs per call in-process`,
      ratio: perCallSocket / perCallDirect,
      target: 'a round trip stays under 1 ms (UI-imperceptible)',
      met: perCallSocket < 1
    }
  }
}
