import type { SpokenLanguage } from '../../../shared/language'
import { AppFailure } from '../../contract/failure'
import { say } from '../../../shared/sentences'
import { renderIndexHtml, type PageImage } from '../html'
import { manifestCsv, manifestJson, type ManifestEntry } from '../manifest'
import { dateTimeParts, endpointSlug, EXTENSIONS, renderTemplate, UniqueNames } from '../names'
import { seedOf, type GalleryRow } from '../store'
import { usageSummary } from '../usage'
import { STORED_LIMITS, parseJson } from '../../../shared/json'
import type { MediaSource } from '../../library'
import type { SheetJob } from '../../../shared/schemas/batches'
import { batchCsv } from '../batchCsv'
import { recordOf, type ExitRecord } from '../../provenance/record'
import type { ExportProfile } from '../../../shared/schemas/gallery'

/**
 * What goes into an export, decided before a byte is written: each image's readable name, the manifest
 * entries and the `index.html` page. Pure (no files, no clock): the manager hands in the rows whose files
 * the library still has, and a writer copies what the plan says.
 */

/** The folder the images go in, inside the zip or the export folder; the manifest names them under it. */
export const IMAGES_DIR = 'images'

export interface PlannedFile {
  /** The library's object to copy (a stream of its bytes, from the media store). */
  source: MediaSource
  /** The image's name inside `IMAGES_DIR`. */
  name: string
  createdAt: number
  bytes: number
  mime: string
  /** Its story, written into the copy or beside it (`exitCopy.ts`), as the export's profile tells it. */
  record: ExitRecord
}

export interface ExportPlan {
  /** When the export was asked for (the backend's clock): the time of the files the export writes. */
  exportedAt: number
  files: PlannedFile[]
  manifestJson: string
  manifestCsv: string
  indexHtml: string
  /** What `indexHtml` shows of each file, in order: a review share renders its own page from it. */
  page: PageImage[]
  /** A batch's export: one row per job of the batch, naming its images' files here (`batchCsv.ts`). */
  batchCsv: string | null
  skipped: number
}

/** The text files every export writes beside its images, and a batch's own. */
export function textFiles(plan: ExportPlan): [name: string, text: string][] {
  return [
    ['index.html', plan.indexHtml],
    ['manifest.json', plan.manifestJson],
    ['manifest.csv', plan.manifestCsv],
    ...(plan.batchCsv === null ? [] : [['batch.csv', plan.batchCsv] as [string, string]])
  ]
}

export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

export function checkTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone })
    return timeZone
  } catch {
    throw new AppFailure('invalid_input', say('unknownTimeZone', { timeZone }))
  }
}

/** A row with its prompt, request, usage, model and gateway taken out (a *Public* export). */
function publicRow(row: GalleryRow): GalleryRow {
  return {
    ...row,
    prompt: '',
    revisedPrompt: null,
    model: '',
    endpoint: '',
    profileId: '',
    params: '{}',
    usage: null,
    billingUnit: null,
    sizeLabel: null
  }
}

/** A row's stored request as the export reads it: null when it no longer reads (an older shape, damage). */
export function storedRequestOf(row: GalleryRow): unknown {
  try {
    return parseJson(row.params, STORED_LIMITS)
  } catch {
    return null
  }
}

/**
 * The story a copy of `row` leaves with, by the profile: its whole record, or (Public) only that a model
 * made it and with which app. An export and one image's copy (`../exitOne.ts`) tell it alike, from here.
 */
export function exitRecordOf(
  row: GalleryRow,
  request: unknown,
  context: { app: string; gatewayHost: string | null; profile: ExportProfile }
): ExitRecord {
  return context.profile === 'public'
    ? { profile: 'public', app: context.app }
    : recordOf({ ...row, resultId: row.id, request }, { app: context.app, gatewayHost: context.gatewayHost })
}

/** Names, manifest and page for the rows; files the library lost are left out and counted. */
export function planExport(
  present: readonly { row: GalleryRow; source: MediaSource }[],
  options: {
    template: string
    timeZone: string
    /** The language of the page's words: the one the user saw when exporting. */
    language: SpokenLanguage
    exportedAt: number
    appName: string
    appVersion: string
    /** The host of the gateway a result came from, by profile (null: not known any more). */
    gatewayHost?: (profileId: string) => string | null
    /** Public: no prompt, parameter or gateway anywhere in the export (names, files, manifest, page). */
    profile?: ExportProfile
    skipped: number
    /** The batch exported, its jobs in order (with whole prompts). */
    batch?: readonly SheetJob[]
  }
): ExportPlan {
  const when = dateTimeParts(options.timeZone)
  const names = new UniqueNames()
  const digits = Math.max(3, String(present.length).length)
  const files: PlannedFile[] = []
  const entries: ManifestEntry[] = []
  const page: PageImage[] = []
  const isPublic = options.profile === 'public'
  const app = `${options.appName} ${options.appVersion}`
  present.forEach(({ row: stored, source }, index) => {
    // A public export is planned from rows that hold nothing to hide: every name, entry and caption
    // below is then free of it by construction, not by each remembering to leave it out.
    const row = isPublic ? publicRow(stored) : stored
    const params = storedRequestOf(row)
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
    files.push({
      source,
      name,
      createdAt: row.createdAt,
      bytes: row.bytes,
      mime: row.mime,
      record: exitRecordOf(row, params, {
        app,
        gatewayHost: isPublic ? null : (options.gatewayHost?.(row.profileId) ?? null),
        profile: isPublic ? 'public' : 'full'
      })
    })
    let usageRaw: unknown = null
    try {
      usageRaw = row.usage === null ? null : parseJson(row.usage, STORED_LIMITS)
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
      createdAt: row.createdAt,
      bytes: row.bytes,
      jobId: row.jobId
    })
  })
  return {
    exportedAt: options.exportedAt,
    files,
    manifestJson: manifestJson(entries, {
      exportedAt: new Date(options.exportedAt).toISOString(),
      app: options.appName,
      version: options.appVersion
    }),
    manifestCsv: manifestCsv(entries),
    page,
    indexHtml: renderIndexHtml(page, {
      exportedAt: options.exportedAt,
      appName: options.appName,
      language: options.language,
      timeZone: options.timeZone
    }),
    // A batch's rows are its prompts: a public export has none to give.
    batchCsv:
      options.batch && !isPublic
        ? batchCsv(options.batch, new Map(entries.map((entry) => [entry.resultId, entry.file])))
        : null,
    skipped: options.skipped
  }
}
