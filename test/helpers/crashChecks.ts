import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import type { RequestLogEntry } from '../../src/emulator'
import { isTempName } from '../../src/main/library'

/**
 * What a crash may never leave behind, read from the data folder of a backend (issue 11): used by the crash
 * matrix and by `npm run soak` after every restart. Reads the database through its own read-only
 * connection (WAL lets it read beside the running backend) and never changes anything.
 */
export interface DataFolderReport {
  /** `PRAGMA integrity_check`: 'ok' or what SQLite found (P27). */
  integrity: string
  /** `PRAGMA journal_mode`: 'wal' (P27). */
  journalMode: string
  /** Results whose stored file is missing, or differs in size or sha256 from its `media` row (P28). */
  badFiles: string[]
  /** `*.tmp-<rand>` files or folders under `library/` and `exports/` (P28: swept at start). */
  tempFiles: string[]
}

export interface JobRow {
  id: string
  prompt: string
  status: string
  error: string | null
  keys: string[]
  results: { status: string; mediaId: string | null }[]
}

function openReadOnly(dataDir: string): Database.Database {
  return new Database(join(dataDir, 'studio.db'), { readonly: true, fileMustExist: true })
}

function walk(dir: string, found: string[]): void {
  if (!existsSync(dir)) return
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (isTempName(entry.name)) found.push(path)
    else if (entry.isDirectory()) walk(path, found)
  }
}

/** Temp files and folders left under the library and the exports folder. */
export function tempFilesIn(dataDir: string): string[] {
  const found: string[] = []
  walk(join(dataDir, 'library'), found)
  walk(join(dataDir, 'exports'), found)
  return found
}

/**
 * Temp files that are really left behind, looked at while a restarted backend runs: it may be writing one
 * right now (a thumbnail is encoded after its job settles), and that one is renamed within moments. A
 * temp file a crash left stays until the next start's sweep, so it is still there when the wait ends.
 */
export async function lingeringTempFiles(dataDir: string, settleMs = 3_000): Promise<string[]> {
  const deadline = Date.now() + settleMs
  let found = tempFilesIn(dataDir)
  while (found.length > 0 && Date.now() < deadline) {
    await new Promise((resolveWait) => setTimeout(resolveWait, 50))
    found = tempFilesIn(dataDir)
  }
  return found
}

/**
 * Checks the database and every file a result points at. `verified` remembers media whose sha256 was
 * already checked (files are named by content and never rewritten), so a long soak only hashes new ones;
 * their existence and size are checked every time.
 */
export function inspectDataFolder(dataDir: string, verified = new Set<string>()): DataFolderReport {
  const db = openReadOnly(dataDir)
  try {
    const integrity = String(db.pragma('integrity_check', { simple: true }))
    const journalMode = String(db.pragma('journal_mode', { simple: true }))
    const rows = db
      .prepare(
        `SELECT DISTINCT m.id AS id, m.path AS path, m.bytes AS bytes, m.sha256 AS sha256, r.media_id AS ref
         FROM results r LEFT JOIN media m ON m.id = r.media_id WHERE r.media_id IS NOT NULL`
      )
      .all() as { id: string | null; path: string | null; bytes: number; sha256: string; ref: string }[]
    const badFiles: string[] = []
    for (const row of rows) {
      if (row.id === null || row.path === null) {
        badFiles.push(`media ${row.ref}: referenced by a result but has no row`)
        continue
      }
      const file = join(dataDir, 'library', ...row.path.split('/'))
      if (!existsSync(file)) {
        badFiles.push(`${row.path}: missing`)
        continue
      }
      const size = statSync(file).size
      if (size !== row.bytes) {
        badFiles.push(`${row.path}: ${size} bytes, the row says ${row.bytes}`)
        continue
      }
      if (verified.has(row.id)) continue
      const sha = createHash('sha256').update(readFileSync(file)).digest('hex')
      if (sha !== row.sha256) badFiles.push(`${row.path}: sha256 ${sha}, the row says ${row.sha256}`)
      else verified.add(row.id)
    }
    return { integrity, journalMode, badFiles, tempFiles: tempFilesIn(dataDir) }
  } finally {
    db.close()
  }
}

/** Every job with its tasks' Idempotency-Keys and its results, keyed by prompt (tests use unique prompts). */
export function jobsByPrompt(dataDir: string): Map<string, JobRow> {
  const db = openReadOnly(dataDir)
  try {
    const jobs = db.prepare('SELECT id, prompt, status, error FROM jobs').all() as Omit<
      JobRow,
      'keys' | 'results'
    >[]
    const keys = db.prepare('SELECT idempotency_key AS key FROM tasks WHERE job_id = ? ORDER BY seq')
    const results = db.prepare(
      'SELECT status, media_id AS mediaId FROM results WHERE job_id = ? ORDER BY idx'
    )
    return new Map(
      jobs.map((job) => [
        job.prompt,
        {
          ...job,
          keys: (keys.all(job.id) as { key: string }[]).map((row) => row.key),
          results: results.all(job.id) as JobRow['results']
        }
      ])
    )
  } finally {
    db.close()
  }
}

/** The assistant reply a chat click (its request key) produced, if its row exists. */
export function chatReply(
  dataDir: string,
  requestKey: string
): { id: string; conversationId: string; status: string; text: string } | null {
  const db = openReadOnly(dataDir)
  try {
    const row = db
      .prepare(
        `SELECT id, conversation_id AS conversationId, status, text FROM chat_messages
         WHERE request_key = ? AND role = 'assistant'`
      )
      .get(requestKey) as { id: string; conversationId: string; status: string; text: string } | undefined
    return row ?? null
  } finally {
    db.close()
  }
}

/** Create POSTs the emulator received, per Idempotency-Key (only POSTs to `paths` when given). */
export function postsPerKey(log: readonly RequestLogEntry[], paths?: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const entry of log) {
    if (entry.method !== 'POST' || (paths && !paths.includes(entry.path))) continue
    const key = entry.idempotencyKey ?? '(no key)'
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return counts
}
