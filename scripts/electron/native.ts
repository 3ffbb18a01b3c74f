import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { rebuild } from '@electron/rebuild'
import { addonAbiOfFile } from './abi'
import { ELECTRON_HEADERS_URL } from './paths'

/**
 * node-gyp lets `npm_config_*` variables override its command line (node-gyp.js applies them after
 * parsing argv). With `nodedir` set (these machines' ~/.npmrc, CI's npm_config_nodedir) it compiles against
 * Node's headers and quietly produces a Node-ABI module; target/runtime/dist-url would redirect it the
 * same way. The Electron build runs with those removed so only our explicit arguments count.
 */
const REDIRECTING_CONFIG =
  /^(npm_config_(nodedir|target|target_arch|arch|runtime|disturl|dist_url|devdir)|npm_package_config_node_gyp_.*)$/i

export function electronBuildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !REDIRECTING_CONFIG.test(key)))
}

export interface NativeTarget {
  stage: string
  file: string
  electron: string
  abi: number
  sqlite: string
}

export type NativeResult = { ok: true } | { ok: false; cause: string }

function npmInstall(stage: string, env: NodeJS.ProcessEnv): void {
  // Under `npm start` npm tells us where its CLI is; run that with our Node so Windows needs no shell.
  const npmCli = env.npm_execpath
  const args = ['install', '--ignore-scripts', '--no-audit', '--no-fund']
  const result = npmCli
    ? spawnSync(process.execPath, [npmCli, ...args], { cwd: stage, env, stdio: 'inherit' })
    : spawnSync('npm', args, { cwd: stage, env, stdio: 'inherit', shell: process.platform === 'win32' })
  if (result.status !== 0) throw new Error(`npm install in ${stage} failed`)
}

/**
 * Builds better-sqlite3 for Electron in its staging project and proves the result by the ABI in the
 * built file. A build that "succeeds" with the wrong ABI is a failure, not a stamp.
 */
export async function buildElectronSqlite(target: NativeTarget): Promise<NativeResult> {
  const env = electronBuildEnv(process.env)
  try {
    mkdirSync(target.stage, { recursive: true })
    writeFileSync(
      join(target.stage, 'package.json'),
      `${JSON.stringify({ name: 'native-electron', private: true, dependencies: { 'better-sqlite3': target.sqlite } }, null, 2)}\n`
    )
    npmInstall(target.stage, env)
    // @electron/rebuild hands process.env to node-gyp's worker, so this process's own env must be clean.
    for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key]
    await rebuild({
      buildPath: target.stage,
      // Without this it walks up to the project and rebuilds the project's own copy too.
      projectRootPath: target.stage,
      electronVersion: target.electron,
      onlyModules: ['better-sqlite3'],
      force: true,
      headerURL: ELECTRON_HEADERS_URL,
      mode: 'sequential'
    })
  } catch (error) {
    return { ok: false, cause: error instanceof Error ? error.message.split('\n')[0]! : String(error) }
  }
  const abi = addonAbiOfFile(target.file)
  if (abi !== target.abi) {
    return {
      ok: false,
      cause: `the build came out for ABI ${abi ?? 'unknown'}, Electron ${target.electron} needs ${target.abi}`
    }
  }
  return { ok: true }
}
