import { MemoryMediaStore } from '../../../../src/main/library/memoryStore'
import { convergenceSuite } from './convergenceSuite'

convergenceSuite('a location in memory', () => new MemoryMediaStore(), {
  interleavings: 100,
  edits: 1_000,
  seed: 20261129,
  timeout: 120_000
})
