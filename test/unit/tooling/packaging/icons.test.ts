import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  ICNS_TYPES,
  ICO_SIZES,
  PNG_SIZES,
  icnsFile,
  icoFile,
  renderPng
} from '../../../../scripts/packaging/icons'

const resources = join(__dirname, '..', '..', '..', '..', 'resources')
const read = (...parts: string[]): Buffer => readFileSync(join(resources, ...parts))

async function pngSize(png: Buffer): Promise<[number, number]> {
  const { width, height, format } = await sharp(png).metadata()
  expect(format).toBe('png')
  return [width, height]
}

/** The (width, PNG) entries of an .ico, read back from its directory. */
function icoEntries(ico: Buffer): { width: number; png: Buffer }[] {
  expect(ico.readUInt16LE(2)).toBe(1)
  return Array.from({ length: ico.readUInt16LE(4) }, (_, index) => {
    const entry = 6 + index * 16
    const length = ico.readUInt32LE(entry + 8)
    const offset = ico.readUInt32LE(entry + 12)
    return { width: ico.readUInt8(entry) || 256, png: ico.subarray(offset, offset + length) }
  })
}

/** The (type, PNG) elements of an .icns. */
function icnsEntries(icns: Buffer): { type: string; png: Buffer }[] {
  expect(icns.toString('latin1', 0, 4)).toBe('icns')
  expect(icns.readUInt32BE(4)).toBe(icns.length)
  const out: { type: string; png: Buffer }[] = []
  for (let at = 8; at < icns.length;) {
    const length = icns.readUInt32BE(at + 4)
    out.push({ type: icns.toString('latin1', at, at + 4), png: icns.subarray(at + 8, at + length) })
    at += length
  }
  return out
}

describe('committed app icons', () => {
  it('has a Linux PNG at every size, each really that size', async () => {
    for (const size of PNG_SIZES)
      expect(await pngSize(read('icons', `${size}x${size}.png`))).toEqual([size, size])
    expect(await pngSize(read('icon.png'))).toEqual([1024, 1024])
  })

  it('has a Windows .ico holding 16 to 256 px images', async () => {
    const entries = icoEntries(read('icon.ico'))
    expect(entries.map((entry) => entry.width)).toEqual([...ICO_SIZES])
    for (const entry of entries) expect(await pngSize(entry.png)).toEqual([entry.width, entry.width])
  })

  it('has a macOS .icns with every retina and non-retina slot up to 1024 px', async () => {
    const entries = icnsEntries(read('icon.icns'))
    expect(entries.map((entry) => entry.type)).toEqual(ICNS_TYPES.map(([type]) => type))
    for (const [index, [, size]] of ICNS_TYPES.entries())
      expect(await pngSize(entries[index]!.png)).toEqual([size, size])
  })

  it('is drawn, not a flat square: the centre differs from the corner and from the body colour', async () => {
    const { data, info } = await sharp(await renderPng(64))
      .raw()
      .toBuffer({ resolveWithObject: true })
    const pixel = (x: number, y: number): number[] => {
      const at = (y * info.width + x) * info.channels
      return [...data.subarray(at, at + info.channels)]
    }
    expect(pixel(1, 1)[3]).toBe(0)
    const distinct = new Set<string>()
    for (let y = 8; y < 56; y += 4) for (let x = 8; x < 56; x += 4) distinct.add(pixel(x, y).join(','))
    expect(distinct.size).toBeGreaterThan(10)
  })
})

describe('icon file writers', () => {
  it('round-trip through their own readers', () => {
    const png = Buffer.from('not really a png')
    expect(icoEntries(icoFile([{ size: 256, png }]))).toEqual([{ width: 256, png }])
    expect(icnsEntries(icnsFile([{ type: 'ic07', png }]))).toEqual([{ type: 'ic07', png }])
  })
})
