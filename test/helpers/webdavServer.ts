import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { makeTempDir } from './tempDir'

/** Debian's rclone (installed by .ci/run): a WebDAV server that is not ours, serving a folder on disk. */
export const RCLONE = '/usr/bin/rclone'

const START_TIMEOUT_MS = 10_000
const TERM_GRACE_MS = 3_000

export interface WebdavServer {
  /** `http://127.0.0.1:<port>/`, the served folder's root. */
  url: string
  credentials: { username: string; password: string }
  /** The served folder on this machine: what the server holds, seen without the server. */
  dir: string
  /** The server's process (another one after `back`). */
  readonly pid: number
  /** Stops the server as `stop` does but keeps `dir`: its address refuses connections until `back`. */
  away(): Promise<void>
  /** Starts the server again at the same address, serving the same `dir` to the same credentials. */
  back(): Promise<void>
  /** Stops the server (SIGTERM, SIGKILL after 3 s), waits until it has exited, removes `dir`. */
  stop(): Promise<void>
}

/** One `rclone serve webdav` process that has said it listens. */
interface RcloneProcess {
  url: string
  pid: number
  /** SIGTERM, SIGKILL after 3 s; resolves once the process has exited. */
  end(): Promise<void>
}

/** Spawns rclone serving `dir` at `addr` (`127.0.0.1:0` for a port the system picks). */
async function serveWebdav(
  dir: string,
  addr: string,
  credentials: { username: string; password: string },
  readOnly: boolean
): Promise<RcloneProcess> {
  // No directory cache: tests write into the served folder behind the server's back and must be seen.
  const args = ['serve', 'webdav', dir, '--addr', addr, '--config', '/dev/null', '--dir-cache-time', '0s']
  args.push('--user', credentials.username, '--pass', credentials.password)
  if (readOnly) args.push('--read-only')
  const child = spawn(RCLONE, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RCLONE_CONFIG: '/dev/null' }
  })
  const pid = child.pid
  if (pid === undefined) throw new Error(`${RCLONE} could not be started (is rclone installed?)`)
  // A worker that dies without afterAll must not leave the server running.
  const killOnExit = (): void => {
    child.kill('SIGKILL')
  }
  process.once('exit', killOnExit)
  const exited = new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done()
    else child.once('exit', () => done())
  })

  let log = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(`did not start within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS)
    const fail = (why: string): void => {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new Error(`rclone serve webdav ${why}:\n${log.replace(/^/gm, '| ')}`))
    }
    const onOutput = (chunk: Buffer): void => {
      log += chunk.toString()
      const started = /WebDav Server started on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(log)
      if (started?.[1]) {
        clearTimeout(timer)
        resolve(started[1])
      }
    }
    child.stderr.on('data', onOutput)
    child.stdout.on('data', onOutput)
    child.once('error', (error) => fail(`failed: ${error.message}`))
    child.once('exit', (code, signal) => fail(`exited (${signal ?? code}) before it listened`))
  }).catch(async (error: unknown) => {
    await exited
    process.off('exit', killOnExit)
    throw error
  })

  const end = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), TERM_GRACE_MS)
      await exited
      clearTimeout(timer)
    }
    process.off('exit', killOnExit)
  }
  return { url, pid, end }
}

/**
 * Starts `rclone serve webdav` on a fresh temp folder (named `gs-webdav-*`, which its command line shows,
 * so a leftover server can be found with `pgrep -f gs-webdav-`), on a port the system picks, with no
 * rclone.conf. Resolves once the server says it listens.
 */
export async function startWebdavServer(
  options: { username?: string; password?: string; readOnly?: boolean } = {}
): Promise<WebdavServer> {
  const credentials = {
    username: options.username ?? 'gs-test',
    password: options.password ?? randomBytes(12).toString('hex')
  }
  const readOnly = options.readOnly ?? false
  const temp = makeTempDir('gs-webdav-')
  let current: RcloneProcess | null
  try {
    current = await serveWebdav(temp.dir, '127.0.0.1:0', credentials, readOnly)
  } catch (error) {
    temp.cleanup()
    throw error
  }
  const { url } = current
  const { host } = new URL(url)
  let lastPid = current.pid

  let stopping: Promise<void> | undefined
  const stop = async (): Promise<void> => {
    await current?.end()
    current = null
    temp.cleanup()
  }
  return {
    url,
    credentials,
    dir: temp.dir,
    get pid() {
      return lastPid
    },
    away: async () => {
      await current?.end()
      current = null
    },
    back: async () => {
      if (current || stopping) throw new Error('the WebDAV server is not away')
      // Same port: a location saved with the first address must reach the server again.
      current = await serveWebdav(temp.dir, host, credentials, readOnly)
      lastPid = current.pid
    },
    stop: () => (stopping ??= stop())
  }
}
