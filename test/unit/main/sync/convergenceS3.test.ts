import { afterAll, beforeAll } from 'vitest'
import { S3MediaStore } from '../../../../src/main/locations/s3Store'
import { startS3Server, type S3TestServer } from '../../../helpers/s3Server'
import { makeTempDir } from '../../../helpers/tempDir'
import { convergenceSuite, locationInterleavings } from './convergenceSuite'

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
})

/** Object keys the server received more than one PUT for (a second write of a key would replace it). */
function overwrites(): number {
  const puts = new Map<string, number>()
  for (const { method, path } of server.requests) {
    if (method !== 'PUT' || path.includes('?')) continue
    puts.set(path, (puts.get(path) ?? 0) + 1)
  }
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
  { interleavings: locationInterleavings(), edits: 1_000, seed: 20261131, timeout: 1_800_000, overwrites }
)
