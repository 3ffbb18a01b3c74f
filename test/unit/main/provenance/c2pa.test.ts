import { deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../../helpers/random'
import {
  c2paManifestIn,
  containerOf,
  hasContentCredentials,
  type C2paManifestLocation,
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
function jumbf(options: { uuid?: readonly number[]; label?: string | null; content?: Buffer } = {}): Buffer {
  const uuid = options.uuid ?? C2PA_UUID
  const label = options.label === undefined ? 'c2pa' : options.label
  // Toggles: bit 0 "requestable", bit 1 "label present".
  const toggles = label === null ? 0x01 : 0x03
  const description = box(
    'jumd',
    Buffer.concat([bytesOf(uuid), bytesOf([toggles]), label === null ? Buffer.alloc(0) : ascii(`${label}\0`)])
  )
  const content = options.content ?? ascii('{"claim":"stand-in!"}')
  return box('jumb', Buffer.concat([description, box('json', content)]))
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
// A progressive frame and a Huffman table, as come between the scans of a progressive JPEG.
const SOF2 = jpegSegment(0xc2, bytesOf([8, 0, 1, 0, 1, 1, 1, 0x11, 0]))
const DHT = jpegSegment(0xc4, bytesOf([0x10, 1, ...Array<number>(15).fill(0), 0x00]))
/** Scan data holding what a scan may: a stuffed 0xFF (0xFF 0x00) and a restart marker (RST3). */
const SCAN_WITH_MARKERS = bytesOf([0x12, 0xff, 0x00, 0x34, 0xff, 0xd3, 0x56, 0xff, 0x00, 0x78])

/** Bytes as an encoder writes them into a scan: each 0xFF followed by a stuffed 0x00. */
function stuffed(bytes: Uint8Array): Buffer {
  const out: number[] = []
  for (const byte of bytes) out.push(...(byte === 0xff ? [0xff, 0x00] : [byte]))
  return Buffer.from(out)
}

/**
 * A JUMBF box cut into JPEG-XT APP11 packets, as a C2PA writer stores a manifest store over 64 KB: each
 * packet holds "JP", the box instance, its sequence number counting from 1, then a piece of the box; every
 * packet after the first repeats the box's header (length and type, and an extended length if any).
 */
function app11Packets(whole: Buffer, piece: number, instance = 1): Buffer[] {
  const header = whole.subarray(0, whole.readUInt32BE(0) === 1 ? 16 : 8)
  const packets: Buffer[] = []
  for (let offset = 0, z = 1; offset < whole.length; offset += piece, z++) {
    const repeated = z === 1 ? Buffer.alloc(0) : header
    const body = whole.subarray(offset, offset + piece)
    packets.push(jpegSegment(0xeb, Buffer.concat([ascii('JP'), u16be(instance), u32be(z), repeated, body])))
  }
  return packets
}

/** Where the marker that ends a scan starts: the first 0xFF not followed by 0x00, 0xFF or RSTn. */
function markerAfter(bytes: Uint8Array, from: number): number {
  for (let i = from; i + 1 < bytes.length; i++) {
    const next = bytes[i + 1] ?? 0
    if (bytes[i] === 0xff && next !== 0x00 && next !== 0xff && (next < 0xd0 || next > 0xd7)) return i
  }
  throw new Error('no marker after the scan')
}

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
  const afterScan = assemble([
    SOI,
    APP0_JFIF,
    SOF2,
    SOS,
    SCAN_WITH_MARKERS,
    DHT,
    segment,
    SOS,
    SCAN_DATA,
    EOI
  ])
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
      name: 'JPEG, APP11 after the first scan',
      container: 'jpeg',
      bytes: afterScan.bytes,
      at: offsetOf(afterScan.offsets, 6),
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

/** What the detector says of a store held whole by one chunk or segment. */
function located(container: ImageContainer, at: number, length: number): C2paManifestLocation {
  return { container, at, length, parts: [{ at, length }] }
}

/** A result must describe bytes that are really there. */
function expectWithinBytes(bytes: Uint8Array): void {
  const found = c2paManifestIn(bytes)
  if (found === null) return
  expect(found.at).toBeGreaterThanOrEqual(0)
  expect(found.length).toBeGreaterThan(0)
  expect(found.at + found.length).toBeLessThanOrEqual(bytes.length)
  // Each part lies within the span, in file order, none overlapping the next.
  expect(found.parts[0]?.at).toBe(found.at)
  let end = found.at
  for (const part of found.parts) {
    expect(part.at).toBeGreaterThanOrEqual(end)
    expect(part.length).toBeGreaterThan(0)
    end = part.at + part.length
  }
  expect(end).toBe(found.at + found.length)
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
    expect(c2paManifestIn(bytes)).toEqual(located('png', 33, caBX.length))
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
    expect(c2paManifestIn(bytes)).toEqual(located('jpeg', 20, segment.length))
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

  it('a c2pa APP11 segment written as scan data (each 0xFF stuffed) is not a manifest', () => {
    // Right after the SOS header, where a walker that took 0xFF 0x00 for a marker would read it.
    const bytes = Buffer.concat([SOI, APP0_JFIF, SOF0, SOS, stuffed(app11(jumbf())), SCAN_DATA, EOI])
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
    // "No" is safe here: no reader can follow the file past this point, so no validator can find and
    // check credentials after it either.
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

describe('JPEG past the first scan', () => {
  it('finds an APP11 between scans, walking the first scan’s data past a stuffed 0xFF and a restart marker', () => {
    const segment = app11(jumbf())
    const parts = [SOI, APP0_JFIF, SOF2, SOS, SCAN_WITH_MARKERS, DHT, segment, SOS, SCAN_DATA, EOI]
    const { bytes, offsets } = assemble(parts)
    expect(c2paManifestIn(bytes)).toEqual(located('jpeg', offsetOf(offsets, 6), segment.length))
  })

  it('finds an APP11 after the last scan, and one that follows fill bytes ending a scan', () => {
    const segment = app11(jumbf())
    const last = assemble([SOI, SOF2, SOS, SCAN_DATA, DHT, SOS, SCAN_DATA, segment, EOI])
    expect(c2paManifestIn(last.bytes)).toEqual(located('jpeg', offsetOf(last.offsets, 7), segment.length))
    const filled = assemble([SOI, SOF2, SOS, SCAN_DATA, bytesOf([0xff, 0xff]), segment, SOS, SCAN_DATA, EOI])
    expect(c2paManifestIn(filled.bytes)).toEqual(located('jpeg', offsetOf(filled.offsets, 5), segment.length))
  })

  it('a scan that runs to the end of the file, with no marker after it, carries nothing', () => {
    expect(c2paManifestIn(Buffer.concat([SOI, SOF2, SOS, SCAN_WITH_MARKERS]))).toBeNull()
    // Cut right after a 0xFF: no byte says what it was.
    expect(c2paManifestIn(Buffer.concat([SOI, SOF2, SOS, SCAN_DATA, bytesOf([0xff])]))).toBeNull()
  })

  it('stray bytes between segments are skipped, as decoders and validators’ readers skip them', () => {
    // A false "no" here would let the app write into a file whose credentials those readers verify.
    const segment = app11(jumbf())
    const { bytes, offsets } = assemble([
      SOI,
      APP0_JFIF,
      bytesOf([0x00, 0x12, 0xff, 0x00]),
      segment,
      SOS,
      EOI
    ])
    expect(c2paManifestIn(bytes)).toEqual(located('jpeg', offsetOf(offsets, 3), segment.length))
    const after = assemble([SOI, SOF2, SOS, SCAN_DATA, DHT, bytesOf([0x42]), segment, SOS, SCAN_DATA, EOI])
    expect(c2paManifestIn(after.bytes)?.at).toBe(offsetOf(after.offsets, 6))
  })
})

describe('JPEG: a store over several APP11 segments', () => {
  // Each packet's payload stays under a JPEG segment's 65,533 bytes: 8 + 8 + 65,000.
  const big = jumbf({ content: Buffer.alloc(150_000, 0x61) })
  const small = jumbf({ content: Buffer.alloc(60, 0x61) })
  const spanOf = (offsets: readonly number[], parts: readonly Buffer[], first: number, last: number) => {
    const at = offsetOf(offsets, first)
    return { at, length: offsetOf(offsets, last) + (parts[last]?.length ?? 0) - at }
  }
  const partOf = (offsets: readonly number[], parts: readonly Buffer[], index: number) => ({
    at: offsetOf(offsets, index),
    length: parts[index]?.length ?? 0
  })

  it('a store over 64 KB in three packets: from the first packet through the last, each one a part', () => {
    const packets = app11Packets(big, 65_000)
    expect(packets).toHaveLength(3)
    expect(big.length).toBeGreaterThan(0xffff)
    const parts = [SOI, APP0_JFIF, ...packets, SOF0, SOS, SCAN_DATA, EOI]
    const { bytes, offsets } = assemble(parts)
    expect(c2paManifestIn(bytes)).toEqual({
      container: 'jpeg',
      ...spanOf(offsets, parts, 2, 4),
      parts: [2, 3, 4].map((i) => partOf(offsets, parts, i))
    })
  })

  it('a segment between packets is inside the span but not among the parts', () => {
    const [p1, p2, p3] = app11Packets(big, 65_000)
    if (!p1 || !p2 || !p3) throw new Error('three packets')
    const comment = jpegSegment(0xfe, ascii('between packets'))
    const parts = [SOI, p1, p2, comment, p3, SOS, SCAN_DATA, EOI]
    const { bytes, offsets } = assemble(parts)
    const found = c2paManifestIn(bytes)
    expect(found).toMatchObject(spanOf(offsets, parts, 1, 4))
    expect(found?.parts).toEqual([1, 2, 4].map((i) => partOf(offsets, parts, i)))
  })

  it('packets split by the first scan are one store: the walk goes on through the scan to the rest', () => {
    const [p1, p2, p3] = app11Packets(big, 65_000)
    if (!p1 || !p2 || !p3) throw new Error('three packets')
    const parts = [SOI, p1, SOF2, SOS, SCAN_WITH_MARKERS, p2, DHT, SOS, SCAN_DATA, p3, EOI]
    const { bytes, offsets } = assemble(parts)
    expect(c2paManifestIn(bytes)?.parts).toEqual([1, 5, 9].map((i) => partOf(offsets, parts, i)))
  })

  it('an extended (64-bit) box length is repeated in every packet and the store is found whole', () => {
    const inner = big.subarray(8)
    const xl = Buffer.alloc(8)
    xl.writeBigUInt64BE(BigInt(16 + inner.length))
    const packets = app11Packets(Buffer.concat([u32be(1), ascii('jumb'), xl, inner]), 65_000)
    const parts = [SOI, ...packets, SOS, SCAN_DATA, EOI]
    const { bytes, offsets } = assemble(parts)
    expect(c2paManifestIn(bytes)?.parts).toEqual(packets.map((_, i) => partOf(offsets, parts, i + 1)))
  })

  it('a packet of another box, or out of turn, is not the store’s; the store before it still counts', () => {
    const [p1, p2, p3] = app11Packets(big, 65_000)
    const [, other] = app11Packets(big, 65_000, 2)
    if (!p1 || !p2 || !p3 || !other) throw new Error('three packets')
    const outOfTurn = assemble([SOI, p1, p3, SOS, SCAN_DATA, EOI])
    expect(c2paManifestIn(outOfTurn.bytes)?.parts).toEqual([{ at: 2, length: p1.length }])
    const otherBox = assemble([SOI, p1, other, p3, SOS, SCAN_DATA, EOI])
    expect(c2paManifestIn(otherBox.bytes)?.parts).toEqual([{ at: 2, length: p1.length }])
    // Its last packet missing, the store is still there: "yes" is the safe answer.
    const short = assemble([SOI, p1, p2, SOS, SCAN_DATA, EOI])
    expect(c2paManifestIn(short.bytes)?.parts).toHaveLength(2)
    expect(hasContentCredentials(short.bytes)).toBe(true)
  })

  it('once every byte of the store is seen the walk stops: a broken segment after it changes nothing', () => {
    const packets = app11Packets(big, 65_000)
    const broken = bytesOf([0xff, 0xe0, 0x00, 0x01])
    const { bytes } = assemble([SOI, ...packets, broken, SOS, SCAN_DATA, EOI])
    expect(c2paManifestIn(bytes)?.parts).toHaveLength(3)
    // A store found before the walk breaks is kept, whole or not.
    const [p1] = packets
    if (!p1) throw new Error('a packet')
    expect(c2paManifestIn(Buffer.concat([SOI, p1, broken, SOS, EOI]))?.parts).toHaveLength(1)
  })

  it('a file cut at any byte never throws, and names exactly the packets that are whole', () => {
    // Small pieces, so every cut of every packet can be tried; the first still holds the whole description.
    const packets = app11Packets(small, 48)
    expect(packets.length).toBeGreaterThanOrEqual(3)
    const parts = [SOI, APP0_JFIF, ...packets, SOF2, SOS, SCAN_WITH_MARKERS, DHT, SOS, SCAN_DATA, EOI]
    const { bytes, offsets } = assemble(parts)
    const ends = packets.map((_, i) => offsetOf(offsets, i + 2) + (packets[i]?.length ?? 0))
    for (let cut = 0; cut <= bytes.length; cut++) {
      const whole = ends.filter((end) => end <= cut).length
      const found = c2paManifestIn(bytes.subarray(0, cut))
      if (whole === 0) expect(found, `cut at ${cut}`).toBeNull()
      else
        expect(found?.parts, `cut at ${cut}`).toEqual(
          packets.slice(0, whole).map((_, i) => partOf(offsets, parts, i + 2))
        )
    }
  })

  it('any byte set to 0x00, 0x01, 0xFF or a random value never throws nor points past the end', () => {
    const packets = app11Packets(small, 48)
    const original = Buffer.concat([SOI, ...packets, SOF2, SOS, SCAN_WITH_MARKERS, DHT, SOS, SCAN_DATA, EOI])
    const random = seededRandom(0xa11)
    for (let i = 0; i < original.length; i++) {
      for (const value of [0x00, 0x01, 0xff, Math.floor(random() * 256)]) {
        const bytes = Buffer.from(original)
        bytes[i] = value
        expect(() => c2paManifestIn(bytes)).not.toThrow()
        expectWithinBytes(bytes)
      }
    }
  })
})

describe('WebP', () => {
  it('finds a C2PA chunk after an odd-sized chunk and its pad byte, with its length', () => {
    const c2pa = riffChunk('C2PA', jumbf())
    const { bytes, offsets } = assemble(webpParts([VP8L_ODD, c2pa]))
    // RIFF header (12) + VP8L (8 + 5 + 1 pad).
    expect(offsetOf(offsets, 2)).toBe(26)
    const declared = 8 + jumbf().length
    expect(c2paManifestIn(bytes)).toEqual(located('webp', 26, declared))
    expect(hasContentCredentials(bytes)).toBe(true)
  })

  it('finds an odd-sized C2PA chunk that is not the last one', () => {
    const c2pa = riffChunk('C2PA', bytesOf([1, 2, 3]))
    const { bytes, offsets } = assemble(webpParts([c2pa, VP8L_ODD]))
    expect(c2paManifestIn(bytes)).toEqual(located('webp', offsetOf(offsets, 1), 11))
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
    expect(c2paManifestIn(signed)).toEqual(located('png', 33, caBX.length))
  })

  it('JPEG: none as encoded, found at the offset an APP11 is spliced in after SOI', async () => {
    const encoded = await image().jpeg().toBuffer()
    expect(c2paManifestIn(encoded)).toBeNull()
    const segment = app11(jumbf())
    const signed = Buffer.concat([encoded.subarray(0, 2), segment, encoded.subarray(2)])
    expect(c2paManifestIn(signed)).toEqual(located('jpeg', 2, segment.length))
  })

  it('progressive JPEG: none as encoded, found where an APP11 is spliced in after the first scan', async () => {
    const encoded = await image().jpeg({ progressive: true }).toBuffer()
    expect(c2paManifestIn(encoded)).toBeNull()
    const firstScan = encoded.indexOf(bytesOf([0xff, 0xda]))
    const afterFirstScan = markerAfter(encoded, firstScan + 2)
    // The first scan is followed by another Huffman table and more scans.
    expect(encoded[afterFirstScan + 1]).toBe(0xc4)
    expect(encoded.indexOf(bytesOf([0xff, 0xda]), afterFirstScan)).toBeGreaterThan(afterFirstScan)
    const segment = app11(jumbf())
    const signed = Buffer.concat([
      encoded.subarray(0, afterFirstScan),
      segment,
      encoded.subarray(afterFirstScan)
    ])
    expect(c2paManifestIn(signed)).toEqual(located('jpeg', afterFirstScan, segment.length))
    // Still a picture a decoder reads, pixel for pixel the same.
    const [before, after] = await Promise.all([encoded, signed].map((bytes) => sharp(bytes).raw().toBuffer()))
    expect(after?.equals(before ?? Buffer.alloc(0))).toBe(true)
  })

  it('progressive JPEG with an APP11 between scans: cut at any byte or with any byte changed, never a throw', async () => {
    const encoded = await image().jpeg({ progressive: true }).toBuffer()
    const at = markerAfter(encoded, encoded.indexOf(bytesOf([0xff, 0xda])) + 2)
    const segment = app11(jumbf())
    const signed = Buffer.concat([encoded.subarray(0, at), segment, encoded.subarray(at)])
    for (let cut = 0; cut <= signed.length; cut++) {
      const found = c2paManifestIn(signed.subarray(0, cut))
      expect(found, `cut at ${cut}`).toEqual(
        cut >= at + segment.length ? located('jpeg', at, segment.length) : null
      )
    }
    for (let i = 0; i < signed.length; i++) {
      for (const value of [0x00, 0x01, 0xff]) {
        const bytes = Buffer.from(signed)
        bytes[i] = value
        expect(() => c2paManifestIn(bytes)).not.toThrow()
        expectWithinBytes(bytes)
      }
    }
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
      expect(c2paManifestIn(view), fixture.name).toEqual(
        located(fixture.container, fixture.at, fixture.length)
      )
    }
  })

  it('a file cut at any byte never throws, and the manifest is found exactly when it is whole', () => {
    for (const fixture of fixturesWithManifest()) {
      for (let cut = 0; cut <= fixture.bytes.length; cut++) {
        const bytes = fixture.bytes.subarray(0, cut)
        const found = c2paManifestIn(bytes)
        if (cut >= fixture.at + fixture.length) {
          expect(found, `${fixture.name} cut at ${cut}`).toEqual(
            located(fixture.container, fixture.at, fixture.length)
          )
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
