import type { JobGroupView } from '../../shared/schemas/jobGroups'
import { say } from '../../shared/sentences'
import { AppFailure } from '../contract/failure'
import { writeTransaction, type Db } from '../db/connection'
import type { BoardStore } from '../gallery/boards'

export interface BatchBoardsDeps {
  db: Db
  boards: Pick<BoardStore, 'get' | 'create' | 'add' | 'freeName'>
  /** A batch as the Queue shows it (its name), or null when there is none. */
  group: (groupId: string) => JobGroupView | null
  /** The backend's one clock (`Clock.now`). */
  now: () => number
}

/** The gallery board a batch goes to the team as. */
export interface BatchBoard {
  boardId: string
  name: string
}

/** The longest name a board takes from the user (`BoardName`): a batch's name is cut to it. */
const BOARD_NAME_MAX = 80

/**
 * A batch published to the team is a gallery board, which the team library shares as it shares any board:
 * this module makes that board (the one module that writes `team_batches` and `team_batch_results`) and
 * keeps it up with the batch. While the board is shared with a location, each sync of that location first
 * puts on it the batch's images stored since (`catchUp`, TeamSync's `beforeSync`), and the sync sends them
 * as it sends any image put on a shared board. Each result is put on the board once: one taken off since,
 * here or by a teammate, stays off.
 */
export class BatchBoards {
  constructor(private readonly deps: BatchBoardsDeps) {}

  /**
   * The board a batch is published as: the one it became before, wherever that went (a second publish
   * makes no second board), or a new one named after the batch, made free beside a board of that name. A
   * board no location shares yet is filled here; a shared one is filled by the publish's own catch-up,
   * under its location's lock. Refuses a batch with no stored image rather than publish an empty board.
   */
  prepare(groupId: string): BatchBoard {
    const { db, boards } = this.deps
    const group = this.deps.group(groupId)
    if (!group) throw new AppFailure('not_found', say('groupGone'))
    if (group.screen === 'video') throw new AppFailure('invalid_input', say('batchVideos'))
    if (this.storedOf(groupId, { fresh: false }).length === 0)
      throw new AppFailure('invalid_input', say('batchNoImages'))
    return writeTransaction(db, () => {
      const linked = db.prepare('SELECT board_id FROM team_batches WHERE group_id = ?').get(groupId) as
        { board_id: string } | undefined
      let board = linked ? boards.get(linked.board_id) : null
      if (!board) {
        // Made anew (the first publish, or its board was deleted here): it starts from all the batch's images.
        board = boards.create(boards.freeName(boardNameOf(group.name)))
        db.prepare(
          `INSERT INTO team_batches (group_id, board_id, published_at) VALUES (?, ?, ?)
           ON CONFLICT (group_id) DO UPDATE SET board_id = excluded.board_id, published_at = excluded.published_at`
        ).run(groupId, board.id, this.deps.now())
        db.prepare('DELETE FROM team_batch_results WHERE group_id = ?').run(groupId)
      }
      if (!this.shared(board.id)) this.fill(groupId, board.id)
      return { boardId: board.id, name: board.name }
    })
  }

  /**
   * Puts on each batch board this location shares the batch's images stored since it was last filled; how
   * many joined. Called under the location's lock just before a sync or publish reads the gallery: put on a
   * board while a sync runs, an image would be taken off again when the sync takes the team's members.
   */
  catchUp(locationId: string): number {
    const shared = this.deps.db
      .prepare(
        `SELECT b.group_id AS groupId, b.board_id AS boardId FROM team_batches b
         WHERE EXISTS (SELECT 1 FROM team_links l
           WHERE l.location_id = ? AND l.kind = 'board' AND l.local_id = b.board_id)`
      )
      .all(locationId) as Array<{ groupId: string; boardId: string }>
    return shared.reduce((added, { groupId, boardId }) => added + this.fill(groupId, boardId), 0)
  }

  /** Puts the batch's stored images not put on its board before on it, and remembers them as put. */
  private fill(groupId: string, boardId: string): number {
    const { db, boards } = this.deps
    return writeTransaction(db, () => {
      const fresh = this.storedOf(groupId, { fresh: true })
      if (fresh.length === 0) return 0
      const added = boards.add(boardId, { kind: 'ids', ids: fresh })
      // The board is gone: nothing is remembered as put, so a board made for a next publish gets them all.
      if (added === null) return 0
      const put = db.prepare('INSERT OR IGNORE INTO team_batch_results (group_id, result_id) VALUES (?, ?)')
      for (const id of fresh) put.run(groupId, id)
      return added
    })
  }

  /** The batch's stored images in the order they were made; `fresh`: only those not put on its board yet. */
  private storedOf(groupId: string, { fresh }: { fresh: boolean }): string[] {
    const rows = this.deps.db
      .prepare(
        `SELECT r.id FROM results r JOIN jobs j ON j.id = r.job_id
         WHERE j.group_id = ? AND r.kind = 'image' AND r.status = 'stored'
           ${fresh ? 'AND NOT EXISTS (SELECT 1 FROM team_batch_results t WHERE t.group_id = j.group_id AND t.result_id = r.id)' : ''}
         ORDER BY r.created_at, r.id`
      )
      .all(groupId) as Array<{ id: string }>
    return rows.map((row) => row.id)
  }

  /** Whether any location shares the board (a sync of it may be reading the board right now). */
  private shared(boardId: string): boolean {
    return (
      this.deps.db
        .prepare("SELECT 1 FROM team_links WHERE kind = 'board' AND local_id = ? LIMIT 1")
        .get(boardId) !== undefined
    )
  }
}

/** A board's name from a batch's: the same, cut to what a board's name may hold. */
function boardNameOf(batchName: string): string {
  const name = batchName.trim()
  return name.length <= BOARD_NAME_MAX ? name : `${name.slice(0, BOARD_NAME_MAX - 1).trimEnd()}…`
}
