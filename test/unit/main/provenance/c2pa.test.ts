import { deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../../helpers/random'
import {
  c2paManifestIn,
  containerOf,
  hasContentCredentials,
  type ImageContainer
} from '../../../../src/main/provenance/c2pa'

// Every fixture is built here from its parts, so each test knows exactly where it put the manifest store
// and can hold the detector to that offset, not just to "found something".

const C2PA_UUID = [
  0x63, 0x32, 0x70, 0x61, 0x00, 0x11, 0x00, 0x10, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71
]
/** The JUMBF type UUID of an XMP box ("xmp1" under a different suffix), a JPEG-XT payload that is not C2PA. */
const OTHER_UUID = [
  0x78, 0x6d, 0x70, 0x31, 0x00, 0x11, 0x00, 0x10, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x72
]

const ascii = (text: string): Buffer => Buffer.from(text, 'latin1')
const bytesOf = (values: readonly number[]): Buffer => Buffer.from(values)

function u16be(value: number): Buffer {
  const out = Buffer.alloc(2)
  out.writeUInt16BE(value)
  return out
}

function u32be(value: number): Buffer {
  const out = Buffer.alloc(4)
  out.writeUInt32BE(value)
  return out
}

function u32le(value: number): Buffer {
  const out = Buffer.alloc(4)
  out.writeUInt32LE(value)
  return out
}

/** Joins parts and remembers where each one starts, so a test can name the offset it expects. */
function assemble(parts: readonly Uint8Array[]): { bytes: Buffer; offsets: number[] } {
  const offsets: number[] = []
  let at = 0
  for (const part of parts) {
    offsets.push(at)
    at += part.length
  }
  return { bytes: Buffer.concat(parts), offsets }
}

/** Where `part` was put by `assemble`: reads an offset that must exist, so a wrong index fails loudly. */
function offsetOf(offsets: readonly number[], index: number): number {
  const at = offsets[index]
  if (at === undefined) throw new Error(`no part ${index}`)
  return at
}

// CRC-32 (the PNG/zlib polynomial): `zlib.crc32` only arrived in Node 22, and we run on Node 20.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/** An ISO box: 4-byte big-endian length (header included), 4-letter type, payload. */
function box(type: string, payload: Uint8Array): Buffer {
  return Buffer.concat([u32be(8 + payload.length), ascii(type), payload])
}

/**
 * A JUMBF superbox as C2PA writes its manifest store: a `jumd` description (type UUID, toggles, an optional
 * NUL-terminated label) and then its content. Either the UUID or the label can be made to say "not c2pa".
 */
function jumbf(options: { uuid?: readonly number[]; label?: string | null } = {}): Buffer {
  const uuid = options.uuid ?? C2PA_UUID
  const label = options.label === undefined ? 'c2pa' : options.label
  // Toggles: bit 0 "requestable", bit 1 "label present".
  const toggles = label === null ? 0x01 : 0x03
  const description = box(
    'jumd',
    Buffer.concat([bytesOf(uuid), bytesOf([toggles]), label === null ? Buffer.alloc(0) : ascii(`${label}\0`)])
  )
  return box('jumb', Buffer.concat([description, box('json', ascii('{"claim":"stand-in!"}'))]))
}

// --- PNG ---------------------------------------------------------------------------------------------

const PNG_SIGNATURE = bytesOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function pngChunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([ascii(type), data])
  return Buffer.concat([u32be(data.length), typed, u32be(crc32(typed))])
}

/**
 * A PNG one row high: RGB, 8 bits, no interlace. The row is stored uncompressed (deflate level 0) so that
 * text placed in the pixels shows up verbatim inside IDAT, where a string search would trip on it.
 */
function pngParts(pixels: Uint8Array, extra: { beforeIdat?: Buffer[] } = {}): Buffer[] {
  const width = pixels.length / 3
  const ihdr = Buffer.concat([u32be(width), u32be(1), bytesOf([8, 2, 0, 0, 0])])
  const scanline = Buffer.concat([bytesOf([0]), pixels])
  return [
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    ...(extra.beforeIdat ?? []),
    pngChunk('IDAT', deflateSync(scanline, { level: 0 })),
    pngChunk('IEND', Buffer.alloc(0))
  ]
}

