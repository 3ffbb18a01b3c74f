import { existsSync } from 'node:fs'
import { join } from 'node:path'

/**
 * better-sqlite3 must be compiled for Electron's ABI, which differs from Node's. That build lives apart
 * (`native-electron/`, made by `scripts/electron/prepare.ts`; `resources/` when packaged) so rebuilding it
 * can never clobber the Node build that tests and the web host load from node_modules.
 */
export function electronNativeBinding(
  appPath: string,
  resourcesPath: string,
  packaged: boolean
): string | undefined {
  const candidates = packaged
    ? [join(resourcesPath, 'better_sqlite3.node')]
    : [
        join(
          appPath,
          'native-electron',
          'node_modules',
          'better-sqlite3',
          'build',
          'Release',
          'better_sqlite3.node'
        )
      ]
  return candidates.find((file) => existsSync(file))
}
