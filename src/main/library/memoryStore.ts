import { Readable } from 'node:stream'
import {
  BadKey,
  checkKey,
  checkPrefix,
  type ByteRange,
  type ListedObject,
  type MediaStore,
  type ObjectDraft
} from './mediaStore'

/**
 * The media store in memory: the smallest complete implementation of the port, for tests that want a
 * library without a disk, and the second implementation the conformance suite runs against (so the
 * suite proves the port, not the disk store's habits). Objects vanish with the process.
 */
export class MemoryMediaStore implements MediaStore {
  private readonly objects = new Map<string, Buffer>()

  async put(key: string, data: Uint8Array, onVisible?: () => void): Promise<void> {
    await Promise.resolve()
    // A copy: the caller may reuse its buffer, and an object never changes once kept.
    this.objects.set(checkKey(key), Buffer.from(data))
    onVisible?.()
  }

  async begin(prefix: string): Promise<ObjectDraft> {
    await Promise.resolve()
    checkPrefix(prefix)
    const chunks: Buffer[] = []
    let written = 0
    let open = true
    return {
      get bytesWritten() {
        return written
      },
      localFile: null,
      write: (chunk) => {
        if (!open) return Promise.reject(new Error('the draft is closed'))
        chunks.push(Buffer.from(chunk))
        written += chunk.length
        return Promise.resolve()
      },
      commit: (key, onVisible) => {
        if (!open) return Promise.reject(new Error('the draft is closed'))
        open = false
        if (!key.startsWith(prefix) || key.slice(prefix.length).includes('/'))
          return Promise.reject(new BadKey(key))
        return this.put(key, Buffer.concat(chunks), onVisible)
      },
      abort: () => {
        open = false
        chunks.length = 0
        return Promise.resolve()
      }
    }
  }

  open(key: string, range?: ByteRange): Promise<Readable | null> {
    const data = this.get(key)
    if (!data) return Promise.resolve(null)
    return Promise.resolve(Readable.from([range ? data.subarray(range.start, range.end + 1) : data]))
  }

  read(key: string): Promise<Buffer | null> {
    const data = this.get(key)
    return Promise.resolve(data ? Buffer.from(data) : null)
  }

  stat(key: string): Promise<{ size: number } | null> {
    const data = this.get(key)
    return Promise.resolve(data ? { size: data.length } : null)
  }

  remove(key: string): Promise<boolean> {
    const known = this.get(key) !== null
    if (known) this.objects.delete(key)
    return Promise.resolve(known)
  }

  /** No time with each object: this store has no clock, so what reads an age keeps these. */
  async *list(prefix = ''): AsyncIterable<ListedObject> {
    await Promise.resolve()
    for (const [key, data] of this.objects) if (key.startsWith(prefix)) yield { key, size: data.length }
  }

  /** Nothing survives a crash here, so nothing is left behind by one. */
  sweep(): number {
    return 0
  }

  localFile(): string | null {
    return null
  }

  private get(key: string): Buffer | null {
    try {
      return this.objects.get(checkKey(key)) ?? null
    } catch {
      return null
    }
  }
}
