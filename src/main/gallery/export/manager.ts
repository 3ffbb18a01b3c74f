import type { SheetJob } from '../../../shared/schemas/batches'
import { randomUUID } from 'node:crypto'
import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { SpokenLanguage } from '../../../shared/language'
import type { ExportProfile, ExportProgress, GallerySelection } from '../../../shared/schemas/gallery'
import { AppFailure } from '../../contract/failure'
import { say } from '../../../shared/sentences'
import type { CrashProbe } from '../../crashPoints'
import { isTempName, ReusedBuffers, type MediaSource } from '../../library'
import { dateTimeParts } from '../names'
import type { GalleryRow } from '../store'
import { checkWritable, exportDestination, freeName, isExportsDir, type ExportFolders } from './destination'
import { copiesWithMetadata, plainCopy } from './exitCopy'
import { folderWriter } from './folderWriter'
import { checkTimeZone, planExport, systemTimeZone, type ExportPlan } from './plan'
import { ExportCancelled, type ExportWriter } from './writer'
import { zipWriter } from './zipWriter'
import { storageFaultOf } from '../../dataFolder/storageFaults'
import type { MetadataWriter } from '../../provenance/embed'

/**
 * Team export: the selected images with readable names, `manifest.json`, `manifest.csv` and an
 * inert `index.html`, as a `.zip` (`storedZip.ts`: streamed, stored since images are already compressed) or a
 * folder. Everything is written under a temp name and renamed on success, so a cancelled or failed export
 * leaves nothing behind under the final name; the work is async file I/O, one file at a time, with
 * progress events at most every `progressIntervalMs`.
 *
 * This file is the lifecycle (start, progress, cancel, list, sweep). What goes into an export is
 * `plan.ts`; where it may go and its name there, `destination.ts`; the bytes on disk, one writer per
 * format behind `writer.ts` (`zipWriter.ts`, `folderWriter.ts`).
 */

const EXPORT_FAULTS = { full: 'exportDiskFull', readOnly: 'exportReadOnly', io: 'exportDiskFailing' } as const

export interface ExportDeps extends ExportFolders {
  rows: (selection: GallerySelection) => GalleryRow[]
  /** A media's object in the library, or null when the library no longer has it. */
  source: (mediaId: string) => Promise<MediaSource | null>
  /** The team location a file is still at when `source` could not bring it (none: every file is local). */
  away?: (mediaId: string) => string | null
  nameTemplate: () => string
  emit: (progress: ExportProgress) => void
  appName: string
  appVersion: string
  /** The page's language when the request names none: the one the settings mean. */
  language?: () => SpokenLanguage
  /** The backend's one clock (`Clock.now`). */
  now: () => number
  progressIntervalMs?: number
  onError?: (message: string, error: unknown) => void
  /** Test-only crash point on each progress step of a running export (`crashPoints.ts`). */
  probe?: CrashProbe
  /** A batch's jobs in order with whole prompts, for its `batch.csv`; null when there is no such batch. */
  batchJobs?: (groupId: string) => SheetJob[] | null
  /** Writes each image's story into its copy (issue 26); without it, copies leave as the library keeps them. */
  metadata?: MetadataWriter
  /** The host of a gateway profile's address, for the story; null when the profile is gone. */
  gatewayHost?: (profileId: string) => string | null
}

export interface ExportRequest {
  selection: GallerySelection
  format: 'zip' | 'folder'
  folder?: string | undefined
  timeZone?: string | undefined
  /** The language the user sees, for the words of `index.html`. */
  language?: SpokenLanguage | undefined
  /** Exporting a batch: its `batch.csv` goes with the images. */
  batchId?: string | undefined
  /** What each image's copy, entry and caption tell (`plan.ts`); absent: full. */
  profile?: ExportProfile | undefined
}

interface Running {
  progress: ExportProgress
  controller: AbortController
  finished: Promise<ExportProgress>
}

const FINISHED_KEPT = 20

const WRITERS: Record<ExportRequest['format'], ExportWriter> = { zip: zipWriter, folder: folderWriter }

const yieldToLoop = (): Promise<void> => new Promise((resolveYield) => setImmediate(resolveYield))

/** Finds each row's object, yielding to the event loop every few hundred rows so other commands run. */
export async function resolveSources(
  rows: readonly GalleryRow[],
  sourceOf: (mediaId: string) => Promise<MediaSource | null>,
  signal?: AbortSignal
): Promise<{ present: { row: GalleryRow; source: MediaSource }[]; skipped: number }> {
  const present: { row: GalleryRow; source: MediaSource }[] = []
  for (const [index, row] of rows.entries()) {
    if (index % 250 === 249) {
      await yieldToLoop()
      if (signal?.aborted) throw new ExportCancelled()
    }
    const source = await sourceOf(row.mediaId)
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
    this.now = deps.now
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
    const language = request.language ?? this.deps.language?.() ?? 'en'
    const dir = exportDestination(request.folder, this.deps)
    const batch = request.batchId === undefined ? undefined : this.deps.batchJobs?.(request.batchId)
    if (batch === null || (request.batchId !== undefined && batch === undefined))
      throw new AppFailure('not_found', say('groupGone'))
    const rows = this.deps.rows(request.selection)
    if (rows.length === 0) {
      throw new AppFailure('gallery.nothing_to_export', say('nothingToExport'))
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
        const { present, skipped } = await resolveSources(rows, this.deps.source, controller.signal)
        if (present.length === 0) {
          // A team image's file that its location could not give is not lost: say where it is.
          if (rows.some((row) => this.deps.away?.(row.mediaId)))
            throw new AppFailure('gallery.team_files_away', say('teamFilesAway'))
          throw new AppFailure('gallery.files_missing', say('filesMissing'))
        }
        return planExport(present, {
          template,
          timeZone,
          language,
          exportedAt: startedAt,
          appName: this.deps.appName,
          appVersion: this.deps.appVersion,
          ...(this.deps.gatewayHost ? { gatewayHost: this.deps.gatewayHost } : {}),
          profile: request.profile ?? 'full',
          skipped,
          ...(batch ? { batch } : {})
        })
      },
      dateTimeParts(timeZone)(startedAt)
    )
    this.exports.set(progress.exportId, { progress, controller, finished })
    this.forgetOld()
    this.deps.emit({ ...progress })
    return { ...progress }
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
      const name = freeName(dir, `gallery-${stamp.date}_${stamp.time}`)
      const writer = WRITERS[progress.format]
      // Each export lends its own few buffers to the thousands of copies it makes (`ReusedBuffers`).
      const copyOut = this.deps.metadata
        ? copiesWithMetadata(this.deps.metadata, new ReusedBuffers())
        : plainCopy
      progress.path = await writer.write(dir, name, plan, signal, onProgress, copyOut)
      const downloadName = writer.downloadName(name)
      if (downloadName !== null && isExportsDir(dir, this.deps.exportsDir))
        progress.downloadName = downloadName
      progress.done = plan.files.length
      progress.status = 'succeeded'
    } catch (error) {
      if (signal.aborted) {
        progress.status = 'cancelled'
      } else {
        progress.status = 'failed'
        const fault = storageFaultOf(error)
        progress.error = fault
          ? // The folder's disk, said as itself: not the system's ENOSPC or EROFS (P47).
            new AppFailure(`storage.${fault}`, say(EXPORT_FAULTS[fault], { path: dir })).toAppError()
          : error instanceof AppFailure
            ? // Our own sentence (the files are at the team location, or missing), in the reader's language:
              // nothing was written, so it is not said as a write that failed.
              error.toAppError()
            : {
                code: 'gallery.export_failed',
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
