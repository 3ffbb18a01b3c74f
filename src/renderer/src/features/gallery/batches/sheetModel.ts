import type { SheetJob, SheetResult, Verdict } from '@shared/schemas/batches'

/** How the contact sheet gathers its tiles under headings. */
export type SheetGrouping = 'prompt' | 'model'
/** Which tiles the sheet shows. */
export type SheetShow = 'all' | 'unreviewed' | 'kept' | 'rejected' | 'failed'
export const SHEET_SHOWS: readonly SheetShow[] = ['all', 'unreviewed', 'kept', 'rejected', 'failed']

/**
 * One cell of the sheet: an image in the library, or a job with no image to show (still on its way, failed,
 * cancelled), which keeps its place so the sheet says what became of every row of the batch.
 */
export interface SheetTile {
  key: string
  job: SheetJob
  /** The stored image, or null for a job shown by its status. */
  result: (SheetResult & { mediaId: string }) | null
}

export type SheetRow =
  | { kind: 'heading'; key: string; title: string; tiles: number; kept: number }
  | {
      kind: 'tiles'
      key: string
      /** Index of the row's first tile among all tiles shown. */ first: number
      tiles: SheetTile[]
    }

export interface SheetLayout {
  rows: SheetRow[]
  /** Every tile shown, in reading order (what the arrow keys walk). */
  tiles: SheetTile[]
  /** The row each tile is in, by tile index. */
  rowOf: number[]
}

const FAILED_STATUSES = new Set<SheetJob['status']>(['failed', 'expired', 'incomplete'])
export const isFailedJob = (job: SheetJob): boolean => FAILED_STATUSES.has(job.status)

const storedOf = (job: SheetJob): (SheetResult & { mediaId: string })[] =>
  job.results.filter(
    (result): result is SheetResult & { mediaId: string } =>
      result.status === 'stored' && result.mediaId !== null
  )

/** The tiles one job puts on the sheet under a filter. */
export function tilesOf(job: SheetJob, show: SheetShow): SheetTile[] {
  const stored = storedOf(job)
  const images = stored.map((result) => ({ key: result.id, job, result }))
  const placeholder: SheetTile[] = stored.length === 0 ? [{ key: `job:${job.id}`, job, result: null }] : []
  switch (show) {
    case 'all':
      return stored.length > 0 ? images : placeholder
    case 'unreviewed':
      return images.filter((tile) => tile.result.verdict === null)
    case 'kept':
    case 'rejected':
      return images.filter((tile) => tile.result.verdict === show)
    case 'failed':
      // A failed job's images that did arrive stay with it: a job that made 3 of 4 is still worth a look.
      return isFailedJob(job) ? (stored.length > 0 ? images : placeholder) : []
  }
}

/** The tiles gathered by prompt or model (in the order the batch first uses each), laid out `columns` wide. */
export function layoutSheet(
  jobs: readonly SheetJob[],
  options: { grouping: SheetGrouping; show: SheetShow; columns: number }
): SheetLayout {
  const columns = Math.max(1, Math.floor(options.columns))
  const groups = new Map<string, SheetTile[]>()
  for (const job of jobs) {
    const tiles = tilesOf(job, options.show)
    if (tiles.length === 0) continue
    const key = options.grouping === 'prompt' ? job.prompt : job.model
    const group = groups.get(key)
    if (group) group.push(...tiles)
    else groups.set(key, tiles)
  }
  const rows: SheetRow[] = []
  const tiles: SheetTile[] = []
  const rowOf: number[] = []
  for (const [title, members] of groups) {
    rows.push({
      kind: 'heading',
      key: `h:${title}`,
      title,
      tiles: members.length,
      kept: members.filter((tile) => tile.result?.verdict === 'kept').length
    })
    for (let at = 0; at < members.length; at += columns) {
      const part = members.slice(at, at + columns)
      rows.push({ kind: 'tiles', key: `t:${title}:${at}`, first: tiles.length, tiles: part })
      for (const tile of part) {
        tiles.push(tile)
        rowOf.push(rows.length - 1)
      }
    }
  }
  return { rows, tiles, rowOf }
}

/** Keys that move the focus, and where to. */
export type SheetMove = 'left' | 'right' | 'up' | 'down' | 'home' | 'end'

/**
 * Where the focus goes from tile `from`: left and right through every tile in reading order; up and down
 * to the row above or below, in the same column or the last tile of a shorter row (headings skipped).
 */
export function moveFocus(layout: SheetLayout, from: number, move: SheetMove): number {
  const last = layout.tiles.length - 1
  if (last < 0) return -1
  const at = Math.min(Math.max(0, from), last)
  switch (move) {
    case 'left':
      return Math.max(0, at - 1)
    case 'right':
      return Math.min(last, at + 1)
    case 'home':
      return 0
    case 'end':
      return last
    case 'up':
    case 'down': {
      const rowIndex = layout.rowOf[at] ?? 0
      const row = layout.rows[rowIndex]
      if (row?.kind !== 'tiles') return at
      const column = at - row.first
      const step = move === 'up' ? -1 : 1
      for (let r = rowIndex + step; r >= 0 && r < layout.rows.length; r += step) {
        const next = layout.rows[r]
        if (next?.kind === 'tiles') return next.first + Math.min(column, next.tiles.length - 1)
      }
      return at
    }
  }
}

/** The sheet's jobs with these results' verdicts set (the sheet answers at once; the backend follows). */
export function withVerdicts(
  jobs: readonly SheetJob[],
  ids: ReadonlySet<string>,
  verdict: Verdict | null
): SheetJob[] {
  return jobs.map((job) =>
    job.results.some((result) => ids.has(result.id))
      ? {
          ...job,
          results: job.results.map((result) => (ids.has(result.id) ? { ...result, verdict } : result))
        }
      : job
  )
}

/** How many tiles each filter shows: one pass over the jobs, no layout (the chips are counted on every mark). */
export function showCounts(jobs: readonly SheetJob[]): Record<SheetShow, number> {
  const counts: Record<SheetShow, number> = { all: 0, unreviewed: 0, kept: 0, rejected: 0, failed: 0 }
  for (const job of jobs) for (const show of SHEET_SHOWS) counts[show] += tilesOf(job, show).length
  return counts
}

export interface SheetCounts {
  jobs: number
  images: number
  kept: number
  rejected: number
  failed: number
  /** Jobs still waiting or on their way. */
  open: number
}

export function countSheet(jobs: readonly SheetJob[]): SheetCounts {
  const counts: SheetCounts = { jobs: jobs.length, images: 0, kept: 0, rejected: 0, failed: 0, open: 0 }
  for (const job of jobs) {
    if (isFailedJob(job)) counts.failed++
    if (job.status === 'pending' || job.status === 'running') counts.open++
    for (const result of storedOf(job)) {
      counts.images++
      if (result.verdict === 'kept') counts.kept++
      else if (result.verdict === 'rejected') counts.rejected++
    }
  }
  return counts
}

/** The ids of the batch's images in the library: the kept ones, or all. */
export function imageIds(jobs: readonly SheetJob[], which: 'kept' | 'all'): string[] {
  return jobs.flatMap((job) =>
    storedOf(job)
      .filter((result) => which === 'all' || result.verdict === 'kept')
      .map((result) => result.id)
  )
}
