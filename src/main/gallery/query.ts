import type { GalleryFilter, GallerySelection } from '../../shared/schemas/gallery'
import { INPUT_LIMITS, parseJson } from '../../shared/json'

/**
 * SQL for the gallery, built from a validated filter. Every value is a bound parameter; lists travel as one
 * JSON parameter read with `json_each` (no parameter-count limit for "everything except these 9,000").
 * The gallery is every stored image result: `results` joined to its job and its media row. At 100,000
 * images the shapes matter: pages, counts and jumps read the partial index `results_gallery`
 * (migration 6) alone where they can, joining jobs only for a job filter, and text search is one FTS5 MATCH
 * of all the words over `gallery_search` (one document per stored image), whose rowids are newest first.
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

/** The FTS5 MATCH of a filter's text (every word, each as a prefix), or null without words. */
export function matchOf(filter: GalleryFilter): string | null {
  const words = ftsWords(filter.text ?? '')
  return words.length > 0 ? words.join(' ') : null
}

/** Conditions on the job row (`j`): only these need the join. */
function jobConditions(filter: GalleryFilter): Sql[] {
  const out: Sql[] = []
  if (filter.models?.length) out.push(inList('j.model', filter.models))
  if (filter.endpoints?.length) out.push(inList('j.endpoint', filter.endpoints))
  if (filter.profileIds?.length) out.push(inList('j.profile_id', filter.profileIds))
  return out
}

/** Conditions on the result row (`r`) alone, the gallery's own included. */
function resultConditions(filter: GalleryFilter): Sql[] {
  const out: Sql[] = GALLERY_BASE.map((sql) => ({ sql, params: [] }))
  if (filter.from !== undefined) out.push({ sql: 'r.created_at >= ?', params: [filter.from] })
  if (filter.to !== undefined) out.push({ sql: 'r.created_at < ?', params: [filter.to] })
  if (filter.favoritesOnly) out.push({ sql: 'r.favorite = 1', params: [] })
  if (filter.boardIds?.length) {
    out.push({
      sql: 'r.id IN (SELECT b.result_id FROM board_items b WHERE b.board_id IN (SELECT value FROM json_each(?)))',
      params: [JSON.stringify(filter.boardIds)]
    })
  }
  return out
}

const all = (parts: Sql[]): Sql => ({
  sql: parts.map((part) => part.sql).join(' AND '),
  params: parts.flatMap((part) => part.params)
})

/** Every word must appear in the job's prompt or in this image's revised prompt (one document per image). */
const textCondition = (match: string): Sql => ({
  sql:
    'r.id IN (SELECT k.result_id FROM gallery_search s JOIN gallery_keys k ON k.key = s.rowid' +
    ' WHERE gallery_search MATCH ?)',
  params: [match]
})

