import type {
  GalleryDetail,
  GalleryFacets,
  GalleryFilter,
  GalleryItem,
  GalleryPage,
  GallerySelection
} from '../../shared/schemas/gallery'
import type { Db } from '../db/connection'
import {
  countQuery,
  decodeCursor,
  encodeCursor,
  GALLERY_BASE,
  GALLERY_FROM,
  selectionOrder,
  pageQuery,
  selectionConditions
} from './query'
import type { UsageJob } from './usage'
import { STORED_LIMITS, parseJson } from '../../shared/json'

/** One image as an export or a deletion needs it. */
export interface GalleryRow {
  id: string
  jobId: string
  mediaId: string
  mime: string
  bytes: number
  width: number | null
  height: number | null
  sizeLabel: string | null
  prompt: string
  revisedPrompt: string | null
  model: string
  endpoint: string
  profileId: string
  params: string
  usage: string | null
  billingUnit: string | null
  createdAt: number
  storedInJob: number
  /** The batch (job group) the image's job belongs to. */
  batchId: string | null
}

const ROW_COLUMNS = `r.id AS id, r.job_id AS jobId, r.media_id AS mediaId, m.mime AS mime, m.bytes AS bytes,
  m.width AS width, m.height AS height, r.size_label AS sizeLabel, j.prompt AS prompt,
  r.revised_prompt AS revisedPrompt, j.model AS model, j.endpoint AS endpoint, j.profile_id AS profileId,
  j.params AS params, j.usage AS usage, j.billing_unit AS billingUnit, r.created_at AS createdAt,
  j.group_id AS batchId,
  (SELECT COUNT(*) FROM results s WHERE s.job_id = r.job_id AND s.kind = 'image' AND s.status = 'stored')
    AS storedInJob`

interface FacetGroup {
  model: string
  endpoint: string
  profileId: string
  n: number
}

type ItemRow = Omit<GalleryItem, 'favorite' | 'away'> & { favorite: number; away: number; key: number | null }

export class BadCursorError extends Error {}

const parseStored = (text: string | null): unknown => {
  if (text === null) return null
  try {
    return parseJson(text, STORED_LIMITS)
  } catch {
    return null
  }
}

/** The seed the user asked for, wherever the endpoint keeps it (body, extra fields, edit fields). */
export function seedOf(params: unknown): number | string | null {
  const body = (params as { body?: Record<string, unknown> } | null)?.body
  if (typeof body !== 'object' || body === null) return null
  for (const holder of [body, body.extra, body.fields]) {
    const seed = (holder as Record<string, unknown> | undefined)?.seed
    if (typeof seed === 'number' || (typeof seed === 'string' && seed !== '')) return seed
  }
  return null
}

/** The gallery's queries. It writes nothing: results and their search rows belong to the job repository. */
export class GalleryStore {
  constructor(private readonly db: Db) {}

  /**
   * `limit` images of a filter after `cursorText` (the previous page's `nextCursor`), or from position
   * `offset` (a jump); the first page (no cursor) also says how many match.
   */
  page(filter: GalleryFilter, cursorText: string | undefined, limit: number, offset = 0): GalleryPage {
    const cursor = cursorText === undefined ? null : decodeCursor(cursorText)
    if (cursorText !== undefined && !cursor) throw new BadCursorError('not a gallery cursor')
    const query = pageQuery(filter, cursor, limit + 1, cursor ? 0 : offset)
    const rows = this.db.prepare(query.sql).all(...query.params) as ItemRow[]
    const items = rows.slice(0, limit).map(({ key: _key, away, ...row }) => ({
      ...row,
      favorite: row.favorite === 1,
      ...(away === 1 ? { away: true as const } : {})
    }))
    const last = rows[Math.min(rows.length, limit) - 1]
    const more = rows.length > limit && last !== undefined
    let matching: number | null = null
    if (!cursor) {
      const count = countQuery(filter)
      matching = (this.db.prepare(count.sql).get(...count.params) as { n: number }).n
    }
    return {
      items,
      nextCursor: more
        ? encodeCursor(last.key === null ? { createdAt: last.createdAt, id: last.id } : { key: last.key })
        : null,
      matching
    }
  }

  /**
   * What the filter pickers list, with counts: the kept counts per model, endpoint and gateway
   * (`gallery_facets`, migration 27) folded per picker here; the favourites from their own index, the
   * oldest and newest from the gallery's. Nothing here reads a row per image.
   */
  facets(profileName: (id: string) => string | null): GalleryFacets {
    const groups = this.db
      .prepare(
        `SELECT model, endpoint, profile_id AS profileId, images AS n FROM gallery_facets WHERE images > 0`
      )
      .all() as FacetGroup[]
    const fold = (pick: (group: FacetGroup) => string): { value: string; count: number }[] => {
      const counts = new Map<string, number>()
      for (const group of groups) {
        // An imported image whose file named no model (or endpoint, or gateway) has nothing to filter by.
        if (pick(group) !== '') counts.set(pick(group), (counts.get(pick(group)) ?? 0) + group.n)
      }
      return [...counts]
        .map(([value, count]) => ({ value, count }))
        .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    }
    const where = GALLERY_BASE.join(' AND ')
    // One aggregate a statement: SQLite reads MIN or MAX alone from the end of an index.
    const one = (sql: string): number | null =>
      (this.db.prepare(sql).get() as { v: number | null } | undefined)?.v ?? null
    return {
      total: one('SELECT images AS v FROM gallery_total') ?? 0,
      favorites: one(`SELECT COUNT(*) AS v FROM results r WHERE ${where} AND r.favorite = 1`) ?? 0,
      oldest: one(`SELECT MIN(r.created_at) AS v FROM results r WHERE ${where}`),
      newest: one(`SELECT MAX(r.created_at) AS v FROM results r WHERE ${where}`),
      models: fold((group) => group.model),
      endpoints: fold((group) => group.endpoint),
      profiles: fold((group) => group.profileId).map((facet) => ({
        ...facet,
        name: profileName(facet.value)
      }))
    }
  }