const RED_PIXEL = bytesOf([0xff, 0x00, 0x00])

// --- JPEG --------------------------------------------------------------------------------------------

function jpegSegment(marker: number, payload: Uint8Array): Buffer {
  return Buffer.concat([bytesOf([0xff, marker]), u16be(payload.length + 2), payload])
}

/** A JPEG-XT APP11 packet: "JP", box instance, packet sequence, then the JUMBF box. */
function app11(jumbfBox: Buffer, commonIdentifier = 'JP'): Buffer {
  return jpegSegment(0xeb, Buffer.concat([ascii(commonIdentifier), u16be(1), u32be(1), jumbfBox]))
}

const SOI = bytesOf([0xff, 0xd8])
const EOI = bytesOf([0xff, 0xd9])
const APP0_JFIF = jpegSegment(0xe0, Buffer.concat([ascii('JFIF\0'), bytesOf([1, 1, 0, 0, 1, 0, 1, 0, 0])]))
const SOF0 = jpegSegment(0xc0, bytesOf([8, 0, 1, 0, 1, 1, 1, 0x11, 0]))
const SOS = jpegSegment(0xda, bytesOf([1, 1, 0x00, 0, 0x3f, 0]))
const SCAN_DATA = bytesOf([0x12, 0x34, 0x56, 0x78, 0x9a])

// --- WebP --------------------------------------------------------------------------------------------

/** A RIFF chunk: FourCC, little-endian size of the data, the data, and a pad byte when the size is odd. */
function riffChunk(fourCc: string, data: Uint8Array): Buffer {
  const pad = data.length % 2 === 1 ? bytesOf([0]) : Buffer.alloc(0)
  return Buffer.concat([ascii(fourCc), u32le(data.length), data, pad])
}

/** `RIFF`, the size of everything after it, `WEBP`, then the chunks (the header counts as part 0). */
function webpParts(chunks: readonly Buffer[], riffSize?: number): Buffer[] {
  const body = Buffer.concat(chunks)
  return [Buffer.concat([ascii('RIFF'), u32le(riffSize ?? 4 + body.length), ascii('WEBP')]), ...chunks]
}

/** A VP8L chunk of 5 bytes (odd on purpose), so the next chunk starts after a pad byte. */
const VP8L_ODD = riffChunk('VP8L', bytesOf([0x2f, 0x00, 0x00, 0x00, 0x00]))

// --- The fixtures with a manifest, shared by the truncation and mutation tests ------------------------

interface Fixture {
  name: string
  container: ImageContainer
  bytes: Buffer
  at: number
  length: number
}

function fixturesWithManifest(): Fixture[] {
  const caBX = pngChunk('caBX', jumbf())
  const png = assemble(pngParts(RED_PIXEL, { beforeIdat: [caBX] }))
  const segment = app11(jumbf())
  const jpeg = assemble([SOI, APP0_JFIF, segment, SOF0, SOS, SCAN_DATA, EOI])
  const c2paChunk = riffChunk('C2PA', jumbf())
  const webp = assemble(webpParts([VP8L_ODD, c2paChunk]))
  return [
    { name: 'PNG', container: 'png', bytes: png.bytes, at: offsetOf(png.offsets, 2), length: caBX.length },
    {
      name: 'JPEG',
      container: 'jpeg',
      bytes: jpeg.bytes,
      at: offsetOf(jpeg.offsets, 2),
      length: segment.length
    },
    {
      name: 'WebP',
      container: 'webp',
      bytes: webp.bytes,
      at: offsetOf(webp.offsets, 2),
      // The C2PA chunk's declared size is odd: its trailing pad byte is not counted.
      length: c2paChunk.length - (jumbf().length % 2)
    }
  ]
}

function randomBytes(random: () => number, length: number): Buffer {
  return Buffer.from(Array.from({ length }, () => Math.floor(random() * 256)))
}

/** A result must describe bytes that are really there. */
function expectWithinBytes(bytes: Uint8Array): void {
  const found = c2paManifestIn(bytes)
  if (found === null) return
  expect(found.at).toBeGreaterThanOrEqual(0)
  expect(found.length).toBeGreaterThan(0)
  expect(found.at + found.length).toBeLessThanOrEqual(bytes.length)
}

