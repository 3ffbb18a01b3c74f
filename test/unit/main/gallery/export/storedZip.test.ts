import { createReadStream, createWriteStream, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import { unzipSync } from 'fflate'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { StoredZip } from '../../../../../src/main/gallery/export/storedZip'
import { makeTempDir } from '../../../../helpers/tempDir'

let temp: ReturnType<typeof makeTempDir>
beforeEach(() => (temp = makeTempDir('gs-storedzip-')))
afterEach(() => temp.cleanup())

/** The central directory as written: name → { crc, size, method } (read from the bytes, not by a library). */
function centralDirectory(zip: Buffer): Map<string, { crc: number; size: number; method: number }> {
  const out = new Map<string, { crc: number; size: number; method: number }>()
  let at = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  let count = zip.readUInt16LE(at + 10)
  let offset = zip.readUInt32LE(at + 16)
  if (count === 0xffff || offset === 0xffffffff) {
    at = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]))
    count = Number(zip.readBigUInt64LE(at + 32))
    offset = Number(zip.readBigUInt64LE(at + 48))
  }
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(offset)).toBe(0x02014b50)
    const nameLength = zip.readUInt16LE(offset + 28)
    const extra = zip.readUInt16LE(offset + 30)
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength)
    out.set(name, {
      crc: zip.readUInt32LE(offset + 16),
      size: zip.readUInt32LE(offset + 24),
      method: zip.readUInt16LE(offset + 10)
    })
    offset += 46 + nameLength + extra + zip.readUInt16LE(offset + 32)
  }
  return out
}

async function zipOf(fill: (zip: StoredZip) => Promise<void>): Promise<Buffer> {
  const path = join(temp.dir, 'out.zip')
  const zip = new StoredZip(createWriteStream(path))
  await fill(zip)
  await zip.finish()
  return readFileSync(path)
}

describe('StoredZip', () => {
  it('stores files and buffers whole, with their CRC-32 and sizes, under UTF-8 names', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 17)
    for (let i = 0; i < big.length; i++) big[i] = (i * 31) % 251
    writeFileSync(join(temp.dir, 'big.bin'), big)
    writeFileSync(join(temp.dir, 'empty.bin'), '')
    const page = Buffer.from('<!doctype html><p>灯塔</p>')
    const bytes = await zipOf(async (zip) => {
      // Read in several chunks: the CRC runs on across them.
      await zip.addFile(
        'images/海港 1.png',
        createReadStream(join(temp.dir, 'big.bin')),
        new Date(2025, 4, 1, 9, 30)
      )
      await zip.addFile('images/empty.png', createReadStream(join(temp.dir, 'empty.bin')), new Date())
      await zip.addBuffer('index.html', page, new Date())
    })
    const files = unzipSync(bytes)
    expect(Object.keys(files)).toEqual(['images/海港 1.png', 'images/empty.png', 'index.html'])
    expect(Buffer.from(files['images/海港 1.png'] ?? []).equals(big)).toBe(true)
    expect(Buffer.from(files['index.html'] ?? []).equals(page)).toBe(true)
    const directory = centralDirectory(bytes)
    expect(directory.get('images/海港 1.png')).toEqual({ crc: crc32(big), size: big.length, method: 0 })
    expect(directory.get('images/empty.png')).toEqual({ crc: 0, size: 0, method: 0 })
    expect(directory.get('index.html')).toEqual({ crc: crc32(page), size: page.length, method: 0 })
  })

  it('writes ZIP64 end records past 65,535 entries (a 100,000-image gallery)', async () => {
    const count = 70_000
    const bytes = await zipOf(async (zip) => {
      for (let i = 0; i < count; i++)
        await zip.addBuffer(`images/${i}.txt`, Buffer.from(String(i)), new Date())
    })
    const files = unzipSync(bytes)
    expect(Object.keys(files).length).toBe(count)
    expect(Buffer.from(files['images/69999.txt'] ?? []).toString()).toBe('69999')
    expect(centralDirectory(bytes).size).toBe(count)
  })
})
