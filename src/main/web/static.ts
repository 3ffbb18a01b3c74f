import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { extname } from 'node:path'

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

/** Streams a file with range support (video seeking needs it); returns false when there is no such file. */
export async function sendFile(
  res: ServerResponse,
  file: string,
  contentType: string,
  rangeHeader: string | undefined,
  extraHeaders: Record<string, string> = {}
): Promise<boolean> {
  let size: number
  try {
    const info = await stat(file)
    if (!info.isFile()) return false
    size = info.size
  } catch {
    return false
  }
  const headers: Record<string, string | number> = {
    'content-type': contentType,
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    ...extraHeaders
  }
  const range = rangeHeader ? /^bytes=(\d*)-(\d*)$/.exec(rangeHeader) : null
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]))
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1
    if (start > end || start >= size) {
      res.writeHead(416, { 'content-range': `bytes */${size}` }).end()
      return true
    }
    res.writeHead(206, {
      ...headers,
      'content-length': end - start + 1,
      'content-range': `bytes ${start}-${end}/${size}`
    })
    createReadStream(file, { start, end }).pipe(res)
    return true
  }
  res.writeHead(200, { ...headers, 'content-length': size })
  createReadStream(file).pipe(res)
  return true
}
