import { describe, expect, it, vi } from 'vitest'
import { builderConfig, hasNotarizeCredentials } from '../../../../electron-builder.config'
import { flipPackagedFuses } from '../../../../scripts/packaging/fuses'

vi.mock('../../../../scripts/packaging/fuses', () => ({ flipPackagedFuses: vi.fn(() => Promise.resolve()) }))

const config = builderConfig({ env: {}, electronSqlite: '/stage/better_sqlite3.node', electronAbi: 150 })

describe('electron-builder configuration', () => {
  it('names the app and builds AppImage + deb, dmg and nsis installers with their icons', () => {
    expect(config).toMatchObject({
      appId: 'io.github.gatewaystudio.desktop',
      productName: 'Gateway Studio',
      linux: { target: ['AppImage', 'deb'], icon: 'resources/icons', executableName: 'gateway-studio' },
      mac: { target: ['dmg'], icon: 'resources/icon.icns', hardenedRuntime: true },
      win: { target: ['nsis'], icon: 'resources/icon.ico' }
    })
    expect(config.fileAssociations).toBeUndefined()
    expect(config.protocols).toBeUndefined()
  })

  it('never rebuilds native modules in the project (that wipes the Node build) and ships the Electron one', () => {
    expect(config).toMatchObject({
      npmRebuild: false,
      nodeGypRebuild: false,
      buildDependenciesFromSource: false
    })
    expect(config.extraResources).toEqual([{ from: '/stage/better_sqlite3.node', to: 'better_sqlite3.node' }])
    expect(config.asarUnpack).toEqual([
      'node_modules/sharp/**',
      'node_modules/@img/**',
      'node_modules/exiftool-vendored.pl/**'
    ])
  })

  it('flips the fuses after packing, on the context electron-builder hands over', async () => {
    const afterPack = config.afterPack
    if (typeof afterPack !== 'function') throw new Error('no afterPack hook')
    const context = { appOutDir: '/pack', electronPlatformName: 'linux', arch: 1 } as never
    await afterPack(context)
    expect(flipPackagedFuses).toHaveBeenCalledWith(context)
  })

  it('publishes to a generic update feed only when one is given at build time', () => {
    expect(config.publish).toBeNull()
    const withFeed = builderConfig({ env: { GS_UPDATE_FEED_URL: ' https://updates.example/studio ' } })
    expect(withFeed.publish).toEqual([{ provider: 'generic', url: 'https://updates.example/studio' }])
  })

  it('notarizes only with a complete set of Apple credentials from the environment', () => {
    expect(config.mac?.notarize).toBe(false)
    expect(hasNotarizeCredentials({ APPLE_ID: 'a', APPLE_APP_SPECIFIC_PASSWORD: 'b' })).toBe(false)
    const env = { APPLE_ID: 'a', APPLE_APP_SPECIFIC_PASSWORD: 'b', APPLE_TEAM_ID: 'c' }
    expect(builderConfig({ env }).mac?.notarize).toBe(true)
    expect(hasNotarizeCredentials({ APPLE_API_KEY: 'k', APPLE_API_KEY_ID: 'i', APPLE_API_ISSUER: 's' })).toBe(
      true
    )
  })

  it('refuses to pack without an Electron-ABI better-sqlite3 (a Node build would not load)', async () => {
    const beforePack = builderConfig({
      electronSqlite: '/nowhere/better_sqlite3.node',
      electronAbi: 150
    }).beforePack
    if (typeof beforePack !== 'function') throw new Error('no beforePack hook')
    await expect(async () => beforePack({} as never)).rejects.toThrow(/is missing, Electron needs 150/)
  })
})