describe('containerOf', () => {
  it('names PNG, JPEG and WebP by their signatures', () => {
    expect(containerOf(Buffer.concat(pngParts(RED_PIXEL)))).toBe('png')
    expect(containerOf(Buffer.concat([SOI, APP0_JFIF, SOS, SCAN_DATA, EOI]))).toBe('jpeg')
    expect(containerOf(Buffer.concat(webpParts([VP8L_ODD])))).toBe('webp')
  })

  it('gives null for a GIF, an empty file, a WAVE file and a bare JPEG start', () => {
    expect(containerOf(ascii('GIF89a\x01\x00\x01\x00\x00\x00\x00;'))).toBeNull()
    expect(containerOf(new Uint8Array(0))).toBeNull()
    expect(containerOf(Buffer.concat([ascii('RIFF'), u32le(4), ascii('WAVE')]))).toBeNull()
    // Two bytes are no JPEG: like the library's sniffer, a marker must follow SOI.
    expect(containerOf(SOI)).toBeNull()
  })

  it('gives null for a PNG signature cut short', () => {
    expect(containerOf(PNG_SIGNATURE.subarray(0, 7))).toBeNull()
  })
})

describe('PNG', () => {
  it('the fixtures are real PNGs that a decoder reads, with and without a caBX chunk', async () => {
    const plain = Buffer.concat(pngParts(RED_PIXEL))
    const signed = Buffer.concat(pngParts(RED_PIXEL, { beforeIdat: [pngChunk('caBX', jumbf())] }))
    for (const png of [plain, signed]) {
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true })
      expect([info.width, info.height]).toEqual([1, 1])
      expect([...data]).toEqual([0xff, 0x00, 0x00])
    }
  })

  it('finds a caBX chunk before IDAT, at the offset it was put and with its full length', () => {
    const caBX = pngChunk('caBX', jumbf())
    const { bytes, offsets } = assemble(pngParts(RED_PIXEL, { beforeIdat: [caBX] }))
    // Signature (8) + IHDR (12 + 13): the first place after the header.
    expect(offsetOf(offsets, 2)).toBe(33)
    expect(c2paManifestIn(bytes)).toEqual({ container: 'png', at: 33, length: caBX.length })
    expect(hasContentCredentials(bytes)).toBe(true)
  })

  it('finds a caBX chunk that follows other ancillary chunks', () => {
    const text = pngChunk('tEXt', ascii('Software\0Gateway'))
    const caBX = pngChunk('caBX', jumbf())
    const { bytes, offsets } = assemble(pngParts(RED_PIXEL, { beforeIdat: [text, caBX] }))
    expect(c2paManifestIn(bytes)?.at).toBe(offsetOf(offsets, 3))
  })

  it('finds a caBX chunk after IDAT too (before IDAT is only recommended)', () => {
    const caBX = pngChunk('caBX', jumbf())
    const [signature, ihdr, idat, iend] = pngParts(RED_PIXEL)
    if (!signature || !ihdr || !idat || !iend) throw new Error('pngParts changed shape')
    const { bytes, offsets } = assemble([signature, ihdr, idat, caBX, iend])
    expect(c2paManifestIn(bytes)?.at).toBe(offsetOf(offsets, 3))
  })

  it('a PNG without a caBX chunk carries no credentials', () => {
    const bytes = Buffer.concat(pngParts(RED_PIXEL))
    expect(c2paManifestIn(bytes)).toBeNull()
    expect(hasContentCredentials(bytes)).toBe(false)
  })

  it('"caBX" inside the pixel data or a text chunk is not a manifest', () => {
    // Four pixels whose bytes spell caBX, stored uncompressed so the letters really are in IDAT.
    const pixels = Buffer.concat([ascii('caBX'), ascii('jumbc2pa')])
    const bytes = Buffer.concat(pngParts(pixels, { beforeIdat: [pngChunk('tEXt', ascii('Comment\0caBX'))] }))
    expect(bytes.indexOf('caBX')).toBeGreaterThan(0)
    expect(bytes.indexOf('caBX', bytes.indexOf('IDAT'))).toBeGreaterThan(bytes.indexOf('IDAT'))
    expect(c2paManifestIn(bytes)).toBeNull()
  })

  it('a caBX chunk after IEND is not part of the image', () => {
    const bytes = Buffer.concat([...pngParts(RED_PIXEL), pngChunk('caBX', jumbf())])
    expect(c2paManifestIn(bytes)).toBeNull()
  })

  it('a chunk length running past the end stops the walk before any caBX after it', () => {
    const parts = pngParts(RED_PIXEL, { beforeIdat: [pngChunk('caBX', jumbf())] })
    const bytes = Buffer.concat(parts)
    // IHDR's length field now says 4 GiB - 1.
    bytes.writeUInt32BE(0xffffffff, 8)
    expect(c2paManifestIn(bytes)).toBeNull()
  })
})

