import { randomBytes, randomUUID } from 'node:crypto'
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  rmSync,
  type ReadStream
} from 'node:fs'
import { access, constants, copyFile, mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises'
import { isAbsolute, join, resolve } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { ZipFile } from 'yazl'
import type { ExportProgress, GallerySelection } from '../../shared/schemas/gallery'
import { AppFailure } from '../contract/failure'
import type { CrashProbe } from '../crashPoints'
import { isTempName, pathInside } from '../library'
import { tempPathFor } from '../library/atomic'
import { isInside } from '../library/names'
import { renderIndexHtml, type PageImage } from './html'
import { manifestCsv, manifestJson, type ManifestEntry } from './manifest'
import { dateTimeParts, endpointSlug, EXTENSIONS, renderTemplate, UniqueNames } from './names'
import { seedOf, type GalleryRow } from './store'
import { usageSummary } from './usage'

/**
 * Team export (issue 8): the selected images with readable names, `manifest.json`, `manifest.csv` and an
 * inert `index.html`, as a `.zip` (yazl, streamed, stored since images are already compressed) or a
 * folder. Everything is written under a temp name and renamed on success, so a cancelled or failed export
 * leaves nothing behind under the final name; the work is async file I/O, one file at a time, with
 * progress events at most every `progressIntervalMs`.
 */

export interface ExportDeps {
  /** `<data folder>/exports`: the default destination and the only one the web host serves. */
  exportsDir: string
  /** Folders a typed destination may not be inside (the data folder, apart from `exportsDir`). */
  protectedDir: string
  rows: (selection: GallerySelection) => GalleryRow[]
  /** Absolute path of a media file, or null when the library no longer has it. */
  resolveFile: (mediaId: string) => string | null
  nameTemplate: () => string
  emit: (progress: ExportProgress) => void
  appName: string
  appVersion: string
  now?: () => number
  progressIntervalMs?: number
  onError?: (message: string, error: unknown) => void
  /** Test-only crash point on each progress step of a running export (`crashPoints.ts`). */
  probe?: CrashProbe
}

export interface ExportRequest {
  selection: GallerySelection
  format: 'zip' | 'folder'
  folder?: string | undefined
  timeZone?: string | undefined
}

interface PlannedFile {
  source: string
  name: string
  createdAt: number
  bytes: number
}

export interface ExportPlan {
  files: PlannedFile[]
  manifestJson: string
  manifestCsv: string
  indexHtml: string
  skipped: number
}

interface Running {
  progress: ExportProgress
  controller: AbortController
  finished: Promise<ExportProgress>
}

const IMAGES_DIR = 'images'
const FINISHED_KEPT = 20

class ExportCancelled extends Error {
  constructor() {
    super('The export was cancelled.')
  }
}

export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

export function checkTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone })
    return timeZone
  } catch {
    throw new AppFailure('invalid_input', `Unknown time zone "${timeZone}".`)
  }
}

