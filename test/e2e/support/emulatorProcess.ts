import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'

export interface EmulatorProcess {
  origin: string
  tenants: Record<string, string>
  keys: { key: string; tenant: string; role: string }[]
  models: { id: string; supported_endpoints: string[] }[]
  process: ChildProcess
  stop(): Promise<void>
}

const root = resolve(__dirname, '..', '..', '..')

/** `npm run emulator` as a separate process, read from the one JSON line it prints when listening. */
export async function startEmulatorProcess(args: string[] = []): Promise<EmulatorProcess> {
  // Node itself with tsx as a loader: a signal reaches the emulator, not a wrapper that leaves it behind.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/emulator/cli.ts', '--port', '0', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  const info = await new Promise<Omit<EmulatorProcess, 'process' | 'stop'>>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`emulator did not start:\n${output}`)), 30_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'))
      if (line && output.includes('\n', output.indexOf(line))) {
        clearTimeout(timer)
        resolvePromise(JSON.parse(line) as Omit<EmulatorProcess, 'process' | 'stop'>)
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`emulator exited with ${code}:\n${output}`))
    })
  })
  return {
    ...info,
    process: child,
    stop: () =>
      new Promise((resolvePromise) => {
        if (child.exitCode !== null) return resolvePromise()
        child.once('exit', () => resolvePromise())
        child.kill('SIGTERM')
      })
  }
}
