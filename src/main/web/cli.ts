import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { fill, sentenceIn, wordsOf } from '../../shared/i18n/words'
import { resolveLanguage, type SpokenLanguage } from '../../shared/language'
import { createBackend } from '../backend'
import { StartProblem } from '../dataFolder/startProblem'
import type { Logger } from '../log'
import { createKeyFileCipher } from '../secrets/cipher'
import { loadHostAddress, saveHostAddress } from './address'
import { startWebHost } from './server'

/** The folder holding package.json: above src/main/web here, above out/web in the bundle `npm run web` runs. */
function projectRootFrom(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir
    if (dirname(dir) === dir) return resolve(start, '..', '..', '..')
  }
}

const projectRoot = projectRootFrom(__dirname)
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
  --rebuild       build the renderer even if a build exists
  --restore-backup
                  open the newest backup of the library database instead of the one there (which is
                  kept aside, never deleted): for a database that is damaged or lost`

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
        'restore-backup': { type: 'boolean', default: false },
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
  // Made (0700), locked and checked by the backend, which says in words what stops it.
  const dataDir = resolve(args['data-dir'] ?? defaultDataDir())

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
  const backend = createBackend({
    dataDir,
    host: 'web',
    secretCipher: createKeyFileCipher(dataDir),
    logger,
    restoreBackup: args['restore-backup']
  })
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
  backend.announcePort(host.port)
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
  // Listening for Ctrl+C before the address is out: a stop that follows the address at once (a script,
  // an impatient hand) closes the data folder cleanly, where it would otherwise end the process as it is.
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  process.stdout.write(`Gateway Studio is running. Open this address in your browser:\n\n  ${host.url}\n\n`)
  process.stdout.write(`Data folder: ${dataDir}\nPress Ctrl+C to stop.\n`)
}

/** The language of this terminal: the locale variables as the C library reads them, then Intl's guess. */
function terminalLanguage(): SpokenLanguage {
  const tags = [process.env.LC_ALL, process.env.LC_MESSAGES, process.env.LANG]
    .filter((tag): tag is string => tag !== undefined && tag !== '' && tag !== 'C' && tag !== 'POSIX')
    .map((tag) => tag.replace('_', '-').replace(/\..*$/, ''))
  return resolveLanguage('system', [...tags, Intl.DateTimeFormat().resolvedOptions().locale])
}

main().catch((error: unknown) => {
  const language = terminalLanguage()
  const words = wordsOf(language)
  if (error instanceof StartProblem) {
    // One sentence naming the folder, then what to do instead; exit 3 so scripts can tell it from a crash.
    const lines = [`${words.app.startFailed}. ${sentenceIn(language, error.said)}`]
    if (error.said.code.startsWith('dataFolderInUse')) lines.push(words.app.cli.inUse)
    const backup = error.offers.backup
    if (backup) {
      const date = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(
        backup.takenAt
      )
      lines.push(fill(language, words.app.cli.backup, { date, path: dirname(backup.file) }))
    }
    if (error.said.code.startsWith('database')) lines.push(words.app.cli.otherFolder)
    process.stderr.write(`${lines.join('\n')}\n`)
    process.exit(3)
  }
  process.stderr.write(
    `${words.app.startFailed}: ${error instanceof Error ? error.message : String(error)}\n`
  )
  process.exit(1)
})
