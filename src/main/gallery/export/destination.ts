import { existsSync, lstatSync, mkdirSync, realpathSync } from 'node:fs'
import { access, constants, stat } from 'node:fs/promises'
import { isAbsolute, join, resolve } from 'node:path'
import { AppFailure } from '../../contract/failure'
import { say } from '../../../shared/sentences'
import { isInside } from '../../library/names'

/**
 * Where an export may go and what it is called there: the exports folder by default, or a folder the user
 * typed that exists and is outside the app's data folder; a free `gallery-<date>_<time>` name in it.
 */

export interface ExportFolders {
  /** `<data folder>/exports`: the default destination and the only one the web host serves. */
  exportsDir: string
  /** Folders a typed destination may not be inside (the data folder, apart from `exportsDir`). */
  protectedDir: string
}

/** The real path of the folder to write into; refuses, in words a user can act on, any other. */
export function exportDestination(folder: string | undefined, folders: ExportFolders): string {
  if (folder === undefined) {
    mkdirSync(folders.exportsDir, { recursive: true })
    return folders.exportsDir
  }
  if (!isAbsolute(folder) || folder.includes('\0')) {
    throw new AppFailure('gallery.bad_folder', say('folderNotAbsolute'))
  }
  let real: string
  try {
    real = realpathSync(resolve(folder))
  } catch {
    throw new AppFailure('gallery.bad_folder', say('folderMissing'))
  }
  const exportsReal = existsSync(folders.exportsDir) ? realpathSync(folders.exportsDir) : folders.exportsDir
  const protectedReal = existsSync(folders.protectedDir)
    ? realpathSync(folders.protectedDir)
    : folders.protectedDir
  if (isInside(protectedReal, real) && !isInside(exportsReal, real)) {
    throw new AppFailure('gallery.bad_folder', say('folderInsideData'))
  }
  return real
}

/** Anything at `path`, a link that leads nowhere included (`existsSync` follows links and says no). */
const taken = (path: string): boolean => lstatSync(path, { throwIfNoEntry: false }) !== undefined

/** `base`, or `base-2`, `base-3`, … : the first that is taken neither as a zip nor as a folder. */
export function freeName(dir: string, base: string): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}-${n}`
    if (!taken(join(dir, `${name}.zip`)) && !taken(join(dir, name))) return name
  }
}

export async function checkWritable(dir: string): Promise<void> {
  const info = await stat(dir)
  if (!info.isDirectory()) throw new AppFailure('gallery.bad_folder', say('notAFolder'))
  try {
    await access(dir, constants.W_OK)
  } catch {
    throw new AppFailure('gallery.bad_folder', say('folderNotWritable'))
  }
}

/** Whether `dir` is the exports folder itself (symlinks followed), the only folder the web host serves. */
export function isExportsDir(dir: string, exportsDir: string): boolean {
  return realOrSelf(dir) === realOrSelf(exportsDir)
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}
