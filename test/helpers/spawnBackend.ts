import { spawn, type ChildProcess } from 'node:child_process'
import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { CrashPoint } from '../../src/main/crashPoints'
import { createApiClient, type ApiClient } from '../../src/shared/client'
import { connectWebSocket } from './wsClient'

/**
 * Spawns `test/helpers/backendProcess.ts` for crash tests and the soak, so that a SIGKILL kills the backend
 * itself: the child is `node --import tsx …` (tsx as a loader, Node ≥ 20.6), not the `tsx` CLI, which
 * runs the script in a second process that a SIGKILL of the wrapper leaves running (issue 11). Every kill
 * is checked: the 'exit' event reports SIGKILL and `kill(pid, 0)` then fails with ESRCH. No vitest here:
 * `scripts/soak.ts` uses it too, so failures are thrown errors.
 */

const root = resolve(__dirname, '..', '..')

/** What the probe writes to stderr just before it kills the process (see backendProcess.ts). */
export const CRASH_MARK = 'CRASH '

/**
 * A folder where every spawned pid is recorded (one `pid<TAB>label` line per process in `pids`), set by
 * the vitest global setup (`processRegistry.ts`), whose teardown fails the run if any of them survived.
 */
export const REGISTRY_ENV = 'GS_PROCESS_REGISTRY'

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
  /** `<point>#<k>` when the crash probe killed the process, else null. */
  crashedAt: string | null
  /** stdout and stderr, for failure messages. */
  output: string
  /** `kill(pid, 0)` failed with ESRCH after the exit event: the process really is gone. */
  gone: boolean
}

export interface BackendProcess {
  readonly pid: number
  readonly origin: string
  /** The address token, for tests that speak the wire protocol themselves. */
  readonly token: string
  /** The contract over the process's WebSocket, as the renderer uses it. */
  readonly api: ApiClient
  /** Resolves once the process is gone and its pipes are drained (after the check that the pid is gone). */
  readonly exited: Promise<Exit>
  output(): string
  /** Arms the crash probe: SIGKILL the k-th time the backend reaches `point`; resolves once acknowledged. */
  arm(point: CrashPoint, k?: number): Promise<void>
  /** Kills the process from outside with SIGKILL and checks that it died of it. */
  kill9(): Promise<Exit>
  /** Waits for the armed probe to kill the process and checks that it died exactly there. */
  crashed(point: CrashPoint, k?: number, timeoutMs?: number): Promise<Exit>
}

const live = new Set<ChildProcess>()

// Last resort when the parent itself ends: no backend outlives it (a SIGKILL of the parent is covered by
// the child leaving when its stdin closes).
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL')
})

/** True when `pid` names no process any more (ask after its 'exit' event, when it is reaped). */
export function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

/**
 * The child's output inside an error message, each line behind `| `: stack frames the child printed must
 * not pass for frames of the error itself (vitest would try to map them and can choke on them).
 */
function quote(output: string): string {
  return output
    .trimEnd()
    .split('\n')
    .map((line) => `  | ${line}`)
    .join('\n')
}

function register(pid: number, label: string): void {
  const dir = process.env[REGISTRY_ENV]
  if (dir && existsSync(dir)) appendFileSync(join(dir, 'pids'), `${pid}\t${label}\n`)
}

/** Pids recorded in a registry folder that still run backendProcess.ts (a reused pid is not counted). */
export function registeredSurvivors(dir: string): { pid: number; label: string }[] {
  const file = join(dir, 'pids')
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [pid = '', label = ''] = line.split('\t')
      return { pid: Number(pid), label }
    })
    .filter(({ pid }) => {
      try {
        process.kill(pid, 0)
      } catch {
        return false
      }
      const cmdline = `/proc/${pid}/cmdline`
      return !existsSync(cmdline) || readFileSync(cmdline, 'utf8').includes('backendProcess')
    })
}

/** SIGKILLs every backend this process started that is still running (afterAll, Ctrl-C of the soak). */
export async function killAllBackends(): Promise<void> {
  const exits = [...live].map(
    (child) =>
      new Promise<void>((done) => (child.exitCode !== null ? done() : child.once('close', () => done())))
  )
  for (const child of live) child.kill('SIGKILL')
  await Promise.all(exits)
}

