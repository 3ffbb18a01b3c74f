import { request } from 'node:http'
import { join } from 'node:path'
import Database from 'better-sqlite3'

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** A raw GET, so paths with `..` or encoded slashes reach the server exactly as written. */
export function rawGet(
  origin: string,
  path: string,
  headers: Record<string, string> = {}
): Promise<RawResponse> {
  const url = new URL(origin)
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET', headers }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** Trades the launch token for the media cookie the way the renderer does; returns `name=value`. */
export async function openSession(origin: string, token: string): Promise<{ pair: string; value: string }> {
  const res = await fetch(`${origin}/session`, {
    method: 'POST',
    headers: { 'x-studio-token': token, origin }
  })
  if (res.status !== 204) throw new Error(`POST /session answered ${res.status}`)
  const pair = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  return { pair, value: pair.slice(pair.indexOf('=') + 1) }
}

/**
 * A media row written straight into the backend's database, pointing at `path` (relative to the
 * library folder), as if the library had stored it: lets a test aim `/media/<id>` at any file.
 */
export function addMediaRow(dataDir: string, row: { id: string; path: string; mime?: string }): void {
  const db = new Database(join(dataDir, 'studio.db'))
  try {
    db.prepare(
      `INSERT INTO media (id, sha256, mime, path, bytes, width, height, duration_ms, thumb_path, created_at)
       VALUES (?, ?, ?, ?, 1, NULL, NULL, NULL, NULL, 0)`
    ).run(row.id, row.id.padEnd(64, '0'), row.mime ?? 'image/png', row.path)
  } finally {
    db.close()
  }
}
