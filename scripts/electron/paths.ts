import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The repository root (this file lives in scripts/electron/). */
export const ROOT = join(__dirname, '..', '..')
export const ELECTRON_DIR = join(ROOT, 'node_modules', 'electron')

/**
 * Where the Electron-ABI build of better-sqlite3 is made: a staging project of its own, never the
 * project's node_modules, whose Node build tests and the web host load.
 */
export const NATIVE_STAGE = join(ROOT, 'native-electron')
export const ELECTRON_SQLITE = join(
  NATIVE_STAGE,
  'node_modules',
  'better-sqlite3',
  'build',
  'Release',
  'better_sqlite3.node'
)

/** Electron's own header server, passed explicitly so nothing in the environment can redirect node-gyp. */
export const ELECTRON_HEADERS_URL = 'https://www.electronjs.org/headers'

function packageVersion(dir: string): string {
  const json: unknown = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  if (typeof json === 'object' && json !== null && 'version' in json && typeof json.version === 'string')
    return json.version
  throw new Error(`${dir}/package.json has no version`)
}

export interface ElectronPins {
  /** The pinned electron package version, e.g. "45.4.1". */
  electron: string
  /** NODE_MODULE_VERSION of that Electron, from the package's own abi_version file. */
  abi: number
  /** better-sqlite3's pinned version, rebuilt in the staging folder at exactly this version. */
  sqlite: string
}

export function electronPins(root = ROOT): ElectronPins {
  const electronDir = join(root, 'node_modules', 'electron')
  const abi = Number(readFileSync(join(electronDir, 'abi_version'), 'utf8').trim())
  if (!Number.isInteger(abi)) throw new Error(`${electronDir}/abi_version is not a number`)
  return {
    electron: packageVersion(electronDir),
    abi,
    sqlite: packageVersion(join(root, 'node_modules', 'better-sqlite3'))
  }
}
