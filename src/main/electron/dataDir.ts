import { resolve } from 'node:path'

/** Moves the desktop app's data folder: `GATEWAY_STUDIO_DATA_DIR=DIR`, or `--data-dir=DIR` on the command line. */
export const DATA_DIR_ENV = 'GATEWAY_STUDIO_DATA_DIR'
const FLAG = '--data-dir='

/**
 * The data folder the user asked for, if any (the flag wins over the variable); undefined keeps Electron's
 * userData folder. Relative paths are taken from the current directory, as a shell user would expect.
 */
export function dataDirOverride(argv: readonly string[], env: NodeJS.ProcessEnv): string | undefined {
  const flag = argv.find((arg) => arg.startsWith(FLAG))?.slice(FLAG.length)
  const chosen = flag?.trim() || env[DATA_DIR_ENV]?.trim()
  return chosen ? resolve(chosen) : undefined
}