  detail(id: string, profileName: (id: string) => string | null): GalleryDetail | null {
    const row = this.db
      .prepare(
        `SELECT ${ROW_COLUMNS}, r.favorite AS favorite, r.rating AS rating, r.note AS note,
           r.verdict AS verdict, r.source_url IS NOT NULL AS fromAddress,
           j.status AS jobStatus, j.kind AS jobKind,
           (SELECT t.usage FROM tasks t WHERE t.id = r.task_id
              AND (SELECT COUNT(*) FROM results o WHERE o.task_id = r.task_id) = 1) AS imageUsage
         ${GALLERY_FROM} WHERE ${GALLERY_BASE.join(' AND ')} AND r.id = ?`
      )
      .get(id) as
      | (GalleryRow & {
          favorite: number
          rating: number
          note: string
          verdict: 'kept' | 'rejected' | null
          fromAddress: number
          jobStatus: string
          jobKind: string
          imageUsage: string | null
        })
      | undefined
    if (!row) return null
    const params = parseStored(row.params)
    const request = params as { body?: unknown } | null
    return {
      id: row.id,
      jobId: row.jobId,
      jobStatus: row.jobStatus,
      jobKind: row.jobKind,
      mediaId: row.mediaId,
      mime: row.mime,
      width: row.width,
      height: row.height,
      bytes: row.bytes,
      sizeLabel: row.sizeLabel,
      prompt: row.prompt,
      revisedPrompt: row.revisedPrompt,
      params: request?.body ?? params,
      seed: seedOf(params),
      model: row.model,
      endpoint: row.endpoint,
      profileId: row.profileId,
      profileName: profileName(row.profileId),
      usage: parseStored(row.usage),
      imageUsage: parseStored(row.imageUsage),
      billingUnit: row.billingUnit,
      imagesInJob: row.storedInJob,
      favorite: row.favorite === 1,
      rating: row.rating,
      note: row.note,
      verdict: row.verdict,
      createdAt: row.createdAt,
      fromAddress: row.fromAddress === 1
    }
  }

  /**
   * Every image of a selection with what an export writes about it, in the order the user saw them: a list
   * of ids in the order given (the grid sends them by position), a filter in the grid's order for it.
   */
  rows(selection: GallerySelection): GalleryRow[] {
    const where = selectionConditions(selection)
    const order = selectionOrder(selection)
    return this.db
      .prepare(`SELECT ${ROW_COLUMNS} ${GALLERY_FROM} ${order.join} WHERE ${where.sql} ${order.sql}`)
      .all(...order.params, ...where.params) as GalleryRow[]
  }

  /** The results a selection names, with what a deletion needs to clean up after them (a read). */
  selected(selection: GallerySelection): { id: string; jobId: string; mediaId: string }[] {
    const where = selectionConditions(selection)
    return this.db
      .prepare(
        `SELECT r.id AS id, r.job_id AS jobId, r.media_id AS mediaId ${GALLERY_FROM} WHERE ${where.sql}`
      )
      .all(...where.params) as { id: string; jobId: string; mediaId: string }[]
  }

  usageJobs(query: {
    from?: number | undefined
    to?: number | undefined
    profileIds?: string[] | undefined
  }): UsageJob[] {
    // Images brought in from outside cost nothing here: usage is what the app's own jobs spent.
    const where: string[] = ['j.imported IS NULL']
    const params: unknown[] = []
    if (query.from !== undefined) {
      where.push('j.created_at >= ?')
      params.push(query.from)
    }
    if (query.to !== undefined) {
      where.push('j.created_at < ?')
      params.push(query.to)
    }
    if (query.profileIds?.length) {
      where.push('j.profile_id IN (SELECT value FROM json_each(?))')
      params.push(JSON.stringify(query.profileIds))
    }
    const rows = this.db
      .prepare(
        `SELECT j.created_at AS createdAt, j.model AS model, j.profile_id AS profileId, j.billing_unit AS billingUnit,
           j.usage AS usage,
           (SELECT COUNT(*) FROM results r WHERE r.job_id = j.id AND r.kind = 'image' AND r.status = 'stored')
             AS storedImages
         FROM jobs j ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`
      )
      .all(...params) as (Omit<UsageJob, 'usage'> & { usage: string | null })[]
    return rows.map((row) => ({ ...row, usage: parseStored(row.usage) }))
  }
}
