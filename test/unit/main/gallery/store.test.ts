import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../../src/main/db/connection'
import { decodeCursor, encodeCursor, filterConditions, ftsWords } from '../../../../src/main/gallery/query'
import { BadCursorError, GalleryStore, seedOf } from '../../../../src/main/gallery/store'
import { Library } from '../../../../src/main/library/store'
import { JobRepository } from '../../../../src/main/jobs/repository'
import type { GalleryFilter } from '../../../../src/shared/schemas/gallery'
import { makeImages, seedResults, storeImages } from '../../../e2e/support/gallerySeed'
import { makeTempDir } from '../../../helpers/tempDir'
import { openLibraryDb } from '../library/helpers'
import { systemClock } from '../../../../src/main/time/clock'
import { DiskMediaStore } from '../../../../src/main/library/diskStore'

const DAY = 86_400_000
const T0 = Date.UTC(2025, 4, 1, 12)

describe('gallery query builder and store', () => {
  const temp = makeTempDir('gs-gallery-')
  let db: Db
  let store: GalleryStore
  let media: string[]
  let seeded: { jobId: string; resultIds: string[] }[]

  beforeAll(async () => {
    db = openLibraryDb(join(temp.dir, 'studio.db'))
    const library = new Library(db, new DiskMediaStore(join(temp.dir, 'library')), { clock: systemClock })
    media = (await storeImages(library, await makeImages(4, { size: 32 }))).map((m) => m.id)
    seeded = seedResults(db, [
      { mediaId: media[0] ?? '', prompt: 'a red fox in snow', createdAt: T0, model: 'studio-image-v3' },
      {
        mediaId: media[1] ?? '',
        prompt: 'lighthouse at dawn',
        revisedPrompt: 'a tall striped lighthouse under a pink sky',
        createdAt: T0 + DAY,
        model: 'wan-image',
        endpoint: '/v1/images/partner-b',
        profileId: 'team',
        favorite: true
      },
      {
        mediaId: media[2] ?? '',
        prompt: 'teapot "quoted" OR NEAR(x) col:umn -minus *star',
        createdAt: T0 + 2 * DAY,
        model: 'wan-image',
        endpoint: '/v1/images/partner-b',
        params: { seed: 42 },
        usage: { generated_images: 1 }
      },
      // Three images of one job at the same instant: ties that paging must neither skip nor repeat.
      {
        mediaId: media[3] ?? '',
        prompt: 'four seasons',
        createdAt: T0 + 3 * DAY,
        model: 'seedream-stream',
        endpoint: '/partner-a/v3/images/generations',
        usage: { generated_images: 3, total_tokens: 783 },
        more: [{ mediaId: media[0] ?? '' }, { mediaId: media[1] ?? '', revisedPrompt: 'winter fox' }]
      }
    ])
    store = new GalleryStore(db)
  })
  afterAll(() => {
    db.close()
    temp.cleanup()
  })

  const ids = (filter: GalleryFilter): string[] => store.page(filter, undefined, 500).items.map((i) => i.id)
  const jobOf = (n: number): string[] => seeded[n]?.resultIds ?? []

  it('lists every stored image newest first, ties broken by id', () => {
    const page = store.page({}, undefined, 500)
    expect(page.matching).toBe(6)
    expect(page.items).toHaveLength(6)
    const times = page.items.map((i) => i.createdAt)
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect(page.items.slice(0, 3).map((i) => i.id)).toEqual([...jobOf(3)].sort().reverse())
    expect(page.nextCursor).toBeNull()
  })

  it('pages with a cursor without skipping or repeating rows, even across ties', () => {
    const seen: string[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const page = store.page({}, cursor, 2)
      if (pages > 0) expect(page.matching).toBeNull()
      seen.push(...page.items.map((i) => i.id))
      cursor = page.nextCursor ?? undefined
      pages++
    } while (cursor)
    expect(pages).toBe(3)
    expect(seen).toEqual(ids({}))
  })

  it('jumps to any position with an offset, counting the matches as a first page does', () => {
    const all = ids({})
    for (const offset of [0, 2, 5, 6]) {
      const page = store.page({}, undefined, 2, offset)
      expect(page.items.map((i) => i.id)).toEqual(all.slice(offset, offset + 2))
      expect(page.matching).toBe(6)
    }
    expect(store.page({ models: ['wan-image'] }, undefined, 1, 1).items.map((i) => i.id)).toEqual(jobOf(1))
    expect(store.page({ text: 'fox' }, undefined, 1, 1).items.map((i) => i.id)).toEqual(jobOf(0))
  })

  it('pages a text search by its search keys without skipping or repeating', () => {
    const first = store.page({ text: 'fox' }, undefined, 1)
    expect(first.matching).toBe(2)
    expect(decodeCursor(first.nextCursor ?? '')).toMatchObject({ key: expect.any(Number) as number })
    const second = store.page({ text: 'fox' }, first.nextCursor ?? undefined, 1)
    expect([...first.items, ...second.items].map((i) => i.id)).toEqual(ids({ text: 'fox' }))
    expect(second.nextCursor).toBeNull()
    expect(decodeCursor(Buffer.from('["k",0]').toString('base64url'))).toBeNull()
  })

  it('refuses a cursor it did not make', () => {
    expect(() => store.page({}, 'bm90LWEtY3Vyc29y', 10)).toThrow(BadCursorError)
    expect(decodeCursor(encodeCursor({ createdAt: 5, id: 'abc' }))).toEqual({ createdAt: 5, id: 'abc' })
    for (const bad of [
      '',
      '!!!',
      Buffer.from('[1]').toString('base64url'),
      Buffer.from('[1.5,"a"]').toString('base64url')
    ])
      expect(decodeCursor(bad)).toBeNull()
  })

  it('filters by model, endpoint, profile, date range and favourites', () => {
    expect(ids({ models: ['wan-image'] })).toEqual([jobOf(2)[0], jobOf(1)[0]])
    expect(ids({ endpoints: ['/partner-a/v3/images/generations'] })).toHaveLength(3)
    expect(ids({ profileIds: ['team'] })).toEqual(jobOf(1))
    expect(ids({ from: T0 + DAY, to: T0 + 2 * DAY })).toEqual(jobOf(1))
    expect(ids({ favoritesOnly: true })).toEqual(jobOf(1))
    expect(ids({ models: ['wan-image'], favoritesOnly: true, to: T0 + 2 * DAY })).toEqual(jobOf(1))
    expect(ids({ models: ['nothing'] })).toEqual([])
  })

  it('searches prompts and revised prompts as word prefixes', () => {
    expect(ids({ text: 'fox' })).toEqual([jobOf(3)[2], jobOf(0)[0]])
    expect(ids({ text: 'lightho' })).toEqual(jobOf(1))
    // "striped" is only in the revised prompt of one image.
    expect(ids({ text: 'striped' })).toEqual(jobOf(1))
    // Words may come from the prompt and the revised prompt of the same image.
    expect(ids({ text: 'seasons winter' })).toEqual([jobOf(3)[2]])
    expect(ids({ text: 'FOX' })).toHaveLength(2)
    expect(ids({ text: '   ' })).toHaveLength(6)
  })

  it('treats FTS syntax typed by the user as plain words', () => {
    for (const text of [
      '"',
      '""',
      'OR',
      'NEAR(x',
      'col:umn',
      '-minus',
      '*',
      '^',
      '(',
      'a AND',
      '"quoted',
      "'",
      'teapot)'
    ])
      expect(() => ids({ text })).not.toThrow()
    expect(ids({ text: 'NEAR(x)' })).toEqual(jobOf(2))
    expect(ids({ text: 'col:umn' })).toEqual(jobOf(2))
    expect(ids({ text: '"quoted"' })).toEqual(jobOf(2))
    expect(ftsWords('a "b" !! c')).toEqual(['"a"*', '"""b"""*', '"c"*'])
  })

  it('binds every value: a filter never puts user text into the SQL', () => {
    const evil = "x') OR 1=1 --"
    const where = filterConditions({ models: [evil], endpoints: [evil], profileIds: [evil], text: evil })
    expect(where.sql).not.toContain(evil)
    expect(where.sql).not.toContain('1=1')
    expect(ids({ models: [evil] })).toEqual([])
  })

  it('resolves selections: ids (stored images only) and filter minus exceptions', () => {
    const all = ids({})
    expect(store.rows({ kind: 'ids', ids: [all[0] ?? '', 'nope'] }).map((r) => r.id)).toEqual([all[0]])
    const rows = store.rows({
      kind: 'filter',
      filter: { models: ['wan-image'] },
      except: [jobOf(2)[0] ?? '']
    })
    expect(rows.map((r) => r.id)).toEqual(jobOf(1))
    expect(rows[0]).toMatchObject({ model: 'wan-image', profileId: 'team', storedInJob: 1 })
  })

  it('lists a selection in the order the grid showed it: ids as sent (once each), a filter as its pages', () => {
    const all = ids({})
    const reversed = [...all].reverse()
    expect(store.rows({ kind: 'ids', ids: [...reversed, all[0] ?? ''] }).map((r) => r.id)).toEqual(reversed)
    // A result created before another but stored after it: search pages go by storage, the rest by creation.
    const winter = ids({ text: 'winter' })[0] ?? ''
    const move = db.prepare('UPDATE results SET created_at = created_at + ? WHERE id = ?')
    move.run(-10 * DAY, winter)
    try {
      expect(ids({ text: 'fox' })[0]).toBe(winter)
      expect(ids({}).at(-1)).toBe(winter)
      for (const filter of [{}, { text: 'fox' }, { text: 'four' }, { favoritesOnly: true }]) {
        const shown = store.page(filter, undefined, 100).items.map((item) => item.id)
        expect(store.rows({ kind: 'filter', filter, except: [] }).map((r) => r.id)).toEqual(shown)
      }
    } finally {
      move.run(10 * DAY, winter)
    }
  })

  it('gives facets with counts and the full detail of one image', () => {
    const facets = store.facets((id) => `name of ${id}`)
    expect(facets).toMatchObject({ total: 6, favorites: 1 })
    expect(facets.models[0]).toEqual({ value: 'seedream-stream', count: 3 })
    expect(facets.profiles).toContainEqual({ value: 'team', count: 1, name: 'name of team' })
    const detail = store.detail(jobOf(2)[0] ?? '', () => 'Demo')
    expect(detail).toMatchObject({
      seed: 42,
      model: 'wan-image',
      prompt: 'teapot "quoted" OR NEAR(x) col:umn -minus *star',
      params: { model: 'wan-image', seed: 42 },
      imagesInJob: 1,
      profileName: 'Demo',
      // The request made this one image: its usage is the image's own.
      imageUsage: { generated_images: 1 },
      // Seeded as bytes, never as an address on the gateway.
      fromAddress: false
    })
    // One request made three images and reported usage for all of them: none of it is one image's.
    expect(store.detail(jobOf(3)[1] ?? '', () => 'Demo')).toMatchObject({
      usage: { generated_images: 3, total_tokens: 783 },
      imagesInJob: 3,
      imageUsage: null
    })
    expect(store.detail('missing', () => null)).toBeNull()
  })

  it('finds the seed wherever the endpoint keeps it', () => {
    expect(seedOf({ body: { seed: 7 } })).toBe(7)
    expect(seedOf({ body: { extra: { seed: '9' } } })).toBe('9')
    expect(seedOf({ body: { fields: { seed: 3 } } })).toBe(3)
    expect(seedOf({ body: {} })).toBeNull()
    expect(seedOf(null)).toBeNull()
  })

  it('names what a selection holds; the job repository deletes it with its search rows', () => {
    const target = jobOf(3)[2] ?? ''
    const doomed = store.selected({ kind: 'ids', ids: [target] })
    expect(doomed).toEqual([{ id: target, jobId: seeded[3]?.jobId, mediaId: media[1] }])
    new JobRepository(db, Date.now).deleteResults(doomed.map((row) => row.id))
    expect(ids({})).not.toContain(target)
    expect(ids({ text: 'winter' })).toEqual([])
    expect(db.prepare('SELECT COUNT(*) AS n FROM search_index WHERE result_id = ?').get(target)).toEqual({
      n: 0
    })
  })
})
