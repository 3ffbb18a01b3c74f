import { randomUUID } from 'node:crypto'
import { opendir, readFile, stat } from 'node:fs/promises'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import type { FileSettings } from '../../shared/schemas/fileSettings'
import {
  IMPORT_SKIPS_LISTED,
  type ImportProgress,
  type ImportReport,
  type ImportSkipReason
} from '../../shared/schemas/imports'
import { IMPORT_MAX_BYTES } from '../../shared/schemas/library'
import { say } from '../../shared/sentences'
import { AppFailure } from '../contract/failure'
import { isMediaError, sniffMedia } from '../library'
import type { MediaRecord } from '../library/records'
import { plainTags } from '../provenance/plainTags'
import { settingsOf } from '../provenance/readBack'
import type { ImportedImage, ImportRows } from './importRows'

/**
 * Images brought into the gallery from outside (issue 26): each file is checked, kept in the library
 * byte for byte as it came (its content hash is its identity, so the same bytes twice are one image),
 * its settings read back from the file, and its rows written. A file that cannot come in is listed with
 * the reason; nothing stops the rest. A folder import runs in the background with progress events, a
 * few files on their way at once, and can be cancelled; what came in before stays.
 */

export interface ImportDeps {
  rows: ImportRows
  library: {
    storeBytes: (
      bytes: Uint8Array,
      options: { expect: 'image'; intake: 'bulk'; handOver: true }
    ) => Promise<MediaRecord>
    localFile: (ref: string) => string | null
  }
  /**
   * The settings a file in the library carries (ExifTool's read, then `settingsOf`); null when none. Asked
   * only for files whose tags `plainTags` could not read from their bytes.
   */
  readSettings: (path: string) => Promise<FileSettings | null>
  /** The app's data folder: importing it into itself is refused. */
  dataDir: string
  emit: (progress: ImportProgress) => void
  now: () => number
  progressIntervalMs?: number
  onError?: (message: string, error: unknown) => void
}

/** A file checked, kept in the library and read: ready for its rows. */
type Outcome = { ready: { sha256: string; image: ImportedImage } } | { skipped: ImportSkipReason }

const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/webp'])
/**
 * Files on their way in at once: enough that ExifTool's two processes always have the next file while
 * others are being read and kept (with two, each process waited on the other steps of its own file).
 */
const PARALLEL = 4
/** Rows written per transaction: one commit per image cost more than reading its settings. */
const BATCH = 32
const FINISHED_KEPT = 20

class ImportCancelled extends Error {}

/**
 * Images ready for their rows, written a few dozen per transaction. The same bytes twice (in the gallery
 * already, or twice in this batch: two copies of a file on their way in at once) are caught as they join.
 */
class RowBatch {
  private images: ImportedImage[] = []
  private readonly shas = new Set<string>()

  constructor(private readonly rows: ImportRows) {}

  get size(): number {
    return this.images.length
  }

  /** False when the gallery or this batch holds the same bytes already. */
  add(sha256: string, image: ImportedImage): boolean {
    if (this.shas.has(sha256) || this.rows.galleryIdOf(sha256) !== null) return false
    this.shas.add(sha256)
    this.images.push(image)
    return true
  }

  /** Writes the rows; their gallery ids, in the order the images joined. */
  flush(): string[] {
    if (this.images.length === 0) return []
    const ids = this.rows.insert(this.images)
    this.images = []
    this.shas.clear()
    return ids
  }
}

interface Running {
  progress: ImportProgress
  controller: AbortController
}

export class ImportManager {
  private readonly imports = new Map<string, Running>()
  private readonly interval: number

  constructor(private readonly deps: ImportDeps) {
    this.interval = deps.progressIntervalMs ?? 100
  }

  /** Files the renderer sent (a drop, a paste, a picker), one after another, in the order they came. */
  async importFiles(files: readonly { name: string; data: string | null }[]): Promise<ImportReport> {
    const batch = new RowBatch(this.deps.rows)
    const skipped: ImportReport['skipped'] = []
    for (const file of files) {
      const outcome =
        file.data === null
          ? { skipped: 'tooLarge' as const }
          : await this.prepare(file.name, base64(file.data))
      if ('skipped' in outcome) skipped.push({ name: file.name, reason: outcome.skipped })
      else if (!batch.add(outcome.ready.sha256, outcome.ready.image))
        skipped.push({ name: file.name, reason: 'duplicate' })
    }
    return { added: batch.flush(), skipped }
  }

