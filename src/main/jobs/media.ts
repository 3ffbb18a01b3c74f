import type { LoopbackAllowance } from '../library/urlPolicy'

export type { LoopbackAllowance }

/** What the engine needs from the library; the library module implements it (tests may fake it). */
export interface MediaSink {
  /** Sniffs, stores (deduplicated) and returns the media id; throws for bytes that are not PNG/JPEG/WebP/MP4. */
  storeBytes(bytes: Uint8Array): Promise<{ id: string }>
  /** Downloads without any Authorization header, under the URL policy, capped and sniffed. */
  storeDownload(
    url: string,
    options: { allowLoopback: LoopbackAllowance; signal: AbortSignal; kind: 'image' | 'video' }
  ): Promise<{ id: string }>
  /**
   * `expired`: the host no longer has it; `rejected`: never retry; `transient`: try again later; `storage`:
   * our own disk refused the file (full, read-only): try again later, and say it of the disk, not the host.
   */
  classifyDownloadError(error: unknown): {
    kind: 'expired' | 'rejected' | 'transient' | 'storage'
    message: string
    /** The host's own "try again in", which the next attempt honours. */
    retryAfterMs?: number | undefined
  }
  /** Resolves once a stored image's thumbnail can be shown at once (bounded wait; never rejects). */
  thumbnailReady(mediaId: string): Promise<void>
  /** The stored bytes of a library item, to send as a reference image or an edit's input. */
  read(mediaId: string): Promise<{ bytes: Buffer; mime: string } | null>
}
