// Builds better-sqlite3 for Electron's ABI in a staging folder (native-electron/), never in node_modules:
// tests and the web host keep loading the Node build, and a failed Electron rebuild cannot wipe it
// (TOOLCHAIN P9). Run by `npm start` / `npm run dev`; needs the internet (Electron headers), so offline it
// explains and stops instead of half-building.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const require = createRequire(import.meta.url)
const root = join(import.meta.dirname, '..')
const stage = join(root, 'native-electron')
const electronVersion = require('electron/package.json').version
const sqliteVersion = require('better-sqlite3/package.json').version
const built = join(stage, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')
const stamp = join(stage, `built-for-electron-${electronVersion}-sqlite-${sqliteVersion}`)

if (existsSync(built) && existsSync(stamp)) process.exit(0)

mkdirSync(stage, { recursive: true })
writeFileSync(
  join(stage, 'package.json'),
  JSON.stringify(
    { name: 'native-electron', private: true, dependencies: { 'better-sqlite3': sqliteVersion } },
    null,
    2
  )
)
try {
  execFileSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: stage,
    stdio: 'inherit'
  })
  execFileSync(
    'npx',
    ['--yes', '@electron/rebuild@4.2.1', '-v', electronVersion, '-m', stage, '-o', 'better-sqlite3', '-f'],
    { cwd: stage, stdio: 'inherit' }
  )
  writeFileSync(stamp, new Date().toISOString())
} catch {
  console.error(
    '\nCould not build better-sqlite3 for Electron (this needs the Electron headers from the internet).\n' +
      'The web host does not need it: `npm run web`.'
  )
  process.exit(1)
}
