import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const calls = vi.hoisted(() => ({
  rebuild: [] as { options: unknown; nodedirSeen: string | undefined }[],
  npm: [] as { args: readonly string[]; env: NodeJS.ProcessEnv | undefined }[],
  /** What the fake build writes: the registration symbol of this ABI. */
  builtAbi: 150,
  builtFile: ''
}))

vi.mock('node:child_process', () => ({
  spawnSync: (_command: string, args: readonly string[], options?: { env?: NodeJS.ProcessEnv }) => {
    calls.npm.push({ args, env: options?.env })
    return { status: 0 }
  }
}))

vi.mock('@electron/rebuild', () => ({
  rebuild: (options: unknown) => {
    calls.rebuild.push({ options, nodedirSeen: process.env.npm_config_nodedir })
    mkdirSync(dirname(calls.builtFile), { recursive: true })
    writeFileSync(calls.builtFile, `\u007fELF\u0000node_register_module_v${calls.builtAbi}\u0000`)
    return Promise.resolve()
  }
}))

const { buildElectronSqlite, electronBuildEnv } = await import('../../../../scripts/electron/native')

const savedEnv = { ...process.env }

function target() {
  const stage = mkdtempSync(join(tmpdir(), 'gs-native-'))
  const file = join(stage, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')
  calls.builtFile = file
  return { stage, file, electron: '45.4.1', abi: 150, sqlite: '12.9.0' }
}

describe('the Electron build environment', () => {
  it('drops every npm/node-gyp setting that would point the build at other headers', () => {
    const env = electronBuildEnv({
      PATH: '/usr/bin',
      npm_config_nodedir: '/usr',
      NPM_CONFIG_NODEDIR: '/usr',
      npm_config_target: '20.20.2',
      npm_config_runtime: 'node',
      npm_config_disturl: 'https://nodejs.org/dist',
      npm_config_dist_url: 'https://nodejs.org/dist',
      npm_config_arch: 'x64',
      npm_config_devdir: '/tmp/gyp',
      npm_package_config_node_gyp_nodedir: '/usr',
      npm_config_build_from_source: 'true',
      ELECTRON_MIRROR: 'https://mirror.example/'
    })
    expect(env).toEqual({
      PATH: '/usr/bin',
      npm_config_build_from_source: 'true',
      ELECTRON_MIRROR: 'https://mirror.example/'
    })
  })
})

describe('building better-sqlite3 for Electron', () => {
  beforeEach(() => {
    calls.rebuild = []
    calls.npm = []
    calls.builtAbi = 150
    process.env.npm_config_nodedir = '/usr'
  })
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key]
    Object.assign(process.env, savedEnv)
  })

  it('rebuilds only the staging copy, against Electron headers named explicitly, with nodedir gone', async () => {
    const t = target()
    await expect(buildElectronSqlite(t)).resolves.toEqual({ ok: true })
    expect(JSON.parse(readFileSync(join(t.stage, 'package.json'), 'utf8'))).toMatchObject({
      dependencies: { 'better-sqlite3': '12.9.0' }
    })
    expect(calls.npm[0]?.args).toEqual(expect.arrayContaining(['install', '--ignore-scripts']))
    expect(calls.npm[0]?.env?.npm_config_nodedir).toBeUndefined()
    expect(calls.rebuild).toEqual([
      {
        options: {
          buildPath: t.stage,
          projectRootPath: t.stage,
          electronVersion: '45.4.1',
          onlyModules: ['better-sqlite3'],
          force: true,
          headerURL: 'https://www.electronjs.org/headers',
          mode: 'sequential'
        },
        nodedirSeen: undefined
      }
    ])
  })

  it('refuses a build that came out with the Node ABI instead of trusting that it ran', async () => {
    calls.builtAbi = 115
    await expect(buildElectronSqlite(target())).resolves.toEqual({
      ok: false,
      cause: 'the build came out for ABI 115, Electron 45.4.1 needs 150'
    })
  })
})
