import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { FolderMediaStore } from '../../../../src/main/locations/folderStore'
import { makeTempDir } from '../../../helpers/tempDir'
import { convergenceSuite, locationInterleavings } from './convergenceSuite'

const temp = makeTempDir('gs-sync-folder-')
afterAll(() => temp.cleanup())

convergenceSuite(
  'a shared folder',
  (run) => {
    const path = join(temp.dir, `run-${run}`)
    mkdirSync(path)
    return new FolderMediaStore({ path })
  },
  { interleavings: locationInterleavings(), edits: 1_000, seed: 20261130, timeout: 1_800_000 }
)
