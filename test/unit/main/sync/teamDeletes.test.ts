import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../../src/main/db/connection'
import { BoardStore } from '../../../../src/main/gallery/boards'
import { LocationRepository } from '../../../../src/main/locations/repository'
import { TeamLinks } from '../../../../src/main/sync/links'
import { TeamDeletes } from '../../../../src/main/sync/teamDeletes'
import { makeTempDir } from '../../../helpers/tempDir'
import { seededGallery } from '../gallery/seeded'

const T0 = Date.UTC(2025, 4, 1, 12)

describe('deleting gallery images a team shares: what it does, and a delete for everyone kept', () => {
  const temp = makeTempDir('gs-team-deletes-')
  let db: Db
  let ids: string[]
  let deletes: TeamDeletes
  let links: TeamLinks
  const media = new Map<string, { mediaId: string; sha: string }>()
  let clock = T0
  let studio = ''
  let agency = ''
  let picks = ''
  let moods = ''

  beforeAll(async () => {
    ;({ db, ids } = await seededGallery(temp.dir, ['fox', 'owl', 'cat', 'elk'], T0))
    for (const row of db
      .prepare(
        `SELECT r.id, m.id AS mediaId, m.sha256 AS sha FROM results r JOIN media m ON m.id = r.media_id`
      )
      .all() as Array<{ id: string; mediaId: string; sha: string }>)
      media.set(row.id, { mediaId: row.mediaId, sha: row.sha })
    const locations = new LocationRepository(db, () => ++clock)
    const save = (name: string): string =>
      locations.save({ name, settings: { kind: 'folder', path: `/mnt/${name}` } }, () => undefined).id
    studio = save('Studio bucket')
    agency = save('Agency share')
    const boards = new BoardStore(db, () => ++clock)
    picks = boards.create('Picks').id
    moods = boards.create('Moods').id
    const [fox = '', owl = '', cat = ''] = ids
    boards.add(picks, { kind: 'ids', ids: [fox, owl, cat] })
    boards.add(moods, { kind: 'ids', ids: [fox] })
    links = new TeamLinks(db)
    deletes = new TeamDeletes(db, () => ++clock)
    // Picks is the team board "picksteam" at the studio; fox and owl are on it as agreed at the last sync,
    // cat was put on it here since (not sent yet). Moods is "moodsteam" at the agency, with fox.
    links.link(studio, 'board', 'picksteam', picks)
    links.link(agency, 'board', 'moodsteam', moods)
    const of = (id: string) => media.get(id) ?? { mediaId: '', sha: '' }
    for (const id of [fox, owl]) links.link(studio, 'image', of(id).sha, of(id).mediaId)
    links.link(agency, 'image', of(fox).sha, of(fox).mediaId)
    links.setBase(studio, 'member', new Map([fox, owl].map((id) => [`picksteam/${of(id).sha}`, ''])))
    links.setBase(agency, 'member', new Map([[`moodsteam/${of(fox).sha}`, '']]))
  })
  afterAll(() => {
    db.close()
    temp.cleanup()
  })

  const id = (i: number): string => ids[i] ?? ''
  const sha = (i: number): string => media.get(id(i))?.sha ?? ''

  it('names the team boards images are on, counted once each, and how many a team library holds', () => {
    expect(deletes.impact([id(0), id(1), id(2), id(3)])).toEqual({
      onBoards: 2,
      boards: [
        { locationId: agency, location: 'Agency share', boardId: moods, board: 'Moods', images: 1 },
        { locationId: studio, location: 'Studio bucket', boardId: picks, board: 'Picks', images: 2 }
      ],
      inLibrary: 2
    })
  })

  it('says nothing of an image put on a shared board since the last sync, or on no shared board', () => {
    // Cat is on Picks here only: deleting it takes it off no teammate's board.
    expect(deletes.impact([id(2), id(3)])).toEqual({ onBoards: 0, boards: [], inLibrary: 0 })
  })

  it('keeps a delete for everyone for each location whose library holds the image, once, until sent', () => {
    deletes.forEveryone([media.get(id(0))?.mediaId ?? '', media.get(id(3))?.mediaId ?? ''])
    deletes.forEveryone([media.get(id(0))?.mediaId ?? ''])
    deletes.forEveryone([media.get(id(1))?.mediaId ?? ''])
    expect(deletes.pending(studio)).toEqual([sha(0), sha(1)])
    expect(deletes.pending(agency)).toEqual([sha(0)])
    deletes.sent(studio, [sha(0)])
    expect(deletes.pending(studio)).toEqual([sha(1)])
    expect(deletes.pending(agency)).toEqual([sha(0)])
    // A location moved to another place forgets what was asked of the old one.
    deletes.forget(agency)
    expect(deletes.pending(agency)).toEqual([])
    expect(deletes.pending(studio)).toEqual([sha(1)])
  })

  it('goes with its location when the location is removed', () => {
    new LocationRepository(db, () => ++clock).remove(studio)
    expect(deletes.pending(studio)).toEqual([])
  })
})
