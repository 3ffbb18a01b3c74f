import type { Configuration } from 'electron-builder'
import { addonAbiOfFile } from './scripts/electron/abi'
import { ELECTRON_SQLITE, electronPins } from './scripts/electron/paths'
import { flipPackagedFuses } from './scripts/packaging/fuses'
import { assertSharpNativePacked } from './scripts/packaging/sharp'

/** Notarization starts only when one complete set of Apple credentials is in the environment. */
export function hasNotarizeCredentials(env: NodeJS.ProcessEnv): boolean {
  return Boolean(
    (env.APPLE_API_KEY && env.APPLE_API_KEY_ID && env.APPLE_API_ISSUER) ||
    (env.APPLE_ID && env.APPLE_APP_SPECIFIC_PASSWORD && env.APPLE_TEAM_ID) ||
    (env.APPLE_KEYCHAIN && env.APPLE_KEYCHAIN_PROFILE)
  )
}

/**
 * The update feed is fixed at build time (GS_UPDATE_FEED_URL, the same variable electron.vite.config.ts
 * bakes into main). Without it there is no publish config, no app-update.yml and no update check.
 */
export function updateFeedUrl(env: NodeJS.ProcessEnv): string | undefined {
  const url = env.GS_UPDATE_FEED_URL?.trim()
  return url ? url : undefined
}

export interface BuilderOptions {
  env?: NodeJS.ProcessEnv
  /** The Electron-ABI better-sqlite3 build shipped as resources/better_sqlite3.node. */
  electronSqlite?: string
  /** What that build's ABI must be (Electron's NODE_MODULE_VERSION). */
  electronAbi?: number
}

export function builderConfig(options: BuilderOptions = {}): Configuration {
  const env = options.env ?? process.env
  const electronSqlite = options.electronSqlite ?? ELECTRON_SQLITE
  const electronAbi = options.electronAbi ?? electronPins().abi
  const feed = updateFeedUrl(env)
  const entitlements = 'resources/entitlements.mac.plist'

  return {
    appId: 'io.github.gatewaystudio.desktop',
    productName: 'Gateway Studio',
    copyright: 'Copyright © 2026 Gateway Studio contributors',
    directories: { output: 'dist', buildResources: 'resources' },
    // Only the built app and the production dependencies electron-builder adds itself: no sources,
    // tests, benchmarks, source maps or reports from out/.
    files: [
      'out/main/**',
      'out/preload/**',
      'out/renderer/**',
      'package.json',
      '!**/*.map',
      // better-sqlite3's build/ holds the Node-ABI binary (tests, web host) and deps/ + src/ its C
      // sources: none of it belongs in the app, which loads the Electron build below via nativeBinding.
      '!node_modules/better-sqlite3/{build,deps,src}/**',
      '!node_modules/better-sqlite3/binding.gyp'
    ],
    extraResources: [{ from: electronSqlite, to: 'better_sqlite3.node' }],
    asar: true,
    // Native code cannot be loaded from inside an asar archive, nor a script run as a process (the
    // ExifTool that writes metadata into exported copies).
    asarUnpack: ['node_modules/sharp/**', 'node_modules/@img/**', 'node_modules/exiftool-vendored.pl/**'],
    // Never rebuild in the project's node_modules: a failed rebuild deletes the Node build.
    npmRebuild: false,
    nodeGypRebuild: false,
    buildDependenciesFromSource: false,
    beforePack: () => {
      const abi = addonAbiOfFile(electronSqlite)
      if (abi !== electronAbi) {
        throw new Error(
          `${electronSqlite} is ${abi === null ? 'missing' : `built for ABI ${abi}`}, Electron needs ${electronAbi}: ` +
            'run `npm run dist` (it builds it first)'
        )
      }
    },
    afterPack: async (context) => {
      // An app holding sharp without its native package for this target would fail on its first image.
      assertSharpNativePacked(context)
      await flipPackagedFuses(context)
    },
    publish: feed ? [{ provider: 'generic', url: feed }] : null,
    mac: {
      target: ['dmg'],
      category: 'public.app-category.graphics-design',
      icon: 'resources/icon.icns',
      hardenedRuntime: true,
      gatekeeperAssess: false,
      entitlements,
      entitlementsInherit: entitlements,
      // Signing identity comes from CSC_LINK / CSC_KEY_PASSWORD; notarization from the Apple variables.
      notarize: hasNotarizeCredentials(env)
    },
    dmg: { sign: false },
    win: { target: ['nsis'], icon: 'resources/icon.ico' },
    nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },
    linux: {
      target: ['AppImage', 'deb'],
      icon: 'resources/icons',
      category: 'Graphics',
      executableName: 'gateway-studio',
      synopsis: 'Chat, image and video generation on a model gateway',
      maintainer: 'Gateway Studio contributors <gateway-studio@users.noreply.github.com>'
    }
  }
}

export default builderConfig()
