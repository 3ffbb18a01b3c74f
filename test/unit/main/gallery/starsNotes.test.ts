import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDispatcher, type CommandHandlers, type Dispatch } from '../../../../src/main/contract/dispatch'
import type { Db } from '../../../../src/main/db/connection'
import { GalleryStore } from '../../../../src/main/gallery/store'
import { JobRepository } from '../../../../src/main/jobs/repository'
import { createGalleryHandlers, type GalleryDeps } from '../../../../src/main/services/gallery'
import { NOTE_MAX } from '../../../../src/shared/schemas/gallery'
import { makeTempDir } from '../../../helpers/tempDir'
import { seededGallery } from './seeded'

const T0 = Date.UTC(2025, 4, 1, 12)

describe('stars and notes on gallery images', () => {
  const temp = makeTempDir('gs-stars-')
  let db: Db
  let gallery: GalleryStore
  let jobs: JobRepository
  let dispatch: Dispatch
  let ids: string[]
  let clock = 1_000

  beforeAll(async () => {
    ;({ db, ids } = await seededGallery(temp.dir, ['red fox', 'blue fox', 'teapot'], T0))
    gallery = new GalleryStore(db)
    jobs = new JobRepository(db, () => ++clock)
    // Only what these two commands use; the rest of the gallery's parts are never reached.
    const deps = { store: gallery, jobs, profileName: () => null } as Partial<GalleryDeps> as GalleryDeps
    dispatch = createDispatcher(createGalleryHandlers(deps) as CommandHandlers)
  })
  afterAll(() => {
    db.close()
    temp.cleanup()
  })

  const call = async (name: string, input: unknown): Promise<unknown> => {
    const result = await dispatch(name, input)
    if (!result.ok) throw Object.assign(new Error(result.error.message), result.error)
    return result.value
  }
  const ratings = (): Record<string, number> =>
    Object.fromEntries(gallery.page({}, undefined, 100).items.map((item) => [item.id, item.rating]))
  // Read when a test runs: the ids are known only once the images are seeded.
  const fox = (): string => ids[0] ?? ''
  const blueFox = (): string => ids[1] ?? ''
  const teapot = (): string => ids[2] ?? ''

  it('rates a list of images, says how many changed, and shows the stars on the tiles and in the details', async () => {
    expect(Object.values(ratings())).toEqual([0, 0, 0])
    expect(
      await call('gallery.setRating', { selection: { kind: 'ids', ids: [fox(), teapot()] }, rating: 4 })
    ).toEqual({
      changed: 2
    })
    // The same stars again change nothing, and say so.
    expect(await call('gallery.setRating', { selection: { kind: 'ids', ids: [fox()] }, rating: 4 })).toEqual({
      changed: 0
    })
    expect(ratings()).toEqual({ [fox()]: 4, [blueFox()]: 0, [teapot()]: 4 })
    expect(gallery.detail(fox(), () => null)).toMatchObject({ rating: 4, note: '' })
  })

  it('rates everything a filter matches but the exceptions, and clears with 0', async () => {
    const changed = await call('gallery.setRating', {
      selection: { kind: 'filter', filter: { text: 'fox' }, except: [blueFox()] },
      rating: 0
    })
    expect(changed).toEqual({ changed: 1 })
    expect(ratings()).toEqual({ [fox()]: 0, [blueFox()]: 0, [teapot()]: 4 })
  })

  it('keeps a note whole, clears it with an empty one, and refuses one for an image not in the gallery', async () => {
    const note = 'Warmer light next time.\n第二行：保留构图。'
    expect(await call('gallery.setNote', { id: teapot(), note })).toEqual({ id: teapot(), note })
    expect(gallery.detail(teapot(), () => null)).toMatchObject({ rating: 4, note })
    const longest = '字'.repeat(NOTE_MAX)
    await call('gallery.setNote', { id: teapot(), note: longest })
    expect(gallery.detail(teapot(), () => null)?.note).toBe(longest)
    await call('gallery.setNote', { id: teapot(), note: '' })
    expect(gallery.detail(teapot(), () => null)?.note).toBe('')
    await expect(call('gallery.setNote', { id: 'no-such-image', note })).rejects.toMatchObject({
      code: 'not_found',
      message: 'That image is no longer in the gallery.'
    })
  })

  it('refuses stars outside 0 to 5 and a note over 4,000 characters, changing nothing [P42]', async () => {
    for (const rating of [6, -1, 2.5]) {
      await expect(
        call('gallery.setRating', { selection: { kind: 'ids', ids: [fox()] }, rating })
      ).rejects.toMatchObject({ code: 'invalid_input' })
    }
    await expect(
      call('gallery.setNote', { id: fox(), note: 'x'.repeat(NOTE_MAX + 1) })
    ).rejects.toMatchObject({ code: 'invalid_input' })
    expect(gallery.detail(fox(), () => null)).toMatchObject({ rating: 0, note: '' })
  })

  it('writes a mark only when it changes it (the row keeps its time otherwise)', () => {
    const updatedAt = (): number =>
      (db.prepare('SELECT updated_at AS at FROM results WHERE id = ?').get(blueFox()) as { at: number }).at
    expect(jobs.setNote(blueFox(), 'one')).toBe(true)
    const first = updatedAt()
    expect(jobs.setNote(blueFox(), 'one')).toBe(false)
    expect(jobs.setRatings([blueFox()], 0)).toBe(0)
    expect(updatedAt()).toBe(first)
    expect(jobs.setRatings([blueFox(), 'gone'], 2)).toBe(1)
    expect(updatedAt()).toBeGreaterThan(first)
    expect(jobs.setRatings([], 3)).toBe(0)
  })
})