  /** Checks the folder, then imports everything under it in the background. */
  async importFolder(folder: string): Promise<ImportProgress> {
    const root = await this.checkFolder(folder)
    const importId = randomUUID()
    const running: Running = {
      controller: new AbortController(),
      progress: {
        importId,
        folder: root,
        status: 'running',
        total: 0,
        done: 0,
        counted: false,
        added: 0,
        skipped: 0,
        skippedFiles: [],
        error: null,
        startedAt: this.deps.now(),
        finishedAt: null
      }
    }
    this.imports.set(importId, running)
    this.prune()
    void this.run(running, root)
    return { ...running.progress }
  }

  cancel(importId: string): boolean {
    const running = this.imports.get(importId)
    if (!running || running.progress.status !== 'running') return false
    running.controller.abort(new ImportCancelled())
    return true
  }

  list(): ImportProgress[] {
    return [...this.imports.values()].map((running) => ({ ...running.progress }))
  }

  /** Stops every running import (the backend is closing); resolves once they have stopped. */
  async close(): Promise<void> {
    for (const running of this.imports.values()) running.controller.abort(new ImportCancelled())
    // Each worker ends with the file in hand (a fraction of a second); five seconds at most in all.
    for (let wait = 0; wait < 250; wait++) {
      if (![...this.imports.values()].some((r) => r.progress.status === 'running')) return
      await new Promise((resolveWait) => setTimeout(resolveWait, 20))
    }
  }

  private async checkFolder(folder: string): Promise<string> {
    if (!isAbsolute(folder)) throw new AppFailure('invalid_input', say('folderNotAbsolute'))
    const root = resolve(folder)
    const data = resolve(this.deps.dataDir)
    if (root === data || root.startsWith(data + sep))
      throw new AppFailure('invalid_input', say('folderInsideData'))
    try {
      if (!(await stat(root)).isDirectory()) throw new AppFailure('invalid_input', say('notAFolder'))
    } catch (error) {
      if (error instanceof AppFailure) throw error
      throw new AppFailure('invalid_input', say('folderMissing'))
    }
    return root
  }

  private async run(running: Running, root: string): Promise<void> {
    const { progress, controller } = running
    let lastEmit = 0
    const emit = (force = false): void => {
      const now = this.deps.now()
      if (!force && now - lastEmit < this.interval) return
      lastEmit = now
      this.deps.emit({ ...progress, skippedFiles: [...progress.skippedFiles] })
    }
    const skip = (name: string, reason: ImportSkipReason): void => {
      progress.skipped += 1
      if (progress.skippedFiles.length < IMPORT_SKIPS_LISTED) progress.skippedFiles.push({ name, reason })
    }
    emit(true)
    try {
      // The walk comes first: a folder of 10,000 files is listed in a fraction of a second, and the bar
      // then knows its end from the start.
      const found: string[] = []
      for await (const path of filesUnder(root, resolve(this.deps.dataDir), controller.signal)) {
        found.push(path)
        progress.total += 1
        emit()
      }
      if (controller.signal.aborted) throw new ImportCancelled()
      progress.counted = true
      emit(true)
      const batch = new RowBatch(this.deps.rows)
      const flush = (): void => {
        progress.added += batch.flush().length
      }
      let next = 0
      const worker = async (): Promise<void> => {
        // A cancel stops each worker between files: the file in hand is finished and counted first.
        for (
          let path = found[next++];
          path !== undefined && !controller.signal.aborted;
          path = found[next++]
        ) {
          const name = relative(root, path)
          const outcome = await this.preparePath(name, path)
          if ('skipped' in outcome) skip(name, outcome.skipped)
          else if (!batch.add(outcome.ready.sha256, outcome.ready.image)) skip(name, 'duplicate')
          else if (batch.size >= BATCH) flush()
          progress.done += 1
          emit()
        }
      }
      try {
        await Promise.all(Array.from({ length: PARALLEL }, () => worker()))
      } finally {
        // What was kept before a cancel or a failure comes in too.
        flush()
      }
      if (controller.signal.aborted) throw new ImportCancelled()
      progress.status = 'succeeded'
    } catch (error) {
      if (error instanceof ImportCancelled || controller.signal.aborted) progress.status = 'cancelled'
      else {
        progress.status = 'failed'
        progress.error = {
          code: 'import_failed',
          message: error instanceof Error ? error.message : String(error)
        }
        this.deps.onError?.('folder import failed', error)
      }
    } finally {
      progress.finishedAt = this.deps.now()
      emit(true)
    }
  }

