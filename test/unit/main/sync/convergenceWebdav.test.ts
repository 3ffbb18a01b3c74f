import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { WebdavMediaStore } from '../../../../src/main/locations/webdavStore'
import { makeTempDir } from '../../../helpers/tempDir'
import { startWebdavServer, type WebdavServer } from '../../../helpers/webdavServer'
import {
  CLEANUP_TIMEOUT_MS,
  convergenceSuite,
  locationInterleavings,
  locationTimeout
} from './convergenceSuite'

let server: WebdavServer
const drafts = makeTempDir('gs-sync-webdav-drafts-')
beforeAll(async () => {
  server = await startWebdavServer()
})
afterAll(async () => {
  await server.stop()
  drafts.cleanup()
}, CLEANUP_TIMEOUT_MS)

convergenceSuite(
  'a WebDAV server',
  (run) => {
    // The store never makes its base folder (a missing one is a wrong address): the team made it.
    mkdirSync(join(server.dir, `run-${run}`))
    return new WebdavMediaStore({ url: `${server.url}run-${run}/` }, server.credentials, {
      draftDir: drafts.dir
    })
  },
  {
    interleavings: locationInterleavings(),
    edits: 1_000,
    seed: 20261132,
    timeout: locationTimeout(locationInterleavings())
  }
)
