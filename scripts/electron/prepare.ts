// Gets the desktop app ready to run before `npm start` / `npm run dev` (and `npm run dist`, natives only):
//   1. the Electron binary, through electron's own installer (pinned version, checksums from the package);
//   2. better-sqlite3 built for Electron's ABI in native-electron/, checked by the ABI inside the file.
// Either step needs the internet. When it fails, this prints one line saying what failed, that the web
// host runs the same app, and how to retry, then exits 1 so npm stops before electron-vite.
import { addonAbiOfFile } from './abi'
import { electronBinaryInstalled, installElectronBinary } from './binary'
import { buildElectronSqlite } from './native'
import { ELECTRON_DIR, ELECTRON_SQLITE, NATIVE_STAGE, electronPins } from './paths'

const pins = electronPins()
const retry = 'The same app runs in your browser with `npm run web`.'
// npm names the script that ran us, so the retry hint repeats the user's own command.
const event = process.env.npm_lifecycle_event
const command =
  event === 'start' || event === 'dev' || event === 'dist'
    ? `\`npm ${event === 'start' ? 'start' : `run ${event}`}\``
    : 'the same command'

function fail(what: string, cause: string, howToRetry: string): never {
  process.stderr.write(`Gateway Studio: ${what} (${cause}). ${retry} ${howToRetry}\n`)
  process.exit(1)
}

/** A progress note only where it can be erased again, so a failure still leaves exactly one line. */
function status(text: string): () => void {
  if (!process.stderr.isTTY) return () => undefined
  process.stderr.write(text)
  return () => process.stderr.write('\r\x1b[2K')
}

async function ensureBinary(): Promise<void> {
  if (electronBinaryInstalled(ELECTRON_DIR, pins.electron)) return
  const again = `To retry, check the connection (or set ELECTRON_MIRROR) and run ${command} again.`
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    fail(`the Electron ${pins.electron} binary is missing`, 'ELECTRON_SKIP_BINARY_DOWNLOAD is set', again)
  }
  const clear = status(`Downloading Electron ${pins.electron} (once, about 100 MB)...`)
  const result = await installElectronBinary(ELECTRON_DIR)
  clear()
  if (!result.ok) fail(`could not download Electron ${pins.electron}`, result.cause, again)
}

async function ensureNative(): Promise<void> {
  const found = addonAbiOfFile(ELECTRON_SQLITE)
  if (found === pins.abi) return
  process.stderr.write(
    `Building better-sqlite3 ${pins.sqlite} for Electron ${pins.electron} (ABI ${pins.abi}` +
      `${found === null ? '' : `; the build in native-electron/ is for ABI ${found}`}), once...\n`
  )
  const result = await buildElectronSqlite({
    stage: NATIVE_STAGE,
    file: ELECTRON_SQLITE,
    electron: pins.electron,
    abi: pins.abi,
    sqlite: pins.sqlite
  })
  if (!result.ok) {
    fail(
      `could not build better-sqlite3 for Electron ${pins.electron}`,
      result.cause,
      `To retry, check the connection (it needs the Electron headers) and run ${command} again.`
    )
  }
}

async function main(): Promise<void> {
  const step = process.argv[2] ?? 'all'
  if (step !== 'all' && step !== 'native') fail('unknown step', step, 'Use `all` or `native`.')
  if (step === 'all') await ensureBinary()
  await ensureNative()
}

main().catch((error: unknown) =>
  fail('could not prepare Electron', error instanceof Error ? error.message : String(error), '')
)