/** Names, manifest and page for the rows; files the library lost are left out and counted. */
export function planExport(
  present: readonly { row: GalleryRow; source: string }[],
  options: {
    template: string
    timeZone: string
    exportedAt: number
    appName: string
    appVersion: string
    skipped: number
  }
): ExportPlan {
  const when = dateTimeParts(options.timeZone)
  const names = new UniqueNames()
  const digits = Math.max(3, String(present.length).length)
  const files: PlannedFile[] = []
  const entries: ManifestEntry[] = []
  const page: PageImage[] = []
  present.forEach(({ row, source }, index) => {
    let params: unknown = null
    try {
      params = JSON.parse(row.params)
    } catch {
      params = null
    }
    const seed = seedOf(params)
    const at = when(row.createdAt)
    const size = row.width && row.height ? `${row.width}x${row.height}` : (row.sizeLabel ?? '')
    const name = names.take(
      renderTemplate(options.template, {
        date: at.date,
        time: at.time,
        model: row.model,
        endpoint: endpointSlug(row.endpoint),
        index: String(index + 1).padStart(digits, '0'),
        prompt: row.prompt,
        size,
        seed: seed === null ? '' : String(seed),
        job: row.jobId.slice(0, 8),
        id: row.id.slice(0, 8)
      }),
      EXTENSIONS[row.mime] ?? 'img'
    )
    const file = `${IMAGES_DIR}/${name}`
    files.push({ source, name, createdAt: row.createdAt, bytes: row.bytes })
    let usageRaw: unknown = null
    try {
      usageRaw = row.usage === null ? null : (JSON.parse(row.usage) as unknown)
    } catch {
      usageRaw = null
    }
    entries.push({
      file,
      prompt: row.prompt,
      revisedPrompt: row.revisedPrompt,
      model: row.model,
      endpoint: row.endpoint,
      size,
      width: row.width,
      height: row.height,
      seed,
      usage: usageSummary(row.billingUnit, usageRaw, row.storedInJob),
      usageRaw,
      billingUnit: row.billingUnit,
      created: new Date(row.createdAt).toISOString(),
      jobId: row.jobId,
      resultId: row.id,
      mime: row.mime,
      bytes: row.bytes
    })
    page.push({
      file,
      prompt: row.prompt,
      revisedPrompt: row.revisedPrompt,
      model: row.model,
      size,
      width: row.width,
      height: row.height,
      created: `${at.date} ${at.time.replace(/-/g, ':')}`,
      jobId: row.jobId
    })
  })
  const exported = when(options.exportedAt)
  const exportedAt = `${exported.date} ${exported.time.replace(/-/g, ':')}`
  return {
    files,
    manifestJson: manifestJson(entries, {
      exportedAt: new Date(options.exportedAt).toISOString(),
      app: options.appName,
      version: options.appVersion
    }),
    manifestCsv: manifestCsv(entries),
    indexHtml: renderIndexHtml(page, {
      title: `${options.appName} export`,
      exportedAt,
      appName: options.appName
    }),
    skipped: options.skipped
  }
}

const yieldToLoop = (): Promise<void> => new Promise((resolveYield) => setImmediate(resolveYield))

/** Finds each row's file, yielding to the event loop every few hundred rows so other commands run. */
export async function resolveSources(
  rows: readonly GalleryRow[],
  resolveFile: (mediaId: string) => string | null,
  signal?: AbortSignal
): Promise<{ present: { row: GalleryRow; source: string }[]; skipped: number }> {
  const present: { row: GalleryRow; source: string }[] = []
  for (const [index, row] of rows.entries()) {
    if (index % 250 === 249) {
      await yieldToLoop()
      if (signal?.aborted) throw new ExportCancelled()
    }
    const source = resolveFile(row.mediaId)
    if (source) present.push({ row, source })
  }
  return { present, skipped: rows.length - present.length }
}

/** Runs exports in the background, each on its own, and reports them as `ExportProgress` events. */
export class ExportManager {
  private readonly exports = new Map<string, Running>()
  private readonly now: () => number
  private readonly interval: number

  constructor(private readonly deps: ExportDeps) {
    this.now = deps.now ?? Date.now
    this.interval = deps.progressIntervalMs ?? 100
  }

  /** Removes temp files and folders an interrupted export left in the exports folder (call at start). */
  sweep(): number {
    let removed = 0
    let names: string[]
    try {
      names = readdirSync(this.deps.exportsDir)
    } catch {
      return 0
    }
    for (const name of names) {
      if (!isTempName(name)) continue
      rmSync(join(this.deps.exportsDir, name), { recursive: true, force: true })
      removed += 1
    }
    return removed
  }

  list(): ExportProgress[] {
    return [...this.exports.values()].map((running) => ({ ...running.progress }))
  }

  cancel(exportId: string): boolean {
    const running = this.exports.get(exportId)
    if (!running || running.progress.status !== 'running') return false
    running.controller.abort(new ExportCancelled())
    return true
  }

  /** Resolves when the export ends, whatever the outcome (tests, benchmarks). */
  wait(exportId: string): Promise<ExportProgress> {
    const running = this.exports.get(exportId)
    return running ? running.finished : Promise.reject(new Error('no such export'))
  }

