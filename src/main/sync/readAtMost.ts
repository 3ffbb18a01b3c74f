import type { MediaStore } from '../library/mediaStore'

/** An object longer than its reader takes: read no further than that, and not used. */
export const TOO_LARGE = Symbol('too large')

const MiB = 1024 * 1024

/**
 * The most a change-log segment or a snapshot may be: about what one JavaScript string can hold, and
 * far more than a million images' records. A longer one is a teammate's damaged or hostile file.
 */
export const LOG_MAX_BYTES = 500 * MiB

/** The most a Clean up notice may be: it names keys, tens of bytes each. */
export const NOTICE_MAX_BYTES = 64 * MiB

/**
 * An object's bytes, read as a stream and stopped as soon as it is longer than `maxBytes`: whatever a
 * location says an object holds (another device wrote it), the app never keeps more of it in memory than
 * its reader asked for. Null when there is no such object.
 */
export async function readAtMost(
  store: MediaStore,
  key: string,
  maxBytes: number
): Promise<Buffer | null | typeof TOO_LARGE> {
  const stream = await store.open(key)
  if (!stream) return null
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    size += bytes.length
    if (size > maxBytes) {
      stream.destroy()
      return TOO_LARGE
    }
    chunks.push(bytes)
  }
  return Buffer.concat(chunks, size)
}