describe('JPEG', () => {
  it('finds an APP11 JUMBF box labelled c2pa, at the offset it was put and with its full length', () => {
    const segment = app11(jumbf())
    const { bytes, offsets } = assemble([SOI, APP0_JFIF, segment, SOF0, SOS, SCAN_DATA, EOI])
    // SOI (2) + APP0 (2 + 16).
    expect(offsetOf(offsets, 2)).toBe(20)
    expect(c2paManifestIn(bytes)).toEqual({ container: 'jpeg', at: 20, length: segment.length })
    expect(hasContentCredentials(bytes)).toBe(true)
  })

  it('a JUMBF superbox with an extended (64-bit) box length is found too', () => {
    const inner = jumbf().subarray(8)
    const xlBox = Buffer.alloc(8)
    xlBox.writeBigUInt64BE(BigInt(16 + inner.length))
    const extended = Buffer.concat([u32be(1), ascii('jumb'), xlBox, inner])
    const { bytes, offsets } = assemble([SOI, APP0_JFIF, app11(extended), SOS, SCAN_DATA, EOI])
    expect(c2paManifestIn(bytes)?.at).toBe(offsetOf(offsets, 2))
  })

  it('the c2pa label alone is enough, whatever the UUID', () => {
    const { bytes, offsets } = assemble([SOI, app11(jumbf({ uuid: OTHER_UUID })), SOS, SCAN_DATA, EOI])
    expect(c2paManifestIn(bytes)?.at).toBe(offsetOf(offsets, 1))
  })

  it('the c2pa UUID alone is enough, with no label', () => {
    const { bytes, offsets } = assemble([SOI, app11(jumbf({ label: null })), SOS, SCAN_DATA, EOI])
    expect(c2paManifestIn(bytes)?.at).toBe(offsetOf(offsets, 1))
  })

  it('a JPEG without APP11 carries no credentials', () => {
    const bytes = Buffer.concat([SOI, APP0_JFIF, SOF0, SOS, SCAN_DATA, EOI])
    expect(c2paManifestIn(bytes)).toBeNull()
    expect(hasContentCredentials(bytes)).toBe(false)
  })

  it('a JPEG-XT APP11 box that is not c2pa (xmp1 label, other UUID) is not detected', () => {
    const segment = app11(jumbf({ uuid: OTHER_UUID, label: 'xmp1' }))
    const bytes = Buffer.concat([SOI, APP0_JFIF, segment, SOF0, SOS, SCAN_DATA, EOI])
    expect(c2paManifestIn(bytes)).toBeNull()
  })

  it('a label that only starts with c2pa is not the manifest store', () => {
    const segment = app11(jumbf({ uuid: OTHER_UUID, label: 'c2pa.assertions' }))
    expect(c2paManifestIn(Buffer.concat([SOI, segment, SOS, SCAN_DATA, EOI]))).toBeNull()
  })

  it('an APP11 that is not JPEG-XT is not detected, even with a c2pa box inside', () => {
    const bytes = Buffer.concat([SOI, app11(jumbf(), 'XX'), SOS, SCAN_DATA, EOI])
    expect(c2paManifestIn(bytes)).toBeNull()
  })

  it('a c2pa box in any other APP segment is not detected', () => {
    const payload = Buffer.concat([ascii('JP'), u16be(1), u32be(1), jumbf()])
    const bytes = Buffer.concat([SOI, jpegSegment(0xea, payload), SOS, SCAN_DATA, EOI])
    expect(c2paManifestIn(bytes)).toBeNull()
  })

  it('a whole c2pa APP11 segment inside the scan data after SOS is not a manifest', () => {
    // Right after the SOS header, so a walker that did not stop at SOS would read it as the next segment.
    const bytes = Buffer.concat([SOI, APP0_JFIF, SOF0, SOS, app11(jumbf()), SCAN_DATA, EOI])
    expect(bytes.indexOf('jumb')).toBeGreaterThan(bytes.indexOf(SOS))
    expect(c2paManifestIn(bytes)).toBeNull()
  })

  it('an APP11 after EOI is not part of the image', () => {
    const bytes = Buffer.concat([SOI, APP0_JFIF, EOI, app11(jumbf())])
    expect(c2paManifestIn(bytes)).toBeNull()
  })

  it('fill bytes before a marker are skipped and the segment starts at its own 0xFF', () => {
    const segment = app11(jumbf())
    const { bytes, offsets } = assemble([SOI, APP0_JFIF, bytesOf([0xff, 0xff]), segment, SOS, EOI])
    expect(c2paManifestIn(bytes)?.at).toBe(offsetOf(offsets, 3))
  })

  it('a segment length below 2 ends the walk instead of looping or skipping ahead', () => {
    const broken = bytesOf([0xff, 0xe0, 0x00, 0x01])
    const bytes = Buffer.concat([SOI, broken, app11(jumbf()), SOS, EOI])
    expect(c2paManifestIn(bytes)).toBeNull()
  })

  it('an APP11 whose length runs past the end is not reported', () => {
    const segment = app11(jumbf())
    const bytes = Buffer.concat([SOI, segment])
    bytes.writeUInt16BE(segment.length + 10, 4)
    expect(c2paManifestIn(bytes)).toBeNull()
  })
})

