import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { createBackend } from '../backend'
import type { Logger } from '../log'
import { createKeyFileCipher } from '../secrets/cipher'
import { loadHostAddress, saveHostAddress } from './address'
import { startWebHost } from './server'

const projectRoot = resolve(__dirname, '..', '..', '..')
const rendererDir = process.env.GS_RENDERER_DIR ?? join(projectRoot, 'out', 'renderer')

function defaultDataDir(): string {
  const base = process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share')
  return join(base, 'gateway-studio')
}

const usage = `Usage: npm run web -- [--port N] [--data-dir DIR] [--new-token] [--rebuild]

  --port N        listen on 127.0.0.1:N (default: the port this data folder used last, if free,
                  else a free one)
  --data-dir DIR  library, database and settings (default: ${defaultDataDir()})
  --new-token     a new address token: tabs holding the old address can no longer connect
  --rebuild       build the renderer even if a build exists`

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${usage}\n`)
  process.exit(2)
}

async function main(): Promise<void> {
  let args
  try {
    args = parseArgs({
      options: {
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        rebuild: { type: 'boolean', default: false },
        'new-token': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false }
      },
      strict: true
    }).values
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error))
  }
  if (args.help) {
    process.stdout.write(`${usage}\n`)
    return
  }
  const port = args.port === undefined ? 0 : Number(args.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`--port must be a whole number 0-65535, got "${args.port}"`)
  const dataDir = resolve(args['data-dir'] ?? defaultDataDir())
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })

  if (args.rebuild || !existsSync(join(rendererDir, 'index.html'))) {
    process.stderr.write('Building the app (first run)...\n')
    const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: projectRoot, stdio: 'inherit' })
    if (build.status !== 0) fail('The build failed; see the output above.')
  }

  const logger: Logger = {
    info: (message) => process.stderr.write(`${message}\n`),
    error: (message, error) =>
      process.stderr.write(`${message}${error instanceof Error ? `: ${error.stack ?? error.message}` : ''}\n`)
  }
  const backend = createBackend({ dataDir, host: 'web', secretCipher: createKeyFileCipher(dataDir), logger })
  // The same address as last time for this data folder, so an open tab reconnects after a restart.
  const saved = loadHostAddress(dataDir, args['new-token'])
  const listen = (at: number) =>
    startWebHost({
      backend,
      rendererDir,
      port: at,
      token: saved.token,
      onInternalError: (error) => logger.error('a command failed past the dispatcher', error)
    })
  let host
  if (args.port !== undefined || saved.port === null) host = await listen(port)
  else host = await listen(saved.port).catch(() => listen(0))
  saveHostAddress(dataDir, { port: host.port, token: host.token })
  process.stdout.write(`Gateway Studio is running. Open this address in your browser:\n\n  ${host.url}\n\n`)
  process.stdout.write(`Data folder: ${dataDir}\nPress Ctrl+C to stop.\n`)

  let stopping = false
  const stop = (): void => {
    if (stopping) return
    stopping = true
    host
      .close()
      .then(() => backend.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error('stopping failed', error)
          process.exit(1)
        }
      )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Gateway Studio could not start: ${error instanceof Error ? error.message : String(error)}\n`
  )
  process.exit(1)
})
