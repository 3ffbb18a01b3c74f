import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Whether electron's own installer has already put the binary in place, by the same test its install.js
 * uses (dist/version matches the package, path.txt names an executable that exists). Anything else,
 * including `require('electron')`, would start a download as a side effect.
 */
export function electronBinaryInstalled(
  electronDir: string,
  version: string,
  env: NodeJS.ProcessEnv = process.env
): boolean {
  try {
    const distVersion = readFileSync(join(electronDir, 'dist', 'version'), 'utf8')
      .trim()
      .replace(/^v/, '')
    const executable = readFileSync(join(electronDir, 'path.txt'), 'utf8').trim()
    if (distVersion !== version || executable === '') return false
    return existsSync(join(env.ELECTRON_OVERRIDE_DIST_PATH ?? join(electronDir, 'dist'), executable))
  } catch {
    return false
  }
}

/** The one line of a failed child's output worth showing: its error, not its stack. */
export function failureCause(output: string): string {
  const lines = output
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('at '))
  const cause = lines.find((line) => /^(\w*Error|Error)\b/.test(line)) ?? lines.at(-1) ?? 'no output'
  return cause.length > 160 ? `${cause.slice(0, 157)}...` : cause
}

export type InstallResult = { ok: true } | { ok: false; cause: string }

/**
 * Runs electron's own installer (node_modules/electron/install.js): it downloads the pinned version
 * through @electron/get and checks the archive against the SHA-256 sums shipped in the package
 * (checksums.json), so nothing we write decides what is trusted. Honours ELECTRON_MIRROR and
 * electron_config_cache like `npm install electron` does.
 */
export function installElectronBinary(electronDir: string, timeoutMs = 15 * 60_000): Promise<InstallResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(electronDir, 'install.js')], {
      cwd: electronDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', (error) => resolve({ ok: false, cause: error.message }))
    child.on('close', (code, signal) => {
      if (code === 0) resolve({ ok: true })
      else if (signal) resolve({ ok: false, cause: `the installer was stopped (${signal})` })
      else resolve({ ok: false, cause: failureCause(output) })
    })
  })
}