  /** Checks the request, plans the export and starts writing; answers at once with the first progress. */
  start(request: ExportRequest): ExportProgress {
    const timeZone = checkTimeZone(request.timeZone ?? systemTimeZone())
    const dir = this.destination(request.folder)
    const rows = this.deps.rows(request.selection)
    if (rows.length === 0) {
      throw new AppFailure(
        'gallery.nothing_to_export',
        'None of the selected images are in the gallery any more.'
      )
    }
    const startedAt = this.now()
    const template = this.deps.nameTemplate()
    const progress: ExportProgress = {
      exportId: randomUUID(),
      format: request.format,
      status: 'running',
      done: 0,
      total: rows.length,
      skipped: 0,
      bytesWritten: 0,
      path: null,
      downloadName: null,
      error: null,
      startedAt,
      finishedAt: null
    }
    const controller = new AbortController()
    const finished = this.run(
      progress,
      controller.signal,
      dir,
      async () => {
        const { present, skipped } = await resolveSources(rows, this.deps.resolveFile, controller.signal)
        if (present.length === 0) {
          throw new AppFailure(
            'gallery.files_missing',
            'The files of the selected images are missing from the library.'
          )
        }
        return planExport(present, {
          template,
          timeZone,
          exportedAt: startedAt,
          appName: this.deps.appName,
          appVersion: this.deps.appVersion,
          skipped
        })
      },
      dateTimeParts(timeZone)(startedAt)
    )
    this.exports.set(progress.exportId, { progress, controller, finished })
    this.forgetOld()
    this.deps.emit({ ...progress })
    return { ...progress }
  }

  private destination(folder: string | undefined): string {
    if (folder === undefined) {
      mkdirSync(this.deps.exportsDir, { recursive: true })
      return this.deps.exportsDir
    }
    if (!isAbsolute(folder) || folder.includes('\0')) {
      throw new AppFailure(
        'gallery.bad_folder',
        'Type the full path of a folder, for example /home/me/Exports.'
      )
    }
    let real: string
    try {
      real = realpathSync(resolve(folder))
    } catch {
      throw new AppFailure(
        'gallery.bad_folder',
        'That folder does not exist. Create it first, or pick another.'
      )
    }
    const exportsReal = existsSync(this.deps.exportsDir)
      ? realpathSync(this.deps.exportsDir)
      : this.deps.exportsDir
    const protectedReal = existsSync(this.deps.protectedDir)
      ? realpathSync(this.deps.protectedDir)
      : this.deps.protectedDir
    if (isInside(protectedReal, real) && !isInside(exportsReal, real)) {
      throw new AppFailure('gallery.bad_folder', "Pick a folder outside the app's data folder.")
    }
    return real
  }

  private freeName(dir: string, base: string): string {
    for (let n = 1; ; n++) {
      const name = n === 1 ? base : `${base}-${n}`
      if (!existsSync(join(dir, `${name}.zip`)) && !existsSync(join(dir, name))) return name
    }
  }

  private forgetOld(): void {
    const finished = [...this.exports.values()].filter((e) => e.progress.status !== 'running')
    for (const old of finished.slice(0, Math.max(0, finished.length - FINISHED_KEPT)))
      this.exports.delete(old.progress.exportId)
  }

  private async run(
    progress: ExportProgress,
    signal: AbortSignal,
    dir: string,
    makePlan: () => Promise<ExportPlan>,
    stamp: { date: string; time: string }
  ): Promise<ExportProgress> {
    let lastEmit = this.now()
    const report = (force = false): void => {
      const now = this.now()
      if (!force && now - lastEmit < this.interval) return
      lastEmit = now
      this.deps.emit({ ...progress })
    }
    const onProgress = (done: number | null, bytes: number): void => {
      this.deps.probe?.('export.writing')
      if (done !== null) progress.done = done
      progress.bytesWritten = bytes
      report()
    }
    try {
      await checkWritable(dir)
      const plan = await makePlan()
      progress.total = plan.files.length
      progress.skipped = plan.skipped
      const name = this.freeName(dir, `gallery-${stamp.date}_${stamp.time}`)
      if (progress.format === 'zip') {
        progress.path = await writeZip(dir, name, plan, signal, onProgress)
        if (realOrSelf(dir) === realOrSelf(this.deps.exportsDir)) progress.downloadName = `${name}.zip`
      } else {
        progress.path = await writeFolder(dir, name, plan, signal, onProgress)
      }
      progress.done = plan.files.length
      progress.status = 'succeeded'
    } catch (error) {
      if (signal.aborted) {
        progress.status = 'cancelled'
      } else {
        progress.status = 'failed'
        progress.error = {
          code: error instanceof AppFailure ? error.code : 'gallery.export_failed',
          message: `The export could not be written: ${error instanceof Error ? error.message : String(error)}`
        }
        this.deps.onError?.('export failed', error)
      }
    }
    progress.finishedAt = this.now()
    report(true)
    return { ...progress }
  }
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}

