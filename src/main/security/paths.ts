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
  const rel = relative(base, target)
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null
  return target
}
