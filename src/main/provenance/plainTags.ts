import { inflateSync } from 'node:zlib'
import { containerOf } from './c2pa'

/*
 * The tags `settingsOf` (readBack.ts) reads, taken straight from a file's bytes where they sit there
 * plainly, so an import does not wait on ExifTool for them: a PNG whose settings are in its text chunks
 * (A1111, ComfyUI and InvokeAI write nothing else), a JPEG with no segment that could hold EXIF or XMP
 * (nothing there for `settingsOf` at all). Everything else, and anything this reader is not sure it reads
 * as ExifTool does, answers null: ExifTool reads that file, as before. A test reads the same files both
 * ways and holds the settings equal.
 */

/** Text tags by ExifTool's group-qualified name (`PNG:Parameters`), or `{}`: nothing `settingsOf` reads. */
export type PlainTags = Record<string, string>

/**
 * Chunks that hold pixels, colour or timing, never text ExifTool would read as XMP or EXIF. Any other chunk
 * (`eXIf`, `caBX`, one this list does not know) sends the file to ExifTool.
 */
const PLAIN_CHUNKS = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sBIT',
  'sRGB',
  'cICP',
  'bKGD',
  'hIST',
  'pHYs',
  'sPLT',
  'tIME',
  'acTL',
  'fcTL',
  'fdAT'
])

/** Text chunks ExifTool reads as XMP, EXIF, IPTC or a profile rather than as text. */
const NOT_PLAIN_KEYWORD = /^(?:xml:com\.adobe\.xmp|raw profile type\b)/i

/** A decompressed text is capped: a chunk that inflates past this is left to ExifTool. */
const MAX_TEXT_BYTES = 16 * 1024 * 1024

// A byte-order mark stays, as ExifTool keeps it.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/**
 * ExifTool's name for a text chunk's keyword it has no name of its own for: words joined, each after the
 * first capitalised, characters a tag name cannot hold dropped, the first letter capitalised
 * (`invokeai_metadata` → `Invokeai_metadata`, `sd-metadata` → `Sd-metadata`).
 */
function tagName(keyword: string): string {
  const joined = keyword.replace(/\s+(.)/g, (_, letter: string) => letter.toUpperCase())
  const name = joined.replace(/[^-\w]/g, '')
  return name.charAt(0).toUpperCase() + name.slice(1)
}

/**
 * A control character other than a tab or a line break: ExifTool may show such a value as binary data,
 * so a text holding one is left to it.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/

/** Bytes as ASCII text, or null when any is outside ASCII (Latin-1 is ExifTool's to convert) or a control. */
function asciiText(bytes: Uint8Array): string | null {
  for (const byte of bytes) if (byte > 0x7e) return null
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  return CONTROL.test(text) ? null : text
}

function inflated(bytes: Uint8Array): Uint8Array | null {
  try {
    return inflateSync(bytes, { maxOutputLength: MAX_TEXT_BYTES })
  } catch {
    return null
  }
}

/** One text chunk's keyword and text, or null when it is not plain text this reader takes. */
function textChunk(type: string, data: Uint8Array): { keyword: string; text: string } | null {
  const nul = data.indexOf(0)
  if (nul < 1 || nul > 79) return null
  const keyword = asciiText(data.subarray(0, nul))
  if (keyword === null || NOT_PLAIN_KEYWORD.test(keyword)) return null
  const rest = data.subarray(nul + 1)
  if (type === 'tEXt') {
    const text = asciiText(rest)
    return text === null ? null : { keyword, text }
  }
  if (type === 'zTXt') {
    if (rest[0] !== 0) return null
    const body = inflated(rest.subarray(1))
    const text = body && asciiText(body)
    return text ? { keyword, text } : null
  }
  // iTXt: compression flag and method, then a language tag and a translated keyword, each ending in NUL.
  const [compressed, method] = [rest[0], rest[1]]
  if (compressed === undefined || method !== 0 || compressed > 1) return null
  // A language or a translated keyword changes ExifTool's name for the tag (`Title-fr`).
  if (rest[2] !== 0 || rest[3] !== 0) return null
  const body = compressed === 1 ? inflated(rest.subarray(4)) : rest.subarray(4)
  if (body === null) return null
  try {
    const text = utf8.decode(body)
    return CONTROL.test(text) ? null : { keyword, text }
  } catch {
    return null
  }
}

function pngTags(bytes: Uint8Array): PlainTags | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const tags: PlainTags = {}
  const names = new Set<string>()
  // Past the signature.
  let at = 8
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at)
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8))
    const end = at + 12 + length
    if (end > bytes.length) return null
    if (type === 'IEND') return end === bytes.length ? tags : null
    if (type === 'tEXt' || type === 'zTXt' || type === 'iTXt') {
      const chunk = textChunk(type, bytes.subarray(at + 8, at + 8 + length))
      if (chunk === null) return null
      const name = tagName(chunk.keyword)
      // Two chunks of one name: which one ExifTool shows is its own rule.
      if (name === '' || names.has(name.toLowerCase())) return null
      names.add(name.toLowerCase())
      tags[`PNG:${name}`] = chunk.text
    } else if (!PLAIN_CHUNKS.has(type)) return null
    at = end
  }
  return null
}

const EOI = Buffer.from([0xff, 0xd9])
const APP1 = Buffer.from([0xff, 0xe1])
const APP13 = Buffer.from([0xff, 0xed])

/** JPEG segments that hold neither EXIF nor XMP: frames, tables, JFIF, ICC profiles, Adobe's, comments. */
function plainJpegMarker(marker: number): boolean {
  return (
    (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc8) ||
    marker === 0xdb ||
    marker === 0xdd ||
    marker === 0xfe ||
    marker === 0xe0 ||
    marker === 0xe2 ||
    marker === 0xee
  )
}

function jpegTags(bytes: Uint8Array): PlainTags | null {
  let at = 2
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null
    const marker = bytes[at + 1] as number
    if (marker === 0xff) {
      at += 1
      continue
    }
    if (marker === 0xda) {
      // The scans: the only markers in them are restarts, and further scans' tables. APP1 (EXIF, XMP) or
      // APP13 (Photoshop's, which may hold XMP) after the first scan, or anything after the end of the
      // image (a trailer ExifTool reads), sends the file to ExifTool.
      const rest = Buffer.from(bytes.buffer, bytes.byteOffset + at, bytes.byteLength - at)
      const eoi = rest.indexOf(EOI)
      if (eoi < 0 || at + eoi + 2 !== bytes.length) return null
      if (rest.indexOf(APP1) >= 0 || rest.indexOf(APP13) >= 0) return null
      return {}
    }
    if (!plainJpegMarker(marker)) return null
    const length = ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number)
    if (length < 2) return null
    at += 2 + length
  }
  return null
}

/**
 * The tags `settingsOf` reads in a PNG or JPEG file's bytes, read here where they sit plainly; null
 * where ExifTool must read the file (any other format, EXIF or XMP present, text that is not plain, a
 * structure this reader does not follow to its end).
 */
export function plainTags(bytes: Uint8Array): PlainTags | null {
  const container = containerOf(bytes)
  return container === 'png' ? pngTags(bytes) : container === 'jpeg' ? jpegTags(bytes) : null
}
