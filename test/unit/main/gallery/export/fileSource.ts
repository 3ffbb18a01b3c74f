import { createReadStream, statSync } from 'node:fs'
import type { MediaSource } from '../../../../../src/main/library'

/** A file of the test's own as the library's store would hand it over (type, size, a stream of it). */
export function fileSource(path: string, mime: MediaSource['mime'] = 'image/png'): MediaSource {
  return {
    mime,
    size: statSync(path).size,
    open: (range) => Promise.resolve(createReadStream(path, range ?? {}))
  }
}
