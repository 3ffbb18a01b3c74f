import { mkdirSync, chownSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocationError } from '../../../../src/main/locations/errors'
import { WebdavMediaStore } from '../../../../src/main/locations/webdavStore'
import { startAppendOnlyDav, type AppendOnlyDav } from '../../../helpers/appendOnlyDav'
import { makeTempDir } from '../../../helpers/tempDir'
import {
  CLEANUP_TIMEOUT_MS,
  convergenceSuite,
  locationInterleavings,
  locationTimeout
} from './convergenceSuite'

let dav: AppendOnlyDav
const drafts = makeTempDir('gs-sync-append-drafts-')
beforeAll(async () => {
  dav = await startAppendOnlyDav()
})
afterAll(async () => {
  await dav.stop()
  drafts.cleanup()
}, CLEANUP_TIMEOUT_MS)

const storeAt = (folder: string): WebdavMediaStore => {
  // The team's admin made the folder; the designer's credentials may only add to it.
  mkdirSync(join(dav.dir, folder))
  chownSync(join(dav.dir, folder), 33, 33)
  return new WebdavMediaStore({ url: `${dav.url}${folder}/` }, dav.credentials, { draftDir: drafts.dir })
}

describe('a WebDAV user who may only add: no delete, no overwrite [P42]', () => {
  it('is refused a delete and an overwrite by the server itself', async () => {
    const store = storeAt('policy')
    await store.put('objects/ab/one.png', Buffer.from('first'))
    const auth = `Basic ${Buffer.from(`${dav.credentials.username}:${dav.credentials.password}`).toString('base64')}`
    const url = `${dav.url}policy/objects/ab/one.png`
    expect((await fetch(url, { method: 'DELETE', headers: { authorization: auth } })).status).toBe(403)
    expect(
      (await fetch(url, { method: 'PUT', body: 'second', headers: { authorization: auth } })).status
    ).toBe(403)
    const refused = await store.remove('objects/ab/one.png').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(LocationError)
    expect((refused as LocationError).kind).toBe('denied')
    // Putting the same key again needs no write at all, so it is not refused.
    await store.put('objects/ab/one.png', Buffer.from('first'))
    expect((await store.read('objects/ab/one.png'))?.toString()).toBe('first')
  })
})

convergenceSuite('a WebDAV server that refuses every delete and overwrite', (run) => storeAt(`run-${run}`), {
  // Apache's answers are the slowest of the four servers: one interleaving here, 100 in `npm run soak:sync`.
  interleavings: locationInterleavings(1),
  edits: 1_000,
  seed: 20261133,
  timeout: locationTimeout(locationInterleavings(1))
})
