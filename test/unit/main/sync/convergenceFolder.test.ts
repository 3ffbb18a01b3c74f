import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { FolderMediaStore } from '../../../../src/main/locations/folderStore'
import { makeTempDir } from '../../../helpers/tempDir'
import {
  CLEANUP_TIMEOUT_MS,
  convergenceSuite,
  locationInterleavings,
  locationTimeout
} from './convergenceSuite'

const temp = makeTempDir('gs-sync-folder-')
afterAll(() => temp.cleanup(), CLEANUP_TIMEOUT_MS)

convergenceSuite(
  'a shared folder',
  (run) => {
    const path = join(temp.dir, `run-${run}`)
    mkdirSync(path)
    return new FolderMediaStore({ path })
  },
  {
    interleavings: locationInterleavings(),
    edits: 1_000,
    seed: 20261130,
    timeout: locationTimeout(locationInterleavings())
  }
)
