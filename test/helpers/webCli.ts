import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = resolve(__dirname, '..', '..')

export interface WebCli {
  /** Resolves when the process has ended, with everything it printed. */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>
  /** Resolves once it says it is running (never, if it refuses to start). */
  running: Promise<void>
  output(): string
  kill(): void
}

/** A renderer folder with a page in it, for a web host whose page is not under test. */
export function stubRenderer(dir: string): string {
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Gateway Studio</title>')
  return dir
}

/**
 * `npm run web` as a user starts it (the command line itself, not a test harness) on `dataDir`, in the
 * terminal language `lang` (a `LANG` value such as `zh_CN.UTF-8`).
 */
export function startWebCli(
  dataDir: string,
  rendererDir: string,
  lang: string,
  extraArgs: string[] = []
): WebCli {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/main/web/cli.ts', '--data-dir', dataDir, '--port', '0', ...extraArgs],
    {
      cwd: root,
      env: { ...process.env, GS_RENDERER_DIR: rendererDir, LANG: lang, LC_ALL: '', LC_MESSAGES: '' }
    }
  )
  let output = ''
  const running = new Promise<void>((ready) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Gateway Studio is running')) ready()
    })
  })
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((done) =>
    child.once('close', (code, signal) => done({ code, signal, output }))
  )
  return { exit, running, output: () => output, kill: () => child.kill('SIGKILL') }
}
