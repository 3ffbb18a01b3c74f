import type { GalleryFilter, GallerySelection } from '../../shared/schemas/gallery'

/**
 * SQL for the gallery, built from a validated filter. Every value is a bound parameter; lists travel as one
 * JSON parameter read with `json_each` (no parameter-count limit for "everything except these 9,000").
 * The gallery is every stored image result: `results` joined to its job and its media row.
 */

export interface Sql {
  sql: string
  params: unknown[]
}

export const GALLERY_FROM = 'FROM results r JOIN jobs j ON j.id = r.job_id JOIN media m ON m.id = r.media_id'
export const GALLERY_BASE = ["r.kind = 'image'", "r.status = 'stored'"]
/** Newest first; the id breaks ties so keyset paging never skips or repeats a row. */
export const GALLERY_ORDER = 'ORDER BY r.created_at DESC, r.id DESC'

const MAX_WORDS = 16
const HAS_WORD = /[\p{L}\p{N}]/u

/**
 * An FTS5 MATCH expression for what the user typed: each whitespace-separated word becomes a quoted prefix
 * phrase (`"fox"*`), so operators, quotes, parentheses and column filters typed by the user are plain text.
 * Words without a letter or digit are dropped (the tokenizer would leave an empty phrase). Null: no words.
 */
export function ftsWords(text: string): string[] {
  return text
    .normalize('NFC')
    .split(/\s+/u)
    .filter((word) => HAS_WORD.test(word))
    .slice(0, MAX_WORDS)
    .map((word) => `"${word.replace(/"/g, '""')}"*`)
}

const inList = (column: string, values: readonly string[]): Sql => ({
  sql: `${column} IN (SELECT value FROM json_each(?))`,
  params: [JSON.stringify(values)]
})

/** The WHERE conditions of a filter (always including the gallery's own: stored images only). */
export function filterConditions(filter: GalleryFilter): Sql {
  const parts: string[] = [...GALLERY_BASE]
  const params: unknown[] = []
  const add = (fragment: Sql): void => {
    parts.push(fragment.sql)
    params.push(...fragment.params)
  }
  if (filter.models?.length) add(inList('j.model', filter.models))
  if (filter.endpoints?.length) add(inList('j.endpoint', filter.endpoints))
  if (filter.profileIds?.length) add(inList('j.profile_id', filter.profileIds))
  if (filter.from !== undefined) add({ sql: 'r.created_at >= ?', params: [filter.from] })
  if (filter.to !== undefined) add({ sql: 'r.created_at < ?', params: [filter.to] })
  if (filter.favoritesOnly) parts.push('r.favorite = 1')
  // Each word must appear in the job's prompt or in this image's revised prompt (not necessarily the same one).
  for (const word of ftsWords(filter.text ?? '')) {
    add({
      sql:
        '(r.job_id IN (SELECT job_id FROM search_index WHERE search_index MATCH ? AND result_id IS NULL)' +
        ' OR r.id IN (SELECT result_id FROM search_index WHERE search_index MATCH ? AND result_id IS NOT NULL))',
      params: [word, word]
    })
  }
  return { sql: parts.join(' AND '), params }
}

/** Conditions for a bulk action's selection: explicit ids (still only stored images), or a filter minus some. */
export function selectionConditions(selection: GallerySelection): Sql {
  if (selection.kind === 'ids') {
    const ids = inList('r.id', selection.ids)
    return { sql: [...GALLERY_BASE, ids.sql].join(' AND '), params: ids.params }
  }
  const base = filterConditions(selection.filter)
  if (selection.except.length === 0) return base
  const except = inList('r.id', selection.except)
  return { sql: `${base.sql} AND NOT ${except.sql}`, params: [...base.params, ...except.params] }
}

export interface Cursor {
  createdAt: number
  id: string
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id]), 'utf8').toString('base64url')
}

/** Null for anything that is not a cursor we made (the caller treats it as bad input). */
export function decodeCursor(text: string): Cursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      Number.isSafeInteger(value[0]) &&
      typeof value[1] === 'string' &&
      value[1].length > 0 &&
      value[1].length <= 64
    ) {
      return { createdAt: value[0] as number, id: value[1] }
    }
  } catch {
    // fall through
  }
  return null
}

/** The page query: the filter, then rows strictly after the cursor in gallery order. */
export function pageQuery(filter: GalleryFilter, cursor: Cursor | null, limit: number): Sql {
  const where = filterConditions(filter)
  const after = cursor ? ' AND (r.created_at < ? OR (r.created_at = ? AND r.id < ?))' : ''
  const params = [...where.params, ...(cursor ? [cursor.createdAt, cursor.createdAt, cursor.id] : []), limit]
  return {
    sql:
      'SELECT r.id AS id, r.job_id AS jobId, r.media_id AS mediaId, m.width AS width, m.height AS height,' +
      ' j.model AS model, substr(j.prompt, 1, 200) AS prompt, r.favorite AS favorite, r.created_at AS createdAt' +
      ` ${GALLERY_FROM} WHERE ${where.sql}${after} ${GALLERY_ORDER} LIMIT ?`,
    params
  }
}

export function countQuery(where: Sql): Sql {
  return { sql: `SELECT COUNT(*) AS n ${GALLERY_FROM} WHERE ${where.sql}`, params: where.params }
}
