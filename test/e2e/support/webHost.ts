import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export interface RunningWebHost {
  url: string
  origin: string
  dataDir: string
  process: ChildProcess
  /** Everything the host printed so far, and how it ended if it did: for a failing test's report. */
  output(): string
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

const root = resolve(__dirname, '..', '..', '..')

/**
 * Starts `npm run web` exactly as a user would (same CLI), on a free port and its own data folder; a
 * restart passes the port and folder of the host it replaces (the token is kept per data folder).
 */
export async function startWebHostProcess(
  dataDir = mkdtempSync(join(tmpdir(), 'gs-e2e-')),
  extraArgs: string[] = []
): Promise<RunningWebHost> {
  // `npm run web`'s own command, without npm: the launcher runs the web host in its own process, so a kill
  // reaches the web host, not a wrapper that leaves it behind. Every e2e test so runs the bundle users run.
  const child = spawn(
    process.execPath,
    ['scripts/web/launch.mjs', '--port', '0', '--data-dir', dataDir, ...extraArgs],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env }
    }
  )
  let output = ''
  const url = await new Promise<string>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`web host did not start:\n${output}`)), 30_000)
    const onData = (chunk: Buffer): void => {
      output += chunk.toString()
      const match = /http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolvePromise(match[0])
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`web host exited with ${code}:\n${output}`))
    })
  })
  let ended = ''
  child.once('exit', (code, signal) => (ended = `\n[web host exited: code ${code}, signal ${signal}]`))
  return {
    url,
    origin: new URL(url).origin,
    dataDir,
    process: child,
    output: () => output + ended,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolvePromise) => {
        // A process ended by a signal has no exit code, only a signal code.
        if (child.exitCode !== null || child.signalCode !== null) return resolvePromise(child.exitCode)
        child.once('exit', (code) => resolvePromise(code))
        child.kill(signal)
      })
  }
}