async function checkWritable(dir: string): Promise<void> {
  const info = await stat(dir)
  if (!info.isDirectory()) throw new AppFailure('gallery.bad_folder', 'That path is not a folder.')
  try {
    await access(dir, constants.W_OK)
  } catch {
    throw new AppFailure('gallery.bad_folder', 'The app may not write into that folder.')
  }
}

/**
 * Streams the zip into `<name>.zip.tmp-<rand>` exactly as yazl is meant to be used (piped into a file
 * stream, so reading the next image overlaps writing the last), renames it when whole and deletes it
 * otherwise: nobody ever sees a half-written zip under its final name. Unlike the library's atomic writer
 * there is no fsync: an export is a copy that can be made again, and flushing hundreds of megabytes would
 * cost the user seconds for files the library already keeps durably (P28).
 */
async function writeZip(
  dir: string,
  name: string,
  plan: ExportPlan,
  signal: AbortSignal,
  onProgress: (done: number | null, bytes: number) => void
): Promise<string> {
  const finalPath = pathInside(dir, `${name}.zip`)
  const tempPath = tempPathFor(finalPath)
  const sink = createWriteStream(tempPath, { flags: 'wx', mode: 0o644 })
  const zip = new ZipFile()
  const output = zip.outputStream as Readable
  let current: ReadStream | null = null
  const stop = (): void => {
    current?.destroy()
    output.destroy(new ExportCancelled())
  }
  signal.addEventListener('abort', stop, { once: true })
  // yazl reports its own errors; a read stream's (file gone, disk error) is ours to catch.
  let fail: (error: unknown) => void = () => undefined
  const failed = new Promise<never>((_, reject) => {
    fail = reject
    zip.once('error', reject)
  })
  failed.catch(() => undefined)
  try {
    plan.files.forEach((file, index) => {
      zip.addReadStreamLazy(
        `${IMAGES_DIR}/${file.name}`,
        { compress: false, mtime: new Date(file.createdAt) },
        (callback) => {
          // Called when the entries before this one are written: that is the progress.
          onProgress(index, sink.bytesWritten)
          if (signal.aborted) {
            callback(new ExportCancelled(), null as unknown as ReadStream)
            return
          }
          current = createReadStream(file.source)
          current.once('error', fail)
          callback(null, current)
        }
      )
    })
    const mtime = new Date()
    zip.addBuffer(Buffer.from(plan.indexHtml, 'utf8'), 'index.html', { mtime })
    zip.addBuffer(Buffer.from(plan.manifestJson, 'utf8'), 'manifest.json', { mtime })
    zip.addBuffer(Buffer.from(plan.manifestCsv, 'utf8'), 'manifest.csv', { mtime })
    zip.end()
    const written = pipeline(output, sink)
    written.catch(() => undefined)
    await Promise.race([written, failed])
    if (signal.aborted) throw new ExportCancelled()
    onProgress(null, sink.bytesWritten)
    await rename(tempPath, finalPath)
    return finalPath
  } catch (error) {
    stop()
    sink.destroy()
    await unlink(tempPath).catch(() => undefined)
    throw error
  } finally {
    signal.removeEventListener('abort', stop)
  }
}

/** Copies into `<name>.tmp-<rand>/` and renames the folder when whole; removes it otherwise. */
async function writeFolder(
  dir: string,
  name: string,
  plan: ExportPlan,
  signal: AbortSignal,
  onProgress: (done: number | null, bytes: number) => void
): Promise<string> {
  const finalPath = pathInside(dir, name)
  const temp = pathInside(dir, `${name}.tmp-${randomBytes(8).toString('hex')}`)
  let bytes = 0
  try {
    await mkdir(join(temp, IMAGES_DIR), { recursive: true })
    for (const [index, file] of plan.files.entries()) {
      if (signal.aborted) throw new ExportCancelled()
      await copyFile(file.source, pathInside(join(temp, IMAGES_DIR), file.name))
      bytes += file.bytes
      onProgress(index + 1, bytes)
    }
    for (const [file, text] of [
      ['index.html', plan.indexHtml],
      ['manifest.json', plan.manifestJson],
      ['manifest.csv', plan.manifestCsv]
    ] as const) {
      await writeFile(join(temp, file), text, 'utf8')
      bytes += Buffer.byteLength(text)
    }
    if (signal.aborted) throw new ExportCancelled()
    onProgress(plan.files.length, bytes)
    await rename(temp, finalPath)
    return finalPath
  } catch (error) {
    await rm(temp, { recursive: true, force: true })
    throw error
  }
}
