// `npm run web`: the web host from one bundled file, built again whenever its sources are newer.
//
// Plain Node, no TypeScript loader: loading the backend's 900-odd modules through one cost about 1.3 s of
// every start on these machines, where the same code as one bundle starts listening in about 0.6 s. The
// build takes under a second and happens only after a change, so a developer's edit is picked up as before.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
const entry = join(root, 'src', 'main', 'web', 'cli.ts')
/** Where the bundle goes; tests point it elsewhere so they never race the one a user runs. */
const outFile = process.env.GS_WEB_BUNDLE ?? join(root, 'out', 'web', 'cli.cjs')
/** What the backend is built from: its sources, the packages it was built against, and this file. */
const SOURCES = ['src/main', 'src/shared', 'src/emulator'].map((dir) => join(root, dir))
const INPUTS = ['package-lock.json', 'tsconfig.json', 'scripts/web/launch.mjs'].map((file) =>
  join(root, file)
)

/** The newest modification time under `path` (a file or a folder), in ms. */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  let latest = stat.mtimeMs
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)))
  return latest
}

function stale() {
  const built = statSync(outFile, { throwIfNoEntry: false })
  if (!built) return true
  const inputs = Math.max(...SOURCES.map(newest), ...INPUTS.map(newest))
  return inputs > built.mtimeMs
}

async function build() {
  const { build: bundle } = await import('esbuild')
  const { outputFiles } = await bundle({
    entryPoints: [entry],
    outfile: outFile,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // Packages load from node_modules as they would under a loader: native ones (SQLite, sharp) included.
    packages: 'external',
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning'
  })
  mkdirSync(dirname(outFile), { recursive: true })
  // Written aside and renamed, the map first: two hosts started at once each build, and neither runs a
  // half-written file.
  const isMap = (file) => file.path.endsWith('.map')
  for (const file of [...outputFiles.filter(isMap), ...outputFiles.filter((file) => !isMap(file))]) {
    const partial = `${file.path}.${process.pid}.partial`
    writeFileSync(partial, file.contents)
    renameSync(partial, file.path)
  }
}

if (stale()) {
  process.stderr.write(
    existsSync(outFile) ? 'Building the web host (its sources changed)...\n' : 'Building the web host...\n'
  )
  await build()
}
// Stack traces in logs name the TypeScript files and lines, as they did under the loader.
process.setSourceMapsEnabled(true)
createRequire(import.meta.url)(outFile)
