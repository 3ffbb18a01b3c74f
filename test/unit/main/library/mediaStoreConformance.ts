import { createHash, randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { BadKey, putContent, type MediaStore } from '../../../../src/main/library/mediaStore'

async function bytesOf(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null
  const chunks: Buffer[] = []
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk)
  return Buffer.concat(chunks)
}

async function keysOf(store: MediaStore, prefix?: string): Promise<string[]> {
  const keys: string[] = []
  for await (const object of store.list(prefix)) keys.push(object.key)
  return keys.sort()
}

async function* chunked(data: Buffer, size: number, failAfter?: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < data.length; at += size) {
    if (failAfter !== undefined && at >= failAfter) throw new Error('the connection broke')
    await Promise.resolve()
    yield data.subarray(at, at + size)
  }
}

const BAD_KEYS = [
  '',
  '../escape.png',
  '/etc/passwd',
  'a//b.png',
  '.hidden',
  'a/../b.png',
  'a/./b.png',
  'x\0y',
  'a\\b.png'
]

/**
 * The media store port's conformance suite (src/main/library/mediaStore.ts): any implementation runs it
 * with a factory of empty stores. A new storage backend is one file plus this suite passing against it.
 */
export function mediaStoreConformance(
  name: string,
  fresh: () => Promise<MediaStore> | MediaStore,
  /** `dated`: its listing says when each object was written (every store but the one in memory). */
  options: { dated?: boolean } = { dated: true }
): void {
  describe(`${name} keeps the media store's promises [P28]`, () => {
    it('reads back what was put, whole and by range, and lists it', async () => {
      const store = await fresh()
      const data = randomBytes(70_000)
      await store.put('2026/11/a.png', data)
      expect((await store.read('2026/11/a.png'))?.equals(data)).toBe(true)
      expect(await store.stat('2026/11/a.png')).toEqual({ size: data.length })
      expect((await bytesOf(await store.open('2026/11/a.png')))?.equals(data)).toBe(true)
      const range = await bytesOf(await store.open('2026/11/a.png', { start: 100, end: 199 }))
      expect(range?.equals(data.subarray(100, 200))).toBe(true)
      const tail = await bytesOf(
        await store.open('2026/11/a.png', { start: data.length - 5, end: data.length - 1 })
      )
      expect(tail?.equals(data.subarray(data.length - 5))).toBe(true)
      expect(await keysOf(store)).toEqual(['2026/11/a.png'])
      expect(await keysOf(store, '2026/11/')).toEqual(['2026/11/a.png'])
      expect(await keysOf(store, '2025/')).toEqual([])
    })

    it('answers a missing object with nothing, never an error', async () => {
      const store = await fresh()
      expect(await store.read('2026/11/none.png')).toBeNull()
      expect(await store.open('2026/11/none.png')).toBeNull()
      expect(await store.stat('2026/11/none.png')).toBeNull()
      expect(await store.remove('2026/11/none.png')).toBe(false)
    })

    it('names streamed content by its hash and keeps one object for the same bytes, put at once or later', async () => {
      const store = await fresh()
      const data = randomBytes(200_000)
      const sha256 = createHash('sha256').update(data).digest('hex')
      const first = await putContent(store, '2026/12/', chunked(data, 7_000), '.png')
      expect(first).toEqual({ key: `2026/12/${sha256}.png`, sha256, size: data.length })
      const again = await Promise.all([
        putContent(store, '2026/12/', data, '.png'),
        putContent(store, '2026/12/', chunked(data, 4_096), '.png'),
        store.put(first.key, data)
      ])
      expect(again[0]).toEqual(first)
      expect(again[1]).toEqual(first)
      expect(await keysOf(store)).toEqual([first.key])
      expect((await store.read(first.key))?.equals(data)).toBe(true)
    })

    it('shows nothing of a write cut before its commit, and takes the same key whole afterwards', async () => {
      const store = await fresh()
      const data = randomBytes(50_000)
      await expect(putContent(store, '2026/10/', chunked(data, 8_000, 24_000), '.png')).rejects.toThrow(
        'the connection broke'
      )
      const draft = await store.begin('2026/10/')
      await draft.write(data.subarray(0, 1_000))
      // Stopped here (a crash before the commit): nothing can be read under any key.
      expect(await keysOf(store)).toEqual([])
      await draft.abort()
      await draft.abort()
      const kept = await putContent(store, '2026/10/', data, '.png')
      expect((await store.read(kept.key))?.equals(data)).toBe(true)
      expect(await keysOf(store)).toEqual([kept.key])
    })

    it('commits a draft only inside the folder it was begun in', async () => {
      const store = await fresh()
      const draft = await store.begin('2026/09/')
      await draft.write(Buffer.from('bytes'))
      await expect(draft.commit('2026/08/elsewhere.png')).rejects.toThrow(BadKey)
      expect(await keysOf(store)).toEqual([])
    })

    it('refuses keys that are not ours, and finds nothing under them', async () => {
      const store = await fresh()
      for (const key of BAD_KEYS) {
        await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow(BadKey)
        expect(await store.read(key), key).toBeNull()
        expect(await store.stat(key), key).toBeNull()
      }
      await expect(store.begin('no-slash')).rejects.toThrow(BadKey)
      await expect(store.begin('../up/')).rejects.toThrow(BadKey)
    })

    it('says when each object it lists was written, by its own clock, or nothing', async () => {
      const store = await fresh()
      const before = Date.now()
      await store.put('2026/11/dated.png', Buffer.from('dated'))
      const after = Date.now()
      const listed: Array<number | undefined> = []
      for await (const object of store.list('2026/')) listed.push(object.modified)
      expect(listed).toHaveLength(1)
      const [modified] = listed
      if (options.dated !== true) return
      // Milliseconds since the epoch, as Clean up compares them: a server's whole seconds, and a clock of
      // its own a few minutes off, still fall near the write; seconds or NaN would not.
      expect(modified).toBeTypeOf('number')
      expect(modified).toBeGreaterThan(before - 10 * 60_000)
      expect(modified).toBeLessThan(after + 10 * 60_000)
    })

    it('removes a folder only once it is empty, and writes into it again afterwards', async (context) => {
      const store = await fresh()
      if (!store.removeEmptyFolder) {
        context.skip()
        return
      }
      await store.put('shares/abc/images/0001.png', Buffer.from('one'))
      expect(await store.removeEmptyFolder('shares/abc/images/')).toBe(false)
      expect(await store.removeEmptyFolder('shares/abc/')).toBe(false)
      expect(await store.remove('shares/abc/images/0001.png')).toBe(true)
      expect(await store.removeEmptyFolder('shares/abc/images/')).toBe(true)
      expect(await store.removeEmptyFolder('shares/abc/')).toBe(true)
      expect(await store.removeEmptyFolder('shares/abc/')).toBe(false)
      expect(await store.removeEmptyFolder('')).toBe(false)
      await store.put('shares/abc/images/0002.png', Buffer.from('two'))
      expect((await store.read('shares/abc/images/0002.png'))?.toString()).toBe('two')
    })

    it('removes an object once', async () => {
      const store = await fresh()
      await store.put('2026/11/b_thumb.webp', Buffer.from('thumb'))
      expect(await store.remove('2026/11/b_thumb.webp')).toBe(true)
      expect(await store.read('2026/11/b_thumb.webp')).toBeNull()
      expect(await store.remove('2026/11/b_thumb.webp')).toBe(false)
    })
  })
}
