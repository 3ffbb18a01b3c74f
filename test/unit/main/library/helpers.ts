import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { openDatabase, type Db } from '../../../../src/main/db/connection'
import { migrate } from '../../../../src/main/db/migrate'
import { migrations } from '../../../../src/main/db/migrations'
import type { Library } from '../../../../src/main/library/store'

export function openLibraryDb(file: string): Db {
  const db = openDatabase(file)
  migrate(db, migrations)
  return db
}

/** A small real image; `seed` changes the colour so the bytes (and sha256) differ. */
export function image(format: 'png' | 'jpeg' | 'webp', width = 64, height = 48, seed = 0): Promise<Buffer> {
  const background = { r: (seed * 37) % 256, g: (seed * 91) % 256, b: 128 }
  const img = sharp({ create: { width, height, channels: 3, background } })
  return (format === 'png' ? img.png() : format === 'jpeg' ? img.jpeg() : img.webp()).toBuffer()
}

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

/**
 * The file the library's disk store keeps for `ref`, as the shells would find it (its object there), or
 * null; `waiting` waits for a thumbnail being made and makes a missing one, as serving does.
 */
export async function storedFile(
  library: Library,
  ref: string,
  waiting = false
): Promise<{ file: string; mime: string } | null> {
  const source = waiting ? await library.mediaSource(ref) : await library.source(ref)
  // Serving may answer from memory before the thumbnail's object is durable; the file exists after that.
  if (waiting) await library.idle()
  const file = library.localFile(ref)
  return source && file ? { file, mime: source.mime } : null
}

/** Every media row's file exists with the recorded size and hash (the P28 figure). */
export async function verifyAll(db: Db, library: Library): Promise<{ rows: number; bad: string[] }> {
  const rows = db.prepare('SELECT id FROM media').all() as { id: string }[]
  const bad: string[] = []
  for (const { id } of rows) {
    const rec = library.get(id)
    const file = await storedFile(library, id)
    if (!rec || !file) {
      bad.push(`${id}: unresolvable`)
      continue
    }
    const bytes = readFileSync(file.file)
    if (bytes.length !== rec.bytes || sha256(bytes) !== rec.sha256) bad.push(`${id}: wrong size or hash`)
    if (rec.thumbPath && !(await storedFile(library, `${id}_thumb`))) bad.push(`${id}: thumbnail missing`)
  }
  return { rows: rows.length, bad }
}
