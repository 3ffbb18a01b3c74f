import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../../src/main/db/connection'
import { BoardNameTaken, BoardStore } from '../../../../src/main/gallery/boards'
import { GalleryStore } from '../../../../src/main/gallery/store'
import { JobRepository } from '../../../../src/main/jobs/repository'
import { makeTempDir } from '../../../helpers/tempDir'
import { seededGallery } from './seeded'

const T0 = Date.UTC(2025, 4, 1, 12)

describe('boards', () => {
  const temp = makeTempDir('gs-boards-')
  let db: Db
  let boards: BoardStore
  let gallery: GalleryStore
  let ids: string[]
  let clock = 1_000

  beforeAll(async () => {
    ;({ db, ids } = await seededGallery(temp.dir, ['red fox', 'blue fox', 'teapot', 'lighthouse'], T0))
    boards = new BoardStore(db, () => ++clock)
    gallery = new GalleryStore(db)
  })
  afterAll(() => {
    db.close()
    temp.cleanup()
  })

  const onBoard = (boardId: string): string[] =>
    gallery.page({ boardIds: [boardId] }, undefined, 100).items.map((item) => item.id)

  it('creates boards with names unique regardless of case, and renames them', () => {
    const mood = boards.create('Moodboard')
    expect(mood).toMatchObject({ name: 'Moodboard', count: 0, cover: [] })
    expect(() => boards.create('MOODBOARD')).toThrow(BoardNameTaken)
    const other = boards.create('Client picks')
    expect(() => boards.rename(other.id, 'moodboard')).toThrow(BoardNameTaken)
    expect(boards.rename(other.id, 'Final picks')?.name).toBe('Final picks')
    expect(boards.rename('no-such-board', 'x')).toBeNull()
    expect(boards.list().map((board) => board.name)).toEqual(['Final picks', 'Moodboard'])
  })

  it('puts a selection on a board once, shows it through the gallery filter, and takes it off', () => {
    const board = boards.create('Foxes')
    expect(boards.add(board.id, { kind: 'filter', filter: { text: 'fox' }, except: [] })).toBe(2)
    // Adding what is already there changes nothing; a list of ids adds only what is new.
    expect(boards.add(board.id, { kind: 'ids', ids: [ids[0] ?? '', ids[2] ?? ''] })).toBe(1)
    expect(onBoard(board.id).sort()).toEqual([ids[0], ids[1], ids[2]].sort())
    expect(boards.get(board.id)).toMatchObject({ count: 3 })
    expect(boards.get(board.id)?.cover).toHaveLength(3)
    expect(boards.boardsOf(ids[0] ?? '').map((b) => b.name)).toEqual(['Foxes'])

    // The filter combines with the others: text within a board.
    expect(
      gallery.page({ boardIds: [board.id], text: 'teapot' }, undefined, 10).items.map((i) => i.id)
    ).toEqual([ids[2]])
    expect(boards.remove(board.id, { kind: 'ids', ids: [ids[2] ?? '', ids[3] ?? ''] })).toBe(1)
    expect(onBoard(board.id).sort()).toEqual([ids[0], ids[1]].sort())
    expect(boards.add('no-such-board', { kind: 'ids', ids: [ids[0] ?? ''] })).toBeNull()
  })

  it('an image on several boards leaves all of them when it leaves the gallery; a deleted board leaves its images', () => {
    const a = boards.create('A')
    const b = boards.create('B')
    const target = ids[3] ?? ''
    boards.add(a.id, { kind: 'ids', ids: [target] })
    boards.add(b.id, { kind: 'ids', ids: [target] })
    expect(boards.boardsOf(target).map((x) => x.name)).toEqual(['A', 'B'])

    expect(boards.delete(a.id)).toBe(true)
    expect(gallery.page({}, undefined, 100).items.map((i) => i.id)).toContain(target)
    expect(boards.boardsOf(target).map((x) => x.name)).toEqual(['B'])

    new JobRepository(db, Date.now).deleteResults([target])
    expect(boards.get(b.id)).toMatchObject({ count: 0, cover: [] })
    expect(boards.delete(a.id)).toBe(false)
  })
  it('finds a free name as board names are compared: in any case and script, one board’s own name aside', () => {
    const strasse = boards.create('Straße')
    expect(boards.freeName('Bridges')).toBe('Bridges')
    expect(boards.freeName('STRASSE')).toBe('STRASSE (2)')
    boards.create('strasse (2)')
    expect(boards.freeName('Strasse')).toBe('Strasse (3)')
    // A board's own name does not take the name from it (a board renamed in another case).
    expect(boards.freeName('STRASSE', strasse.id)).toBe('STRASSE')
    expect(boards.create(boards.freeName('STRASSE')).name).toBe('STRASSE (3)')
  })
})
