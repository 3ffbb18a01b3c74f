import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type * as Fuses from '@electron/fuses'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const flips = vi.hoisted(() => ({ calls: [] as [string, unknown][], real: true }))

vi.mock('@electron/fuses', async (importOriginal) => {
  const actual = await importOriginal<typeof Fuses>()
  return {
    ...actual,
    flipFuses: (path: string, config: Parameters<typeof actual.flipFuses>[1]) => {
      flips.calls.push([path, config])
      return flips.real ? actual.flipFuses(path, config) : Promise.resolve(1)
    }
  }
})

const { FuseV1Options, FuseVersion, getCurrentFuseWire } = await import('@electron/fuses')
const { electronBinaryPath, flipPackagedFuses } = await import('../../../../scripts/packaging/fuses')

const X64 = 1
const ARM64 = 3
const context = (platform: string, arch = X64) => ({
  appOutDir: '/pack/out',
  electronPlatformName: platform,
  arch,
  packager: { appInfo: { productFilename: 'Gateway Studio' }, executableName: 'gateway-studio' }
})

/** The exact fuse set of RELIABILITY P8, with every fuse of the wire stated. */
const expected = (resetAdHocDarwinSignature: boolean) => ({
  version: FuseVersion.V1,
  strictlyRequireAllFuses: true,
  resetAdHocDarwinSignature,
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  [FuseV1Options.WasmTrapHandlers]: true
})

describe('afterPack fuse hook [P8]', () => {
  beforeEach(() => {
    flips.calls = []
    flips.real = false
  })

  it('flips exactly the promised fuses on the Linux binary', async () => {
    await flipPackagedFuses(context('linux'))
    expect(flips.calls).toEqual([['/pack/out/gateway-studio', expected(false)]])
  })

  it('finds the binary where electron-builder puts it on each platform', () => {
    expect(electronBinaryPath(context('win32'))).toBe(join('/pack/out', 'Gateway Studio.exe'))
    expect(electronBinaryPath(context('darwin'))).toBe(join('/pack/out', 'Gateway Studio.app'))
    expect(electronBinaryPath(context('mas'))).toBe(join('/pack/out', 'Gateway Studio.app'))
  })

  it('re-signs ad hoc only on Apple silicon, where a flipped unsigned binary would not start', async () => {
    await flipPackagedFuses(context('darwin', ARM64))
    await flipPackagedFuses(context('darwin', X64))
    await flipPackagedFuses(context('win32', ARM64))
    expect(flips.calls.map(([, config]) => config)).toEqual([
      expected(true),
      expected(false),
      expected(false)
    ])
  })

  it('writes the wire of a binary that carries one (a 9-fuse wire, as in Electron 45)', async () => {
    flips.real = true
    const dir = mkdtempSync(join(tmpdir(), 'gs-fuses-'))
    const binary = join(dir, 'gateway-studio')
    const sentinel = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
    // Electron's defaults: RunAsNode, NODE_OPTIONS, --inspect on; integrity and asar-only off.
    writeFileSync(binary, Buffer.from(`\u007fELF...${sentinel}\u0001\u0009101100011...`, 'latin1'))
    await flipPackagedFuses({ ...context('linux'), appOutDir: dir })
    const wire = await getCurrentFuseWire(binary)
    const on = 49
    const off = 48
    expect(Object.fromEntries(Object.entries(wire).filter(([key]) => key !== 'version'))).toEqual({
      [FuseV1Options.RunAsNode]: off,
      [FuseV1Options.EnableCookieEncryption]: on,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: off,
      [FuseV1Options.EnableNodeCliInspectArguments]: off,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: on,
      [FuseV1Options.OnlyLoadAppFromAsar]: on,
      [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: off,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: off,
      [FuseV1Options.WasmTrapHandlers]: on
    })
    expect(readFileSync(binary, 'latin1').endsWith('...')).toBe(true)
  })

  it('fails loudly when the binary has a fuse this config does not state', async () => {
    flips.real = true
    const dir = mkdtempSync(join(tmpdir(), 'gs-fuses-'))
    const sentinel = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
    writeFileSync(join(dir, 'gateway-studio'), Buffer.from(`${sentinel}\u0001\u000a1011000111`, 'latin1'))
    await expect(flipPackagedFuses({ ...context('linux'), appOutDir: dir })).rejects.toThrow(
      /strictlyRequireAllFuses/
    )
  })
})
