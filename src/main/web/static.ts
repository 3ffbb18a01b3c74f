import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'
import { rangeOf } from '../security/byteRanges'

/**
 * Answers with the headers every library body gets, whole or the range asked for; `body` writes the
 * bytes (a file's stream, or a buffer already in memory).
 */
function sendBody(
  res: ServerResponse,
  size: number,
  contentType: string,
  rangeHeader: string | undefined,
  extraHeaders: Record<string, string>,
  body: (range: { start: number; end: number } | null) => void
): void {
  const headers: Record<string, string | number> = {
    'content-type': contentType,
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    ...extraHeaders
  }
  const range = rangeOf(rangeHeader, size)
  if (range === 'unsatisfiable') {
    res.writeHead(416, { 'content-range': `bytes */${size}` }).end()
  } else if (range) {
    res.writeHead(206, {
      ...headers,
      'content-length': range.end - range.start + 1,
      'content-range': `bytes ${range.start}-${range.end}/${size}`
    })
    body(range)
  } else {
    res.writeHead(200, { ...headers, 'content-length': size })
    body(null)
  }
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
  sendBody(res, size, contentType, rangeHeader, extraHeaders, (range) =>
    createReadStream(file, range ?? {}).pipe(res)
  )
  return true
}

/**
 * Streams a library object (a media store's source) with range support; returns false when the store no
 * longer has it. A read that fails midway ends the response rather than the process.
 */
export async function sendSource(
  res: ServerResponse,
  source: { size: number; open(range?: { start: number; end: number }): Promise<Readable | null> },
  contentType: string,
  rangeHeader: string | undefined,
  extraHeaders: Record<string, string> = {}
): Promise<boolean> {
  const range = rangeOf(rangeHeader, source.size)
  const stream = range === 'unsatisfiable' ? null : await source.open(range ?? undefined)
  if (range !== 'unsatisfiable' && !stream) return false
  sendBody(res, source.size, contentType, rangeHeader, extraHeaders, () => {
    stream?.on('error', () => res.destroy()).pipe(res)
  })
  return true
}

/** Sends bytes held in memory (a thumbnail just encoded) exactly as a library object would be sent. */
export function sendBytes(
  res: ServerResponse,
  bytes: Buffer,
  contentType: string,
  rangeHeader: string | undefined,
  extraHeaders: Record<string, string> = {}
): void {
  sendBody(res, bytes.length, contentType, rangeHeader, extraHeaders, (range) =>
    res.end(range ? bytes.subarray(range.start, range.end + 1) : bytes)
  )
}

/**
 * Sends a small file (the app's own HTML, scripts, styles) in one write. Streamed, the 1 MB bundle went out
 * in 64 KB pieces, each waiting for an event-loop turn; with 10,000 tasks resuming at start-up every turn
 * also carried the engine's commits, and the bundle took 2.8 s to arrive. False: no such file.
 */
export async function sendWhole(
  res: ServerResponse,
  file: string,
  contentType: string,
  extraHeaders: Record<string, string> = {}
): Promise<boolean> {
  let body: Buffer
  try {
    body = await readFile(file)
  } catch {
    return false
  }
  res
    .writeHead(200, {
      'content-type': contentType,
      'x-content-type-options': 'nosniff',
      ...extraHeaders,
      'content-length': body.length
    })
    .end(body)
  return true
}
