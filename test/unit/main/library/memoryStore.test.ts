import { MemoryMediaStore } from '../../../../src/main/library/memoryStore'
import { mediaStoreConformance } from './mediaStoreConformance'

mediaStoreConformance('the memory store', () => new MemoryMediaStore(), { dated: false })
