import { afterAll, beforeAll } from 'vitest'
import { S3MediaStore } from '../../../../src/main/locations/s3Store'
import { startS3Server, type S3TestServer } from '../../../helpers/s3Server'
import { makeTempDir } from '../../../helpers/tempDir'
import {
  CLEANUP_TIMEOUT_MS,
  convergenceSuite,
  locationInterleavings,
  locationTimeout
} from './convergenceSuite'

let server: S3TestServer
const drafts = makeTempDir('gs-sync-s3-drafts-')
const stores: S3MediaStore[] = []
beforeAll(async () => {
  server = await startS3Server({ buckets: ['team-library'] })
})
afterAll(async () => {
  for (const store of stores) store.close()
  await server.stop()
  drafts.cleanup()
}, CLEANUP_TIMEOUT_MS)

/** Object keys the server received more than one PUT for (a second write of a key would replace it). */
function overwrites(): number {
  const puts = new Map<string, number>()
  for (const { method, path } of server.requests) {
    // Whole-object PUTs (SDK v3 adds `?x-id=PutObject`); a multipart part carries an uploadId.
    if (method !== 'PUT' || path.includes('uploadId=')) continue
    const key = path.split('?')[0] ?? path
    puts.set(key, (puts.get(key) ?? 0) + 1)
  }
  // Nothing counted would mean the count reads the log wrongly, not that nothing was overwritten.
  if (puts.size === 0) throw new Error('the S3 server saw no PUT: the count is broken')
  return [...puts.values()].filter((count) => count > 1).length
}

convergenceSuite(
  'an S3-compatible bucket',
  (run) => {
    const store = new S3MediaStore(
      {
        endpoint: server.endpoint,
        region: 'us-east-1',
        bucket: 'team-library',
        prefix: `run-${run}/`,
        pathStyle: true
      },
      server.credentials,
      { draftDir: drafts.dir }
    )
    stores.push(store)
    return store
  },
  {
    interleavings: locationInterleavings(),
    edits: 1_000,
    seed: 20261131,
    timeout: locationTimeout(locationInterleavings()),
    overwrites
  }
)