/**
 * `shipping`: the engine's own policy (2 s polls, …) and the built-in demo gateway at its demo pace, as
 * the app ships, instead of the fast test policy and timing.
 */
export async function spawnBackend(
  dataDir: string,
  label = dataDir,
  options: { shipping?: boolean } = {}
): Promise<BackendProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/backendProcess.ts', dataDir], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, GS_BACKEND_SHIPPING: options.shipping ? '1' : '' }
  })
  const pid = child.pid
  if (pid === undefined) throw new Error('the backend process could not be started')
  live.add(child)
  register(pid, label)
  // Writing to a child that just died must not become an unhandled error.
  child.stdin?.on('error', () => undefined)

  let out = ''
  let pending = ''
  const lineWaiters: ((line: Record<string, unknown>) => boolean)[] = []
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = chunk.toString()
    out += text
    pending += text
    const lines = pending.split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) {
      if (!line.startsWith('{')) continue
      const message = JSON.parse(line) as Record<string, unknown>
      for (const waiter of [...lineWaiters]) {
        if (waiter(message)) lineWaiters.splice(lineWaiters.indexOf(waiter), 1)
      }
    }
  })
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()))

  // 'close' comes after 'exit' and after the pipes are drained, so the probe's last line is in `out`.
  const exited = new Promise<Exit>((resolveExit) => {
    child.once('close', (code, signal) => {
      live.delete(child)
      const crash = new RegExp(`^${CRASH_MARK}(\\S+)$`, 'm').exec(out)
      resolveExit({ code, signal, crashedAt: crash?.[1] ?? null, output: out, gone: isGone(pid) })
    })
  })
  const waitFor = <T>(test: (line: Record<string, unknown>) => T | undefined, what: string): Promise<T> =>
    new Promise<T>((resolveLine, reject) => {
      lineWaiters.push((line) => {
        const value = test(line)
        if (value === undefined) return false
        resolveLine(value)
        return true
      })
      void exited.then((exit) =>
        reject(
          new Error(
            `backend ${pid} exited (${exit.signal ?? exit.code}) before ${what}:\n${quote(exit.output)}`
          )
        )
      )
    })

  const ready = await waitFor(
    (line) =>
      typeof line.origin === 'string' && typeof line.token === 'string'
        ? { origin: line.origin, token: line.token }
        : undefined,
    'it was ready'
  )
  const transport = await connectWebSocket(ready.origin, ready.token)
  const api = createApiClient(transport)

  const expectDeath = (exit: Exit, why: string): Exit => {
    if (exit.signal !== 'SIGKILL') {
      throw new Error(
        `backend ${pid} ${why}, but it exited with ${exit.signal ?? exit.code}:\n${quote(exit.output)}`
      )
    }
    if (!exit.gone) throw new Error(`backend ${pid} is still alive after its exit event`)
    return exit
  }

  return {
    pid,
    origin: ready.origin,
    token: ready.token,
    api,
    exited,
    output: () => out,
    async arm(point, k = 1) {
      const acknowledged = waitFor((line) => (line.armed === point ? true : undefined), `arming ${point}`)
      child.stdin?.write(`arm ${point} ${k}\n`)
      await acknowledged
    },
    async kill9() {
      transport.close()
      child.kill('SIGKILL')
      return expectDeath(await exited, 'was sent SIGKILL')
    },
    async crashed(point, k = 1, timeoutMs = 20_000) {
      let timer: ReturnType<typeof setTimeout> | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(`backend ${pid} did not reach ${point}#${k} in ${timeoutMs} ms:\n${quote(out)}`)
            ),
          timeoutMs
        )
      })
      try {
        const exit = expectDeath(await Promise.race([exited, timeout]), `should crash at ${point}#${k}`)
        if (exit.crashedAt !== `${point}#${k}`) {
          throw new Error(
            `backend ${pid} was killed at ${exit.crashedAt ?? 'no crash point'}, not ${point}#${k}:\n${quote(exit.output)}`
          )
        }
        return exit
      } finally {
        clearTimeout(timer)
        transport.close()
      }
    }
  }
}
