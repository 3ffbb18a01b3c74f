import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { electronBinaryInstalled, failureCause } from '../../../../scripts/electron/binary'

/** A node_modules/electron folder as electron's installer leaves it (or not). */
function electronDir(files: { version?: string; pathTxt?: string; executable?: string }): string {
  const dir = mkdtempSync(join(tmpdir(), 'gs-electron-'))
  mkdirSync(join(dir, 'dist'))
  if (files.version !== undefined) writeFileSync(join(dir, 'dist', 'version'), files.version)
  if (files.pathTxt !== undefined) writeFileSync(join(dir, 'path.txt'), files.pathTxt)
  if (files.executable !== undefined) writeFileSync(join(dir, 'dist', files.executable), '')
  return dir
}

describe('is the Electron binary installed', () => {
  it('yes when dist/version matches the pinned version and path.txt names an existing executable', () => {
    const dir = electronDir({ version: 'v45.4.1', pathTxt: 'electron', executable: 'electron' })
    expect(electronBinaryInstalled(dir, '45.4.1', {})).toBe(true)
  })

  it('no for a fresh install (nothing downloaded), another version, or a missing executable', () => {
    expect(electronBinaryInstalled(electronDir({}), '45.4.1', {})).toBe(false)
    const old = electronDir({ version: '44.0.0', pathTxt: 'electron', executable: 'electron' })
    expect(electronBinaryInstalled(old, '45.4.1', {})).toBe(false)
    expect(
      electronBinaryInstalled(electronDir({ version: '45.4.1', pathTxt: 'electron' }), '45.4.1', {})
    ).toBe(false)
  })

  it('looks in ELECTRON_OVERRIDE_DIST_PATH when set, as electron itself does', () => {
    const dir = electronDir({ version: '45.4.1', pathTxt: 'electron' })
    const custom = mkdtempSync(join(tmpdir(), 'gs-electron-dist-'))
    writeFileSync(join(custom, 'electron'), '')
    expect(electronBinaryInstalled(dir, '45.4.1', { ELECTRON_OVERRIDE_DIST_PATH: custom })).toBe(true)
  })
})

describe('the cause shown in the one failure line', () => {
  it("is the installer's error line, not its stack", () => {
    const output = [
      'TypeError: fetch failed',
      '    at node:internal/deps/undici/undici:14976:13',
      '    at async FetchDownloader.download (file:///x/FetchDownloader.js:46:30)'
    ].join('\n')
    expect(failureCause(output)).toBe('TypeError: fetch failed')
  })

  it('falls back to the last line, and keeps a long one short', () => {
    expect(failureCause('something odd\nthen this\n')).toBe('then this')
    expect(failureCause('')).toBe('no output')
    expect(failureCause(`Error: ${'x'.repeat(300)}`)).toHaveLength(160)
  })
})
