import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import type { ByteRange } from '../../../../src/main/library/mediaStore'
import { MemoryMediaStore } from '../../../../src/main/library/memoryStore'
import { readImageObject } from '../../../../src/main/sync/cleanUpNotices'
import { objectKey, spareKey } from '../../../../src/main/sync/layout'
import { readAtMost, TOO_LARGE } from '../../../../src/main/sync/readAtMost'

const CHUNK = 64 * 1024

/** A location whose object `endless` never ends: it counts how much of it was handed out. */
class EndlessStore extends MemoryMediaStore {
  given = 0
  override open(key: string, range?: ByteRange): Promise<Readable | null> {
    if (key !== 'endless') return super.open(key, range)
    const chunk = Buffer.alloc(CHUNK, 7)
    const count = (): void => {
      this.given += CHUNK
    }
    return Promise.resolve(
      Readable.from(
        (function* () {
          for (;;) {
            count()
            yield chunk
          }
        })()
      )
    )
  }
}

const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

describe('reading what another device wrote', () => {
  it('stops reading an object as soon as it is longer than asked for', async () => {
    const store = new EndlessStore()
    expect(await readAtMost(store, 'endless', 1024 * 1024)).toBe(TOO_LARGE)
    // Read no further than the limit and what the stream had buffered ahead.
    expect(store.given).toBeGreaterThan(1024 * 1024)
    expect(store.given).toBeLessThan(1024 * 1024 + 20 * CHUNK)
  })

  it('answers an object within the limit whole, and null for none', async () => {
    const store = new MemoryMediaStore()
    await store.put('small', Buffer.from('four'))
    expect((await readAtMost(store, 'small', 4))?.toString()).toBe('four')
    expect(await readAtMost(store, 'small', 3)).toBe(TOO_LARGE)
    expect(await readAtMost(store, 'missing', 10)).toBeNull()
  })

  it('passes over an image object longer than its record says, and takes a spare copy that fits', async () => {
    const store = new MemoryMediaStore()
    const bytes = Buffer.from('the image a teammate published')
    const hash = sha(bytes)
    // A record that names the image with a smaller size than its object holds is not followed past it.
    await store.put(objectKey(hash, 'image/png'), Buffer.concat([bytes, Buffer.alloc(4096)]))
    expect(await readImageObject(store, hash, 'image/png', bytes.length)).toBeNull()
    await store.put(spareKey(hash, 'image/png', 'deviceb01', 'a1b2c3d4e5f60718'), bytes)
    expect(sha((await readImageObject(store, hash, 'image/png', bytes.length)) ?? Buffer.alloc(0))).toBe(hash)
  })
})
