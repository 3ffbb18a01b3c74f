import { randomUUID } from 'node:crypto'
import type { Board } from '../../shared/schemas/boards'
import type { GallerySelection } from '../../shared/schemas/gallery'
import { isUniqueViolation, writeTransaction, type Db } from '../db/connection'
import { GALLERY_FROM, selectionConditions } from './query'
import { STORED_LIMITS, parseJson } from '../../shared/json'
import { nameKey } from '../db/nameKey'

/**
 * A board with its count of images and its four newest as a cover. A board holds stored images only
 * (migration 26 takes an image off its boards when it stops being one), so its count is its items,
 * kept on its row (migration 28): counting them, or looking up each item's image before that, was most
 * of the board list's cost at 200 boards of a million-image gallery.
 */
const BOARD_SELECT = `SELECT b.id AS id, b.name AS name, b.created_at AS createdAt,
    b.items AS count,
    (SELECT json_group_array(mediaId) FROM (
       SELECT r.media_id AS mediaId FROM board_items i JOIN results r ON r.id = i.result_id
       WHERE i.board_id = b.id ORDER BY i.added_at DESC, i.rowid DESC LIMIT 4)) AS cover
  FROM boards b`

/** Another board already has this name (names are unique regardless of case, in any script). */
export class BoardNameTaken extends Error {
  constructor(readonly boardName: string) {
    super(`There is already a board called “${boardName}”.`)
  }
}

interface BoardRow {
  id: string
  name: string
  createdAt: number
  count: number
  cover: string | null
}

/**
 * Boards and what is on them: the one module that writes `boards` and `board_items`. What a board holds
 * is read through the gallery's own filter (`boardIds`), so a board shows, pages, searches and exports
 * like any other view of the gallery.
 */
export class BoardStore {
  constructor(
    private readonly db: Db,
    /** The backend's one clock (`Clock.now`). */
    private readonly now: () => number
  ) {}

  list(): Board[] {
    return (this.db.prepare(`${BOARD_SELECT} ORDER BY b.name COLLATE NOCASE`).all() as BoardRow[]).map(
      toBoard
    )
  }

  /** One board: its own row only (a studio of 200 boards counted all of them for every look-up). */
  get(id: string): Board | null {
    const row = this.db.prepare(`${BOARD_SELECT} WHERE b.id = ?`).get(id) as BoardRow | undefined
    return row ? toBoard(row) : null
  }

  /** The boards an image is on, by name. */
  boardsOf(resultId: string): { id: string; name: string }[] {
    return this.db
      .prepare(
        `SELECT b.id AS id, b.name AS name FROM board_items i JOIN boards b ON b.id = i.board_id
         WHERE i.result_id = ? ORDER BY b.name COLLATE NOCASE`
      )
      .all(resultId) as { id: string; name: string }[]
  }

  create(name: string): Board {
    const id = randomUUID()
    const at = this.now()
    this.named(name, () =>
      this.db
        .prepare('INSERT INTO boards (id, name, name_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
        .run(id, name, nameKey(name), at, at)
    )
    return this.mustGet(id)
  }

  /**
   * `name` if no other board has it, else the first of "name (2)", "name (3)" … that none has: a team's
   * "Picks" beside one's own, a batch published beside a board of its name. `except` names a board whose
   * own name does not count (one being renamed).
   */
  freeName(name: string, except?: string): string {
    const rows = this.db
      .prepare('SELECT name_key AS key FROM boards WHERE id IS NOT ?')
      .all(except ?? null) as Array<{ key: string }>
    const taken = new Set(rows.map((row) => row.key))
    if (!taken.has(nameKey(name))) return name
    for (let n = 2; ; n++) if (!taken.has(nameKey(`${name} (${n})`))) return `${name} (${n})`
  }

  /** Null when there is no such board. */
  rename(id: string, name: string): Board | null {
    const changed = this.named(name, () =>
      this.db
        .prepare('UPDATE boards SET name = ?, name_key = ?, updated_at = ? WHERE id = ?')
        .run(name, nameKey(name), this.now(), id)
    )
    return changed.changes === 0 ? null : this.mustGet(id)
  }

  /** The board goes; its images stay in the gallery. */
  delete(id: string): boolean {
    return this.db.prepare('DELETE FROM boards WHERE id = ?').run(id).changes > 0
  }

  /** Puts every image of a selection on a board (once); how many joined. Null when there is no board. */
  add(boardId: string, selection: GallerySelection): number | null {
    const where = selectionConditions(selection)
    return writeTransaction(this.db, () => {
      if (!this.exists(boardId)) return null
      const { changes } = this.db
        .prepare(
          `INSERT INTO board_items (board_id, result_id, added_at)
           SELECT ?, r.id, ? ${GALLERY_FROM} WHERE ${where.sql} ORDER BY r.created_at, r.id
           ON CONFLICT (board_id, result_id) DO NOTHING`
        )
        .run(boardId, this.now(), ...where.params)
      this.touch(boardId)
      return changes
    })
  }

  /** Takes every image of a selection off a board; how many left. Null when there is no board. */
  remove(boardId: string, selection: GallerySelection): number | null {
    const where = selectionConditions(selection)
    return writeTransaction(this.db, () => {
      if (!this.exists(boardId)) return null
      const { changes } = this.db
        .prepare(
          `DELETE FROM board_items WHERE board_id = ? AND result_id IN (
             SELECT r.id ${GALLERY_FROM} WHERE ${where.sql})`
        )
        .run(boardId, ...where.params)
      this.touch(boardId)
      return changes
    })
  }

  private exists(id: string): boolean {
    return this.db.prepare('SELECT 1 FROM boards WHERE id = ?').get(id) !== undefined
  }

  private touch(id: string): void {
    this.db.prepare('UPDATE boards SET updated_at = ? WHERE id = ?').run(this.now(), id)
  }

  private mustGet(id: string): Board {
    const board = this.get(id)
    if (!board) throw new Error(`board ${id} vanished`)
    return board
  }

  private named<T>(name: string, write: () => T): T {
    try {
      return write()
    } catch (error) {
      if (isUniqueViolation(error)) throw new BoardNameTaken(name)
      throw error
    }
  }
}

function toBoard(row: BoardRow): Board {
  let cover: string[] = []
  try {
    const parsed: unknown = parseJson(row.cover ?? '[]', STORED_LIMITS)
    if (Array.isArray(parsed)) cover = parsed.filter((id): id is string => typeof id === 'string')
  } catch {
    // a cover is decoration: without one the board still lists
  }
  return { id: row.id, name: row.name, createdAt: row.createdAt, count: row.count, cover }
}