describe('WebP', () => {
  it('finds a C2PA chunk after an odd-sized chunk and its pad byte, with its length', () => {
    const c2pa = riffChunk('C2PA', jumbf())
    const { bytes, offsets } = assemble(webpParts([VP8L_ODD, c2pa]))
    // RIFF header (12) + VP8L (8 + 5 + 1 pad).
    expect(offsetOf(offsets, 2)).toBe(26)
    const declared = 8 + jumbf().length
    expect(c2paManifestIn(bytes)).toEqual({ container: 'webp', at: 26, length: declared })
    expect(hasContentCredentials(bytes)).toBe(true)
  })

  it('finds an odd-sized C2PA chunk that is not the last one', () => {
    const c2pa = riffChunk('C2PA', bytesOf([1, 2, 3]))
    const { bytes, offsets } = assemble(webpParts([c2pa, VP8L_ODD]))
    expect(c2paManifestIn(bytes)).toEqual({ container: 'webp', at: offsetOf(offsets, 1), length: 11 })
  })

  it('a WebP without a C2PA chunk carries no credentials', () => {
    const bytes = Buffer.concat(webpParts([VP8L_ODD, riffChunk('EXIF', bytesOf([1, 2, 3]))]))
    expect(c2paManifestIn(bytes)).toBeNull()
    expect(hasContentCredentials(bytes)).toBe(false)
  })

  it('"C2PA" inside the VP8L image data is not a manifest', () => {
    const vp8l = riffChunk('VP8L', Buffer.concat([bytesOf([0x2f]), ascii('C2PA'), u32le(4), ascii('jumb')]))
    const bytes = Buffer.concat(webpParts([vp8l]))
    expect(bytes.indexOf('C2PA')).toBe(21)
    expect(c2paManifestIn(bytes)).toBeNull()
  })

  it('a C2PA chunk misplaced by a missing pad byte is not found: chunks start where padding says', () => {
    // The C2PA chunk sits where a reader that ignored padding would look for it, one byte early.
    const unpadded = Buffer.concat([ascii('VP8L'), u32le(5), bytesOf([0x2f, 0, 0, 0, 0])])
    const bytes = Buffer.concat(webpParts([unpadded, riffChunk('C2PA', jumbf())]))
    expect(c2paManifestIn(bytes)).toBeNull()
  })

  it('a C2PA chunk past the end the RIFF header gives is not part of the file', () => {
    const riffSize = 4 + VP8L_ODD.length
    const bytes = Buffer.concat(webpParts([VP8L_ODD, riffChunk('C2PA', jumbf())], riffSize))
    expect(c2paManifestIn(bytes)).toBeNull()
  })
})

