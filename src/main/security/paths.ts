import { realpath } from 'node:fs/promises'
import { isAbsolute, relative, resolve, sep } from 'node:path'

/**
 * Maps a URL path to a file strictly inside `root`, or null (RELIABILITY P7). The path is decoded once,
 * and anything that could climb out or name another drive is refused before touching the disk.
 */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\') || /(^|\/)\.\.(\/|$)/.test(decoded)) return null
  if (/^[a-zA-Z]:/.test(decoded.replace(/^\/+/, '')) || decoded.startsWith('//')) return null
  const base = resolve(root)
  const target = resolve(base, '.' + sep + decoded.replace(/^\/+/, ''))
  return strictlyInside(base, target) ? target : null
}

/** Strictly below `base`; a first segment that merely starts with `..` (`..foo`) is refused too. */
function strictlyInside(base: string, target: string): boolean {
  const rel = relative(base, target)
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)
}

/**
 * The real path of `file` (every symlink followed) if it lies strictly inside the real path of `root`,
 * else null; null too when either does not exist. A path that passed `resolveInside` is only checked as
 * text: a symlink inside the folder can still point anywhere on the disk (P7).
 */
export async function realPathInside(root: string, file: string): Promise<string | null> {
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)])
    return strictlyInside(realRoot, realFile) ? realFile : null
  } catch {
    return null
  }
}

/**
 * `resolveInside`, then `realPathInside`: the file to open for a URL path, as its real path, so what is
 * read is the very file that was checked. Null for a bad path, a missing file or a link that leads out.
 */
export async function resolveRealInside(root: string, urlPath: string): Promise<string | null> {
  const candidate = resolveInside(root, urlPath)
  return candidate ? realPathInside(root, candidate) : null
}
