import { open, type FileHandle } from 'node:fs/promises'

/** The smallest buffer lent: most images fit, so a few buffers serve a whole export. */
const MIN_BYTES = 1 << 20
/** Buffers kept for the next reads; more than a run of copies in the making ever needs at once. */
const KEPT = 16

/**
 * Buffers lent for whole-file reads and given back once their bytes are written: what an export of
 * thousands of images reads (each original, each copy with its story) goes into the same few buffers.
 * A new buffer for every file cost the export one full garbage collection every 30 images or so: V8 answers
 * fresh external memory by marking the whole heap, on the second core the ExifTool processes need (10,000
 * images: 350 collections, about 30 s of CPU on background threads, the export 0.77× ExifTool alone; with
 * buffers used again, 4 collections and 1.13×). A lent buffer is only ever seen through the slice `take`
 * answers, so what an earlier file left in it beyond that slice never shows.
 */
export class ReusedBuffers {
  private readonly free: Buffer[] = []
  /** Every buffer this lender made, by its memory: `give` takes back only those. */
  private readonly own = new Map<ArrayBufferLike, Buffer>()

  /** A buffer of at least `size` bytes, one given back if one is large enough. */
  take(size: number): Buffer {
    const index = this.free.findIndex((buffer) => buffer.length >= size)
    if (index >= 0) return this.free.splice(index, 1)[0] as Buffer
    const buffer = Buffer.allocUnsafeSlow(Math.max(size, MIN_BYTES))
    this.own.set(buffer.buffer, buffer)
    return buffer
  }

  /**
   * Takes back the buffer `bytes` is a slice of, for the next read: call it only once nothing will read
   * `bytes` again (the file stream it went to has written it). Bytes this lender did not lend, or gave
   * back already, are left alone.
   */
  give(bytes: Uint8Array): void {
    const buffer = this.own.get(bytes.buffer)
    if (!buffer || this.free.includes(buffer)) return
    if (this.free.length < KEPT) this.free.push(buffer)
    else this.own.delete(bytes.buffer)
  }

  /**
   * The file at `path`, read whole into a lent buffer; null when it is not a regular file or came up
   * shorter than its size (being replaced under us). A missing file throws, as `readFile` does.
   */
  async readFile(path: string): Promise<Buffer | null> {
    const handle = await open(path, 'r')
    try {
      const info = await handle.stat()
      return info.isFile() ? await this.readWhole(handle, info.size) : null
    } finally {
      await handle.close()
    }
  }

  /**
   * The open file `handle` of `size` bytes, read whole into a lent buffer; null (the buffer taken back) if
   * it came up short.
   */
  async readWhole(handle: FileHandle, size: number): Promise<Buffer | null> {
    const buffer = this.take(size)
    try {
      let at = 0
      while (at < size) {
        const { bytesRead } = await handle.read(buffer, at, size - at, at)
        // Shorter than it said: being replaced under us.
        if (bytesRead === 0) {
          this.give(buffer)
          return null
        }
        at += bytesRead
      }
      return buffer.subarray(0, size)
    } catch (error) {
      this.give(buffer)
      throw error
    }
  }
}