describe('files from a real encoder', () => {
  const image = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a6ea5' } })

  it('PNG: none as encoded, found at the offset a caBX chunk is spliced in after IHDR', async () => {
    const encoded = await image().png().toBuffer()
    expect(c2paManifestIn(encoded)).toBeNull()
    const caBX = pngChunk('caBX', jumbf())
    const signed = Buffer.concat([encoded.subarray(0, 33), caBX, encoded.subarray(33)])
    expect(c2paManifestIn(signed)).toEqual({ container: 'png', at: 33, length: caBX.length })
  })

  it('JPEG: none as encoded, found at the offset an APP11 is spliced in after SOI', async () => {
    const encoded = await image().jpeg().toBuffer()
    expect(c2paManifestIn(encoded)).toBeNull()
    const segment = app11(jumbf())
    const signed = Buffer.concat([encoded.subarray(0, 2), segment, encoded.subarray(2)])
    expect(c2paManifestIn(signed)).toEqual({ container: 'jpeg', at: 2, length: segment.length })
  })

  it('WebP: none as encoded, found at the offset a C2PA chunk is appended', async () => {
    const encoded = await image().webp({ lossless: true }).toBuffer()
    expect(c2paManifestIn(encoded)).toBeNull()
    const chunk = riffChunk('C2PA', jumbf())
    const signed = Buffer.concat([encoded, chunk])
    signed.writeUInt32LE(signed.length - 8, 4)
    expect(c2paManifestIn(signed)?.at).toBe(encoded.length)
  })
})

describe('untrusted bytes', () => {
  it('reads offsets relative to the view it is given, not to the buffer underneath', () => {
    for (const fixture of fixturesWithManifest()) {
      const backing = Buffer.concat([randomBytes(seededRandom(7), 13), fixture.bytes])
      const view = new Uint8Array(backing.buffer, backing.byteOffset + 13, fixture.bytes.length)
      expect(c2paManifestIn(view), fixture.name).toEqual({
        container: fixture.container,
        at: fixture.at,
        length: fixture.length
      })
    }
  })

  it('a file cut at any byte never throws, and the manifest is found exactly when it is whole', () => {
    for (const fixture of fixturesWithManifest()) {
      for (let cut = 0; cut <= fixture.bytes.length; cut++) {
        const bytes = fixture.bytes.subarray(0, cut)
        const found = c2paManifestIn(bytes)
        if (cut >= fixture.at + fixture.length) {
          expect(found, `${fixture.name} cut at ${cut}`).toEqual({
            container: fixture.container,
            at: fixture.at,
            length: fixture.length
          })
        } else {
          expect(found, `${fixture.name} cut at ${cut}`).toBeNull()
        }
      }
    }
  })

  it('thousands of random buffers, bare or behind each signature, never throw nor point past the end', () => {
    const random = seededRandom(0xc2fa)
    const prefixes = [
      Buffer.alloc(0),
      PNG_SIGNATURE,
      bytesOf([0xff, 0xd8, 0xff]),
      Buffer.concat([ascii('RIFF'), u32le(0xffffffff), ascii('WEBP')])
    ]
    for (let i = 0; i < 4000; i++) {
      const prefix = prefixes[i % prefixes.length] ?? Buffer.alloc(0)
      const bytes = Buffer.concat([prefix, randomBytes(random, Math.floor(random() * 300))])
      expect(() => hasContentCredentials(bytes)).not.toThrow()
      expectWithinBytes(bytes)
    }
  })

  it('fixtures with random bytes overwritten never throw nor point past the end', () => {
    const random = seededRandom(0x5eed)
    for (const fixture of fixturesWithManifest()) {
      for (let i = 0; i < 1000; i++) {
        const bytes = Buffer.from(fixture.bytes)
        const flips = 1 + Math.floor(random() * 4)
        for (let f = 0; f < flips; f++) {
          bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256)
        }
        expect(() => c2paManifestIn(bytes)).not.toThrow()
        expectWithinBytes(bytes)
      }
    }
  })
})