/** The WHERE conditions of a filter over `GALLERY_FROM` (always including the gallery's own: stored images). */
export function filterConditions(filter: GalleryFilter): Sql {
  const match = matchOf(filter)
  return all([
    ...resultConditions(filter),
    ...jobConditions(filter),
    ...(match === null ? [] : [textCondition(match)])
  ])
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

/**
 * The order of a selection's rows, as the grid showed them: explicit ids keep the order of the list, a text
 * search goes by search key (newest stored first, as its pages do), any other filter by `GALLERY_ORDER`.
 * `join` goes after `GALLERY_FROM`; its parameters come before the WHERE's.
 */
export function selectionOrder(selection: GallerySelection): Sql & { join: string } {
  if (selection.kind === 'ids') {
    return {
      // An id listed twice is one row, at its first place.
      join: 'JOIN (SELECT value, min(key) AS place FROM json_each(?) GROUP BY value) listed ON listed.value = r.id',
      sql: 'ORDER BY listed.place',
      params: [JSON.stringify(selection.ids)]
    }
  }
  if (matchOf(selection.filter) !== null) {
    return { join: 'JOIN gallery_keys k ON k.result_id = r.id', sql: 'ORDER BY k.key DESC', params: [] }
  }
  return { join: '', sql: GALLERY_ORDER, params: [] }
}

/** Where the previous page ended: in gallery order, or (text search) at a search key. */
export type Cursor = { createdAt: number; id: string } | { key: number }

export function encodeCursor(cursor: Cursor): string {
  const value = 'key' in cursor ? ['k', cursor.key] : [cursor.createdAt, cursor.id]
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')
}

/** Null for anything that is not a cursor we made (the caller treats it as bad input). */
export function decodeCursor(text: string): Cursor | null {
  try {
    const value: unknown = parseJson(Buffer.from(text, 'base64url').toString('utf8'), INPUT_LIMITS)
    if (!Array.isArray(value) || value.length !== 2) return null
    if (value[0] === 'k' && Number.isSafeInteger(value[1]) && (value[1] as number) > 0)
      return { key: value[1] as number }
    if (
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

const ITEM_COLUMNS =
  'r.id AS id, r.job_id AS jobId, r.media_id AS mediaId, m.width AS width, m.height AS height,' +
  ' j.model AS model, substr(j.prompt, 1, 200) AS prompt, r.favorite AS favorite, r.rating AS rating,' +
  ' r.created_at AS createdAt,' +
  // A team image whose file is still at its location (migration 29): one primary-key probe per row.
  ' EXISTS (SELECT 1 FROM team_files tf WHERE tf.media_id = r.media_id) AS away'

/**
 * One page of a filter: after `cursor` (keyset, the next page) or from `offset` (a jump to any position, as
 * when the scrollbar is dragged), `limit` rows. Without text, the positions are walked in `results_gallery`
 * alone and only the page's rows are joined; with text, FTS5 gives the hits newest first and stops at the
 * page. `key` is the search key of each row (null without text), what the next cursor is made of.
 */
export function pageQuery(filter: GalleryFilter, cursor: Cursor | null, limit: number, offset = 0): Sql {
  const match = matchOf(filter)
  const jobs = jobConditions(filter)
  if (match !== null) {
    const where = all([
      { sql: 'gallery_search MATCH ?', params: [match] },
      ...resultConditions(filter),
      ...jobs,
      ...(cursor && 'key' in cursor ? [{ sql: 's.rowid < ?', params: [cursor.key] }] : [])
    ])
    return {
      sql:
        `SELECT ${ITEM_COLUMNS}, s.rowid AS key FROM gallery_search s JOIN gallery_keys k ON k.key = s.rowid` +
        ' JOIN results r ON r.id = k.result_id JOIN jobs j ON j.id = r.job_id JOIN media m ON m.id = r.media_id' +
        ` WHERE ${where.sql} ORDER BY s.rowid DESC LIMIT ? OFFSET ?`,
      params: [...where.params, limit, offset]
    }
  }
  const where = all([
    ...resultConditions(filter),
    ...jobs,
    ...(cursor && !('key' in cursor)
      ? [
          {
            sql: '(r.created_at < ? OR (r.created_at = ? AND r.id < ?))',
            params: [cursor.createdAt, cursor.createdAt, cursor.id]
          }
        ]
      : [])
  ])
  const from = jobs.length > 0 ? 'FROM results r JOIN jobs j ON j.id = r.job_id' : 'FROM results r'
  // The positions first (index only), then the page's rows joined: the joins never run for skipped rows.
  return {
    sql:
      `WITH page AS (SELECT r.id AS id ${from} WHERE ${where.sql} ${GALLERY_ORDER} LIMIT ? OFFSET ?)` +
      ` SELECT ${ITEM_COLUMNS}, NULL AS key FROM page p JOIN results r ON r.id = p.id` +
      ` JOIN jobs j ON j.id = r.job_id JOIN media m ON m.id = r.media_id ${GALLERY_ORDER}`,
    params: [...where.params, limit, offset]
  }
}

/** How many images a filter matches, reading no more than it must (the index alone when it can). */
export function countQuery(filter: GalleryFilter): Sql {
  const match = matchOf(filter)
  const jobs = jobConditions(filter)
  const results = resultConditions(filter)
  if (match !== null) {
    const onlyText = jobs.length === 0 && results.length === GALLERY_BASE.length
    if (onlyText)
      return { sql: 'SELECT COUNT(*) AS n FROM gallery_search WHERE gallery_search MATCH ?', params: [match] }
    const where = all([{ sql: 'gallery_search MATCH ?', params: [match] }, ...results, ...jobs])
    return {
      sql:
        'SELECT COUNT(*) AS n FROM gallery_search s JOIN gallery_keys k ON k.key = s.rowid' +
        ` JOIN results r ON r.id = k.result_id JOIN jobs j ON j.id = r.job_id WHERE ${where.sql}`,
      params: where.params
    }
  }
  // The whole gallery: the count kept as images come and go (migration 26), not a million rows read.
  if (jobs.length === 0 && results.length === GALLERY_BASE.length)
    return { sql: 'SELECT images AS n FROM gallery_total', params: [] }
  const where = all([...results, ...jobs])
  const from = jobs.length > 0 ? 'FROM results r JOIN jobs j ON j.id = r.job_id' : 'FROM results r'
  return { sql: `SELECT COUNT(*) AS n ${from} WHERE ${where.sql}`, params: where.params }
}
