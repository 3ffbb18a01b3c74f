import { join } from 'node:path'
import type { Db } from '../../../../src/main/db/connection'
import { DiskMediaStore } from '../../../../src/main/library/diskStore'
import { Library } from '../../../../src/main/library/store'
import { systemClock } from '../../../../src/main/time/clock'
import { makeImages, seedResults, storeImages } from '../../../e2e/support/gallerySeed'
import { openLibraryDb } from '../library/helpers'

/**
 * A gallery in `dir` of one stored image per prompt, each made at `at + i` ms (the first is the oldest): the
 * database and the gallery ids of the images, in the order of the prompts.
 */
export async function seededGallery(
  dir: string,
  prompts: readonly string[],
  at: number
): Promise<{ db: Db; ids: string[] }> {
  const db = openLibraryDb(join(dir, 'studio.db'))
  const library = new Library(db, new DiskMediaStore(join(dir, 'library')), { clock: systemClock })
  const media = (await storeImages(library, await makeImages(prompts.length, { size: 32 }))).map((m) => m.id)
  const seeded = seedResults(
    db,
    prompts.map((prompt, i) => ({ mediaId: media[i] ?? '', prompt, createdAt: at + i }))
  )
  return { db, ids: seeded.flatMap((job) => job.resultIds) }
}
