import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createBackend, type Backend } from '../../src/main/backend'
import { createKeyFileCipher } from '../../src/main/secrets/cipher'
import { startWebHost, type WebHost } from '../../src/main/web/server'
import { createApiClient, type ApiClient } from '../../src/shared/client'
import { connectWebSocket } from '../../test/helpers/wsClient'
import { makeTempDir } from '../../test/helpers/tempDir'
import { bench, timeIt, times } from '../harness'

const CALLS = 2000

interface State {
  temp: { dir: string; cleanup: () => void }
  backend: Backend
  host: WebHost
  transport: { close(): void }
  api: ApiClient
}

/**
 * What the web host's WebSocket costs on top of calling the backend directly: a command round trip through
 * token check, JSON and zod on both sides, against `backend.dispatch` in-process.
 */
export const contractRoundTrip = bench<State>({
  name: 'contract round trip (web host vs in-process dispatch)',
  async setup() {
    const temp = makeTempDir('gs-bench-')
    const dataDir = join(temp.dir, 'data')
    mkdirSync(dataDir)
    mkdirSync(join(temp.dir, 'r'))
    writeFileSync(join(temp.dir, 'r', 'index.html'), '')
    const backend = createBackend({ dataDir, host: 'web', secretCipher: createKeyFileCipher(dataDir) })
    const host = await startWebHost({ backend, rendererDir: join(temp.dir, 'r') })
    const transport = await connectWebSocket(host.origin, host.token)
    return { temp, backend, host, transport, api: createApiClient(transport) }
  },
  async run({ backend, api }) {
    const direct = await timeIt(async () => {
      for (let i = 0; i < CALLS; i++) await backend.dispatch('settings.get', {})
    })
    const overSocket = await timeIt(async () => {
      for (let i = 0; i < CALLS; i++) await api.invoke('settings.get', {})
    })
    return [
      {
        key: 'contract.roundTrip',
        label: 'a command round trip over the web host’s WebSocket',
        subjectIs: 'settings.get over the WebSocket, per call',
        baselineIs: 'settings.get through backend.dispatch in-process, per call',
        unit: 'µs',
        subject: (overSocket / CALLS) * 1000,
        baseline: (direct / CALLS) * 1000,
        ratio: times(overSocket, direct),
        goal: 'under 1 ms per round trip (UI-imperceptible)',
        judge: ({ subject }) => subject < 1000
      }
    ]
  },
  async teardown(state) {
    if (!state) return
    state.transport.close()
    await state.host.close()
    await state.backend.close()
    state.temp.cleanup()
  }
})
