import { extname } from 'node:path'

/**
 * The `content-type` of a renderer build file, from its extension: the web host's static files and the
 * Electron shell's `app://` use this one table. Both send it with `x-content-type-options: nosniff`, so
 * the browser goes by this table alone, and an unknown extension is `application/octet-stream`, which it
 * never runs or renders. Library media carry the type sniffed when they were stored instead.
 */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4'
}

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
}
