import { writeFileSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ReusedBuffers } from '../../../../src/main/library/reusedBuffers'
import { makeTempDir } from '../../../helpers/tempDir'

describe('buffers lent for whole-file reads', () => {
  const temp = makeTempDir('gs-reused-')

  it('lends a buffer given back to the next read that fits in it, and a new one otherwise', () => {
    const buffers = new ReusedBuffers()
    const first = buffers.take(300_000)
    expect(first.length).toBeGreaterThanOrEqual(300_000)
    buffers.give(first.subarray(0, 300_000))
    expect(buffers.take(200_000)).toBe(first)
    // Lent out again: the next read gets another buffer.
    expect(buffers.take(200_000)).not.toBe(first)
    const large = buffers.take(first.length + 1)
    expect(large.length).toBe(first.length + 1)
  })

  it('takes back only what it lent, and once', () => {
    const buffers = new ReusedBuffers()
    const foreign = Buffer.alloc(4 << 20)
    buffers.give(foreign)
    expect(buffers.take(1000)).not.toBe(foreign)
    const lent = buffers.take(10)
    buffers.give(lent)
    buffers.give(lent)
    expect(buffers.take(10)).toBe(lent)
    expect(buffers.take(10)).not.toBe(lent)
  })

  it('reads a file whole into a lent buffer, and answers null for one shorter than it was said to be', async () => {
    const path = join(temp.dir, 'image.bin')
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251))
    writeFileSync(path, bytes)
    const buffers = new ReusedBuffers()
    const handle = await open(path, 'r')
    try {
      const read = await buffers.readWhole(handle, bytes.length)
      expect(read?.equals(bytes)).toBe(true)
      if (read) buffers.give(read)
      expect(await buffers.readWhole(handle, bytes.length + 10)).toBeNull()
      // The buffer of the short read is back, for the next.
      expect(buffers.take(10).buffer).toBe(read?.buffer)
      // By path: the same bytes; a folder is not a file to read.
      expect((await buffers.readFile(path))?.equals(bytes)).toBe(true)
      expect(await buffers.readFile(temp.dir)).toBeNull()
    } finally {
      await handle.close()
      temp.cleanup()
    }
  })
})