  private async preparePath(name: string, path: string): Promise<Outcome> {
    let bytes: Buffer
    try {
      if ((await stat(path)).size > IMPORT_MAX_BYTES) return { skipped: 'tooLarge' }
      bytes = await readFile(path)
    } catch {
      return { skipped: 'unreadable' }
    }
    return this.prepare(name, bytes)
  }

  /** Checks a file, keeps it in the library and reads its settings; its rows are the batch's to write. */
  private async prepare(name: string, bytes: Buffer | null): Promise<Outcome> {
    if (bytes === null) return { skipped: 'damaged' }
    if (bytes.length > IMPORT_MAX_BYTES) return { skipped: 'tooLarge' }
    const type = sniffMedia(bytes)
    if (!type || !IMAGE_MIMES.has(type.mime)) return { skipped: 'notAnImage' }
    // Settings that sit plainly in the bytes (a PNG's text chunks; a JPEG with no EXIF or XMP) are read
    // here, before the bytes are handed over: ExifTool, most of an import's time, reads only the rest.
    const plain = plainTags(bytes)
    let record: MediaRecord
    try {
      // A bulk intake: thumbnails are made as the gallery shows them (at intake they cost more than the
      // rest of an import of thousands put together).
      // The bytes are read only to be kept: handed over, they are moved to the library's writer, not copied.
      record = await this.deps.library.storeBytes(bytes, { expect: 'image', intake: 'bulk', handOver: true })
    } catch (error) {
      if (!isMediaError(error)) throw error
      return {
        skipped:
          error.reason === 'too_large' ? 'tooLarge' : error.reason === 'bad_type' ? 'notAnImage' : 'damaged'
      }
    }
    // The library knows the same bytes by their hash: one already in the gallery is not read again.
    if (this.deps.rows.galleryIdOf(record.sha256) !== null) return { skipped: 'duplicate' }
    const local = this.deps.library.localFile(record.id)
    let settings: FileSettings | null = null
    try {
      if (plain !== null) settings = settingsOf(plain)
      else if (local !== null) settings = await this.deps.readSettings(local)
    } catch (error) {
      // The image still comes in; only what its file says of it is lost.
      this.deps.onError?.(`could not read the settings of ${name}`, error)
    }
    return { ready: { sha256: record.sha256, image: { name, mediaId: record.id, settings } } }
  }

  /** Keeps the last few finished imports for `list`; running ones always stay. */
  private prune(): void {
    const finished = [...this.imports.values()].filter((r) => r.progress.status !== 'running')
    for (const old of finished.slice(0, Math.max(0, finished.length - FINISHED_KEPT)))
      this.imports.delete(old.progress.importId)
  }
}

/** Strict base64 of a file the renderer sent; null when it is not base64 at all. */
function base64(data: string): Buffer | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data) || data.length % 4 !== 0) return null
  return Buffer.from(data, 'base64')
}

/**
 * Every file under a folder, its own files first in name order, then its folders', without following
 * links (a link to a parent would never end). Folders that cannot be read are passed over.
 */
async function* filesUnder(folder: string, dataDir: string, signal: AbortSignal): AsyncGenerator<string> {
  let entries: string[] = []
  const folders: string[] = []
  try {
    const dir = await opendir(folder)
    for await (const entry of dir) {
      if (entry.isDirectory()) folders.push(entry.name)
      else if (entry.isFile()) entries.push(entry.name)
    }
  } catch {
    return
  }
  entries = entries.sort()
  for (const name of entries) {
    if (signal.aborted) return
    yield join(folder, name)
  }
  for (const name of folders.sort()) {
    if (signal.aborted) return
    const path = join(folder, name)
    // The app's own data folder under the one imported holds the library itself: never walked.
    if (path !== dataDir) yield* filesUnder(path, dataDir, signal)
  }
}
