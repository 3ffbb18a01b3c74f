// A backend + web host in its own process, for crash tests that kill -9 it. Same code as `npm run web`
// but with the fast test policy, and it prints one JSON line with where to reach it. Start it as
// `node --import tsx test/helpers/backendProcess.ts <dataDir>` (see spawnBackend.ts), never through the
// `tsx` wrapper: a SIGKILL must reach the process that runs the backend.
//
// stdin takes one command a line:
//   arm <point> [k]   the k-th time (default 1) the backend reaches that crash point (src/main/crashPoints.ts),
//                     write `CRASH <point>#<k>` to stderr and SIGKILL this process; answers {"armed":…}.
// When stdin ends (the test runner or the soak went away), the process exits, so nothing is orphaned.
import { mkdirSync, writeFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { TEST_TIMING } from '../../src/emulator'
import { createBackend } from '../../src/main/backend'
import { isCrashPoint, type CrashPoint, type CrashProbe } from '../../src/main/crashPoints'
import { createKeyFileCipher } from '../../src/main/secrets/cipher'
import { startWebHost } from '../../src/main/web/server'
import { FAST_POLICY } from './backend'
import { CRASH_MARK } from './spawnBackend'

let armed: { point: CrashPoint; k: number; seen: number } | null = null

const probe: CrashProbe = (point) => {
  if (armed?.point !== point) return
  armed.seen += 1
  if (armed.seen < armed.k) return
  // Synchronous, so the line is in the pipe before the signal; the test reads it after 'close'.
  writeSync(2, `${CRASH_MARK}${point}#${armed.k}\n`)
  // SIGKILL sent to oneself is delivered before kill() returns: nothing after this line runs.
  process.kill(process.pid, 'SIGKILL')
}

function listenForCommands(): void {
  const lines = createInterface({ input: process.stdin })
  lines.on('line', (line) => {
    const [command, point = '', k = '1'] = line.trim().split(/\s+/)
    if (command === 'arm' && isCrashPoint(point) && /^[1-9]\d*$/.test(k)) {
      armed = { point, k: Number(k), seen: 0 }
      process.stdout.write(`${JSON.stringify({ armed: point, k: Number(k) })}\n`)
    } else {
      process.stderr.write(`unknown command: ${line}\n`)
    }
  })
  // The parent is gone (or closed our stdin on purpose): leave rather than live on as an orphan.
  lines.on('close', () => process.exit(0))
}

async function main(): Promise<void> {
  const dataDir = process.argv[2]
  if (!dataDir) throw new Error('usage: backendProcess <dataDir>')
  mkdirSync(dataDir, { recursive: true })
  const rendererDir = join(dataDir, '..', 'renderer-stub')
  mkdirSync(rendererDir, { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '')
  listenForCommands()
  const backend = createBackend({
    dataDir,
    host: 'web',
    secretCipher: createKeyFileCipher(dataDir),
    // As shipped (the soak's --shipping): the engine's own policy and the demo gateway's own pace.
    ...(process.env.GS_BACKEND_SHIPPING === '1'
      ? {}
      : { demoTiming: TEST_TIMING, enginePolicy: FAST_POLICY }),
    probe,
    logger: { info: () => undefined, error: (m, e) => process.stderr.write(`${m} ${String(e)}\n`) }
  })
  const host = await startWebHost({ backend, rendererDir })
  process.stdout.write(`${JSON.stringify({ origin: host.origin, token: host.token, pid: process.pid })}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`)
  process.exit(1)
})
