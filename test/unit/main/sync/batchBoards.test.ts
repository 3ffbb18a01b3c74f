import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../../src/main/db/connection'
import { BoardStore } from '../../../../src/main/gallery/boards'
import { GalleryStore } from '../../../../src/main/gallery/store'
import { JobGroups } from '../../../../src/main/jobs/groups'
import { LocationRepository } from '../../../../src/main/locations/repository'
import { BatchBoards } from '../../../../src/main/sync/batchBoards'
import { TeamLinks } from '../../../../src/main/sync/links'
import { sentences } from '../../../../src/shared/sentences'
import { makeTempDir } from '../../../helpers/tempDir'
import { seededGallery } from '../gallery/seeded'

const T0 = Date.UTC(2025, 4, 1, 12)

describe('a batch’s team board: made once, filled with the batch’s stored images, kept up while shared', () => {
  const temp = makeTempDir('gs-batch-boards-')
  let db: Db
  let ids: string[]
  let boards: BoardStore
  let groups: JobGroups
  let gallery: GalleryStore
  let links: TeamLinks
  let batches: BatchBoards
  let locationId: string
  let clock = T0

  beforeAll(async () => {
    ;({ db, ids } = await seededGallery(temp.dir, ['kite 1', 'kite 2', 'kite 3', 'kite 4', 'boat'], T0))
    const now = (): number => ++clock
    boards = new BoardStore(db, now)
    groups = new JobGroups(db, now)
    gallery = new GalleryStore(db)
    links = new TeamLinks(db)
    batches = new BatchBoards({ db, boards, group: (id) => groups.view(id), now })
    locationId = new LocationRepository(db, now).save(
      { name: 'Studio share', settings: { kind: 'folder', path: '/mnt/team' } },
      () => undefined
    ).id
  })
  afterAll(() => {
    db.close()
    temp.cleanup()
  })

  /** A batch of the jobs of these results (as if they had been sent as one). */
  const batchOf = (name: string, resultIds: string[], screen: 'images' | 'video' = 'images'): string => {
    const groupId = groups.insert({ name, screen, settings: undefined })
    join(groupId, resultIds)
    return groupId
  }
  /** Results of jobs that finished later in the batch. */
  const join = (groupId: string, resultIds: string[]): void => {
    db.prepare(
      'UPDATE jobs SET group_id = ? WHERE id IN (SELECT job_id FROM results WHERE id IN (SELECT value FROM json_each(?)))'
    ).run(groupId, JSON.stringify(resultIds))
  }
  const onBoard = (boardId: string): string[] =>
    gallery
      .page({ boardIds: [boardId] }, undefined, 100)
      .items.map((item) => item.id)
      .sort()

  it('makes a board named after the batch, free beside a board of that name, with exactly its stored images', () => {
    boards.create('Kites')
    const groupId = batchOf('kites', ids.slice(0, 3))
    const made = batches.prepare(groupId)
    expect(made.name).toBe('kites (2)')
    expect(onBoard(made.boardId)).toEqual(ids.slice(0, 3).sort())
    // Asked again before it is shared: the same board, nothing twice.
    expect(batches.prepare(groupId)).toEqual(made)
    expect(boards.list().map((board) => board.name)).toEqual(['Kites', 'kites (2)'])
  })

  it('while shared, a sync’s catch-up adds the batch’s later images, and one taken off stays off', () => {
    const groupId = batchOf('catch-up', ids.slice(0, 2))
    const { boardId } = batches.prepare(groupId)
    // Not shared yet: a sync of the location leaves the board alone.
    join(groupId, [ids[2] ?? ''])
    expect(batches.catchUp(locationId)).toBe(0)
    links.link(locationId, 'board', 'teamboard01', boardId)
    expect(batches.catchUp(locationId)).toBe(1)
    expect(onBoard(boardId)).toEqual(ids.slice(0, 3).sort())
    // Taken off the board (here, or by a teammate's sync): the next catch-up does not put it back.
    boards.remove(boardId, { kind: 'ids', ids: [ids[0] ?? ''] })
    join(groupId, [ids[3] ?? ''])
    expect(batches.catchUp(locationId)).toBe(1)
    expect(onBoard(boardId)).toEqual(ids.slice(1, 4).sort())
    expect(batches.catchUp(locationId)).toBe(0)
    // Published again: the same board, not filled outside the sync (its catch-up does that, under the lock).
    expect(batches.prepare(groupId).boardId).toBe(boardId)
    expect(onBoard(boardId)).toEqual(ids.slice(1, 4).sort())
  })

  it('makes a new board with all the batch’s images when its board was deleted here', () => {
    const groupId = batchOf('deleted', ids.slice(0, 2))
    const first = batches.prepare(groupId)
    boards.remove(first.boardId, { kind: 'ids', ids: [ids[0] ?? ''] })
    boards.delete(first.boardId)
    const again = batches.prepare(groupId)
    expect(again.boardId).not.toBe(first.boardId)
    expect(again.name).toBe('deleted')
    expect(onBoard(again.boardId)).toEqual(ids.slice(0, 2).sort())
  })

  it('refuses a batch with no stored image, or of videos, and makes no board for it', () => {
    const before = boards.list().length
    expect(() => batches.prepare(batchOf('nothing yet', []))).toThrow(
      expect.objectContaining({ code: 'invalid_input', message: sentences.batchNoImages })
    )
    expect(() => batches.prepare(batchOf('clips', [ids[4] ?? ''], 'video'))).toThrow(
      expect.objectContaining({ code: 'invalid_input', message: sentences.batchVideos })
    )
    expect(() => batches.prepare('no-such-batch')).toThrow(expect.objectContaining({ code: 'not_found' }))
    expect(boards.list()).toHaveLength(before)
  })

  it('cuts a long batch name to what a board’s name may hold', () => {
    const made = batches.prepare(batchOf('x'.repeat(150), [ids[4] ?? '']))
    expect(made.name).toHaveLength(80)
    expect(made.name.endsWith('…')).toBe(true)
  })
})
