import { storageFaultOf } from '../dataFolder/storageFaults'
import { isMediaError, type Library } from '../library'
import type { MediaSink } from './media'

/** The engine's view of the library: store, download, classify failures, read back for uploads. */
export function librarySink(library: Library): MediaSink {
  return {
    storeBytes: (bytes) => library.storeBytes(bytes),
    storeDownload: (url, { allowLoopback, signal, kind }) =>
      library.storeDownload(url, { allowLoopback, signal, expect: kind }),
    classifyDownloadError: (error) => {
      if (isMediaError(error))
        return { kind: error.kind, message: error.message, retryAfterMs: error.retryAfterMs }
      const message = error instanceof Error ? error.message : String(error)
      return { kind: storageFaultOf(error) === null ? 'transient' : 'storage', message }
    },
    thumbnailReady: (mediaId) => library.thumbnailReady(mediaId),
    read: (mediaId) => library.read(mediaId)
  }
}
