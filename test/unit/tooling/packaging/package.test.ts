// What an installer will contain, proven by packing for real: electron-builder runs with our config on a
// stand-in Electron (a file carrying a fuse wire, since the real binary cannot be downloaded here), then
// the resulting app.asar, its unpacked folder and resources/ are read back. The app folder is a temporary
// one (package.json and a fresh build), so the out/ that `npm run web` and the e2e tests serve is never
// emptied under them; the project folder is the repository itself, so electron-builder walks the real
// node_modules with `npm ls` exactly as `npm run dist` does. (It must not be a node_modules linked into a
// temporary project: through that symlink npm reports every package as a link with no dependencies, and
// only a still-valid node_modules/.package-lock.json hides this. After `npm ci` — CI — the first vite or
// vitest run adds node_modules/.vite-temp, npm stops trusting that file, and the pack loses every
// dependency of a dependency: sharp's @img packages, electron-updater's runtime, better-sqlite3's bindings.)
import { spawnSync } from 'node:child_process'
import { builtinModules } from 'node:module'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { extractFile, listPackage, statFile } from '@electron/asar'
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { Arch, build, Platform } from 'electron-builder'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { builderConfig } from '../../../../electron-builder.config'
import { addonAbiOfFile } from '../../../../scripts/electron/abi'

const root = join(__dirname, '..', '..', '..', '..')
const work = mkdtempSync(join(tmpdir(), 'gs-package-'))
const app = join(work, 'out', 'linux-unpacked')
const asar = join(app, 'resources', 'app.asar')
let files: string[] = []

/** An Electron folder as the zip unpacks, with a 9-fuse wire at Electron's defaults in the "binary". */
function fakeElectron(): string {
  const dist = join(work, 'electron')
  mkdirSync(join(dist, 'locales'), { recursive: true })
  mkdirSync(join(dist, 'resources'))
  const wire = Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX\u0001\u0009101100011', 'latin1')
  writeFileSync(join(dist, 'electron'), Buffer.concat([Buffer.from('\u007fELF'), wire]), { mode: 0o755 })
  writeFileSync(join(dist, 'locales', 'en-US.pak'), '')
  writeFileSync(join(dist, 'version'), '45.4.1')
  return dist
}

beforeAll(async () => {
  const project = join(work, 'project')
  mkdirSync(project)
  copyFileSync(join(root, 'package.json'), join(project, 'package.json'))
  // Exactly what `npm run dist` packs: a fresh electron-vite build of main, preload and renderer.
  const built = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'),
      'build',
      '--outDir',
      join(project, 'out')
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, GS_RENDERER_OUT: join(project, 'out', 'renderer') }
    }
  )
  if (built.status !== 0) throw new Error(`electron-vite build failed:\n${built.stdout}\n${built.stderr}`)
  const sqlite = join(work, 'better_sqlite3.node')
  writeFileSync(sqlite, '\u007fELF\u0000node_register_module_v150\u0000')
  const config = builderConfig({ env: {}, electronSqlite: sqlite, electronAbi: 150 })
  await build({
    // electron-builder looks for the production dependencies in the app folder first (it has no
    // node_modules, so nothing is found there), then in the project folder: the repository.
    projectDir: root,
    targets: Platform.LINUX.createTarget('dir', Arch.x64),
    publish: 'never',
    config: {
      ...config,
      electronDist: fakeElectron(),
      directories: { ...config.directories, app: project, output: join(work, 'out') }
    }
  })
  files = listPackage(asar, { isPack: false }).map((file) => file.replace(/^[\\/]/, '').replaceAll('\\', '/'))
}, 180_000)

afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('the packaged app', () => {
  it('holds the built app and production dependencies only: no sources, tests, benchmarks or maps', () => {
    const ours = files.filter((file) => file !== 'node_modules' && !file.startsWith('node_modules/'))
    expect(ours).toEqual(
      expect.arrayContaining([
        'package.json',
        'out/main/index.js',
        'out/preload/index.js',
        'out/renderer/index.html'
      ])
    )
    expect(
      ours.filter((file) => !/^(out\/(main|preload|renderer)(\/|$)|out$|package\.json$)/.test(file))
    ).toEqual([])
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([])
    expect(
      files.filter(
        (file) => /(^|\/)(test|tests|bench|__tests__)\//.test(file) && !file.startsWith('node_modules/')
      )
    ).toEqual([])
    // Tooling never ships: it is all devDependencies.
    for (const tool of ['electron', 'electron-builder', 'vite', 'vitest', 'typescript', '@electron/fuses'])
      expect(files).not.toContain(`node_modules/${tool}/package.json`)
  })

  it('includes the emulator the demo gateway starts (bundled into main)', () => {
    const main = extractFile(asar, 'out/main/index.js').toString('utf8')
    expect(main).toContain('startEmulator')
    expect(main).toContain('/__emulator/')
  })

  it('contains every package main loads at run time', () => {
    const main = extractFile(asar, 'out/main/index.js').toString('utf8')
    const loaded = new Set(
      [...main.matchAll(/(?:require|import)\("([^"./][^"]*)"\)/g)]
        .map((match) => match[1]!)
        .filter((name) => name !== 'electron' && !name.startsWith('node:') && !builtinModules.includes(name))
        .map((name) => (name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!))
    )
    expect([...loaded]).toEqual(expect.arrayContaining(['better-sqlite3', 'sharp', 'electron-updater']))
    for (const name of loaded) expect(files).toContain(`node_modules/${name}/package.json`)
  })

  it('keeps native code out of the archive: every .node unpacked, better-sqlite3 as the Electron build in resources', () => {
    const natives = files.filter((file) => file.endsWith('.node'))
    for (const file of natives) {
      expect(statFile(asar, file)).toMatchObject({ unpacked: true })
      expect(existsSync(join(app, 'resources', 'app.asar.unpacked', file))).toBe(true)
    }
    expect(
      files.filter(
        (file) =>
          file.startsWith('node_modules/better-sqlite3/') &&
          !file.startsWith('node_modules/better-sqlite3/lib')
      )
    ).toEqual(['node_modules/better-sqlite3/LICENSE', 'node_modules/better-sqlite3/package.json'])
    expect(addonAbiOfFile(join(app, 'resources', 'better_sqlite3.node'))).toBe(150)
  })

  // Both used to depend on whether npm still trusted node_modules/.package-lock.json (see the top): they
  // held in a long-lived tree and failed in a fresh `npm ci` tree once vite had run in it.
  it('ships sharp’s platform native file and its libvips, unpacked, from a fresh npm ci tree as well', () => {
    const native = files.filter((file) =>
      /^node_modules\/@img\/sharp-linux-x64\/lib\/[^/]+\.node$/.test(file)
    )
    const libvips = files.filter((file) =>
      /^node_modules\/@img\/sharp-libvips-linux-x64\/lib\/libvips-cpp\.so[.\d]*$/.test(file)
    )
    expect(native).toHaveLength(1)
    expect(libvips).toHaveLength(1)
    for (const file of [...native, ...libvips]) {
      expect(statFile(asar, file)).toMatchObject({ unpacked: true })
      expect(existsSync(join(app, 'resources', 'app.asar.unpacked', file))).toBe(true)
    }
  })

  it('ships ExifTool unpacked: exported copies get their metadata from a process it cannot run in the archive', () => {
    const script = 'node_modules/exiftool-vendored.pl/bin/exiftool'
    expect(files).toContain(script)
    expect(statFile(asar, script)).toMatchObject({ unpacked: true })
    expect(existsSync(join(app, 'resources', 'app.asar.unpacked', script))).toBe(true)
  })

  it('holds every production dependency npm installed, the dependencies of dependencies too', () => {
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean; devOptional?: boolean; version?: string }>
    }
    const nameOf = (path: string): string =>
      path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)
    // Optional packages npm skipped on this machine (sharp's for other platforms) are not expected.
    const installed = Object.entries(lock.packages).filter(
      ([path, entry]) => path !== '' && !entry.dev && existsSync(join(root, path, 'package.json'))
    )
    const id = ([path, entry]: (typeof installed)[number]): string => `${nameOf(path)}@${entry.version}`
    // devOptional: wanted by a devDependency, and by production only below an optional package that may
    // not be installed (tslib under sharp's wasm build), so it may ship or not.
    const required = installed.filter(([, entry]) => !entry.devOptional).map(id)
    const allowed = new Set(installed.map(id))
    const packed = files
      .filter((file) => /(^|\/)node_modules\/(@[^/]+\/)?[^/@]+\/package\.json$/.test(file))
      .map((file) => {
        const { version } = JSON.parse(extractFile(asar, file).toString('utf8')) as { version: string }
        return `${nameOf(file.slice(0, -'/package.json'.length))}@${version}`
      })
    expect(required.filter((dependency) => !packed.includes(dependency))).toEqual([])
    expect(packed.filter((dependency) => !allowed.has(dependency))).toEqual([])
  })

  it('has its fuses flipped by the afterPack hook [P8]', async () => {
    const wire = await getCurrentFuseWire(join(app, 'gateway-studio'))
    const on = 49
    const off = 48
    expect(wire[FuseV1Options.RunAsNode]).toBe(off)
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(off)
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(off)
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(on)
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(on)
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(on)
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(off)
  })

  it('has no update feed when built without one', () => {
    expect(existsSync(join(app, 'resources', 'app-update.yml'))).toBe(false)
    expect(readFileSync(join(app, 'version'), 'utf8')).toBe('45.4.1')
  })
})
