import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { isWholeWebp, RecentThumbnails } from '../../../../src/main/library/recentThumbnails'

const id = (n: number): string => n.toString(16).padStart(32, '0')

/** A real WebP of noise, so its size grows with `width`. */
function webp(width = 16): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height: 16,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 }
    }
  })
    .webp({ quality: 90 })
    .toBuffer()
}

describe('RecentThumbnails', () => {
  it('answers a kept thumbnail by its media id, byte for byte', async () => {
    const cache = new RecentThumbnails()
    const bytes = await webp()
    cache.set(id(1), bytes)
    expect(cache.get(id(1))).toEqual(bytes)
    expect(cache.get(id(2))).toBeNull()
  })

  it('keeps only media ids: no path, no _thumb suffix, no upper case', async () => {
    const cache = new RecentThumbnails()
    const bytes = await webp()
    for (const key of ['../../etc/passwd', `${id(1)}_thumb`, 'A'.repeat(32), '', 'abc']) {
      cache.set(key, bytes)
      expect(cache.get(key), key).toBeNull()
    }
    expect(cache.size).toBe(0)
  })

  it('keeps only whole WebP files', async () => {
    const cache = new RecentThumbnails()
    const bytes = await webp()
    expect(isWholeWebp(bytes)).toBe(true)
    const cut = bytes.subarray(0, bytes.length - 3)
    const png = await sharp(bytes).png().toBuffer()
    for (const bad of [cut, png, Buffer.alloc(0)]) {
      expect(isWholeWebp(bad)).toBe(false)
      cache.set(id(1), bad)
      expect(cache.get(id(1))).toBeNull()
    }
  })

  it('is bounded by count and evicts the least recently used', async () => {
    const cache = new RecentThumbnails(3, 1024 * 1024)
    const bytes = await webp()
    for (const n of [1, 2, 3]) cache.set(id(n), bytes)
    expect(cache.get(id(1))).not.toBeNull() // 1 is now the most recently used: 2 goes first
    cache.set(id(4), bytes)
    expect(cache.size).toBe(3)
    expect(cache.get(id(2))).toBeNull()
    expect([1, 3, 4].map((n) => cache.get(id(n)) !== null)).toEqual([true, true, true])
  })

  it('is bounded by bytes, and refuses one thumbnail larger than the whole budget', async () => {
    const small = await webp(16)
    const cache = new RecentThumbnails(100, small.length * 2)
    for (const n of [1, 2, 3]) cache.set(id(n), small)
    expect(cache.size).toBe(2)
    expect(cache.bytes).toBe(small.length * 2)
    expect(cache.get(id(1))).toBeNull()
    const big = await webp(512)
    expect(big.length).toBeGreaterThan(small.length * 2)
    cache.set(id(9), big)
    expect(cache.get(id(9))).toBeNull()
    expect(cache.bytes).toBe(small.length * 2)
  })

  it('forgets a deleted id and replaces one set twice without counting it twice', async () => {
    const cache = new RecentThumbnails()
    const a = await webp(16)
    const b = await webp(32)
    cache.set(id(1), a)
    cache.set(id(1), b)
    expect(cache.bytes).toBe(b.length)
    expect(cache.get(id(1))).toEqual(b)
    cache.delete(id(1))
    expect(cache.get(id(1))).toBeNull()
    expect(cache.bytes).toBe(0)
  })
})
