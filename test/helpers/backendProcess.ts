// A backend + web host in its own process, for crash tests that kill -9 it. Same code as `npm run web`
// but with the fast test policy, and it prints one JSON line with where to reach it.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { TEST_TIMING } from '../../src/emulator'
import { createBackend } from '../../src/main/backend'
import { createKeyFileCipher } from '../../src/main/secrets/cipher'
import { startWebHost } from '../../src/main/web/server'
import { FAST_POLICY } from './backend'

async function main(): Promise<void> {
  const dataDir = process.argv[2]
  if (!dataDir) throw new Error('usage: backendProcess <dataDir>')
  mkdirSync(dataDir, { recursive: true })
  const rendererDir = join(dataDir, '..', 'renderer-stub')
  mkdirSync(rendererDir, { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '')
  const backend = createBackend({
    dataDir,
    host: 'web',
    secretCipher: createKeyFileCipher(dataDir),
    demoTiming: TEST_TIMING,
    enginePolicy: FAST_POLICY,
    logger: { info: () => undefined, error: (m, e) => process.stderr.write(`${m} ${String(e)}\n`) }
  })
  const host = await startWebHost({ backend, rendererDir })
  process.stdout.write(`${JSON.stringify({ origin: host.origin, token: host.token })}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`)
  process.exit(1)
})
