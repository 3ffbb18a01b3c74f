// The afterPack check that an app holding sharp also holds sharp's native packages for its target, run on
// small app.asar archives built here (the real pack is package.test.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createPackageWithOptions } from '@electron/asar'
import { afterAll, describe, expect, it } from 'vitest'
import { assertSharpNativePacked, sharpNativePackages } from '../../../../scripts/packaging/sharp'

const IA32 = 0
const X64 = 1
const ARMV7L = 2
const ARM64 = 3
const UNIVERSAL = 4

/** sharp 0.35's optionalDependencies, trimmed to the shapes that matter. */
const optional = Object.fromEntries(
  [
    'darwin-arm64',
    'darwin-x64',
    'libvips-darwin-arm64',
    'libvips-darwin-x64',
    'linux-arm',
    'linux-x64',
    'libvips-linux-arm',
    'libvips-linux-x64',
    'linuxmusl-x64',
    'libvips-linuxmusl-x64',
    'win32-ia32',
    'win32-x64'
  ].map((suffix) => [`@img/sharp-${suffix}`, '0.35.5'])
)

const work = mkdtempSync(join(tmpdir(), 'gs-sharp-check-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

let packs = 0
/** A Linux app folder whose resources/app.asar holds `files`, with `unpack` (a glob) unpacked beside it. */
async function pack(files: Record<string, string>, unpack?: string): Promise<string> {
  const appOutDir = join(work, `pack-${packs++}`)
  const src = join(appOutDir, 'src')
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(src, file)), { recursive: true })
    writeFileSync(join(src, file), text)
  }
  await createPackageWithOptions(
    src,
    join(appOutDir, 'resources', 'app.asar'),
    unpack ? { unpackDir: unpack } : {}
  )
  return appOutDir
}

const sharp = {
  'node_modules/sharp/package.json': JSON.stringify({ name: 'sharp', optionalDependencies: optional })
}
const linuxX64 = {
  'node_modules/@img/sharp-linux-x64/package.json': '{}',
  'node_modules/@img/sharp-linux-x64/lib/sharp-linux-x64-0.35.5.node': 'ELF',
  'node_modules/@img/sharp-libvips-linux-x64/package.json': '{}',
  'node_modules/@img/sharp-libvips-linux-x64/lib/libvips-cpp.so.8.18.7': 'ELF'
}
const check =
  (appOutDir: string, arch = X64) =>
  () =>
    assertSharpNativePacked({ appOutDir, electronPlatformName: 'linux', arch })

describe('sharp native packages for a target', () => {
  it('names the platform package and its libvips, glibc on Linux, no libvips package on Windows', () => {
    expect(sharpNativePackages('linux', X64, optional)).toEqual([
      '@img/sharp-linux-x64',
      '@img/sharp-libvips-linux-x64'
    ])
    expect(sharpNativePackages('linux', ARMV7L, optional)).toEqual([
      '@img/sharp-linux-arm',
      '@img/sharp-libvips-linux-arm'
    ])
    expect(sharpNativePackages('win32', IA32, optional)).toEqual(['@img/sharp-win32-ia32'])
    expect(sharpNativePackages('mas', ARM64, optional)).toEqual([
      '@img/sharp-darwin-arm64',
      '@img/sharp-libvips-darwin-arm64'
    ])
    expect(sharpNativePackages('darwin', UNIVERSAL, optional)).toEqual([
      '@img/sharp-darwin-x64',
      '@img/sharp-libvips-darwin-x64',
      '@img/sharp-darwin-arm64',
      '@img/sharp-libvips-darwin-arm64'
    ])
    expect(sharpNativePackages('win32', ARM64, optional)).toEqual([])
  })
})

describe('afterPack sharp check', () => {
  it('passes an app with sharp and its Linux x64 packages unpacked', async () => {
    expect(check(await pack({ ...sharp, ...linuxX64 }, 'node_modules/@img'))).not.toThrow()
  })

  it('fails an app with sharp but without its native packages, naming them', async () => {
    const appOutDir = await pack(sharp)
    expect(check(appOutDir)).toThrow(
      /@img\/sharp-linux-x64 is missing\n {2}- @img\/sharp-libvips-linux-x64 is missing/
    )
  })

  it('fails when the native packages are only inside the archive, where they cannot load', async () => {
    expect(check(await pack({ ...sharp, ...linuxX64 }))).toThrow(/@img\/sharp-linux-x64 is not unpacked/)
  })

  it('fails a platform package without its .node file', async () => {
    const { ['node_modules/@img/sharp-linux-x64/lib/sharp-linux-x64-0.35.5.node']: _, ...rest } = linuxX64
    expect(check(await pack({ ...sharp, ...rest }, 'node_modules/@img'))).toThrow(
      /sharp-linux-x64 has no \.node file/
    )
  })

  it('fails a target sharp has no native package for', async () => {
    const appOutDir = await pack({ ...sharp, ...linuxX64 }, 'node_modules/@img')
    expect(() => assertSharpNativePacked({ appOutDir, electronPlatformName: 'win32', arch: ARM64 })).toThrow(
      /no native package for win32-arm64/
    )
  })

  it('has nothing to check in an app without sharp, or without an app.asar', async () => {
    expect(check(await pack({ 'package.json': '{}' }))).not.toThrow()
    expect(check(join(work, 'nowhere'))).not.toThrow()
  })
})
