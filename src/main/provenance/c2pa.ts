/**
 * C2PA "content credentials" detection. A signed manifest covers the file's bytes, so anything the app
 * writes into such a file (even harmless metadata) makes valid credentials read as "tampered". Callers ask
 * here first and leave a file with credentials exactly as the gateway sent it.
 *
 * Detection walks each container's own structure and looks only where C2PA puts its manifest store: the
 * same four letters inside compressed image data are noise, and searching the whole file for them would
 * both misfire and cost a full scan. The walk reads lengths from untrusted bytes, so every one is checked
 * against the end of the buffer and a bad one ends the walk: the answer is then "no manifest", never a throw.
 */

export type ImageContainer = 'png' | 'jpeg' | 'webp'

/** Where a manifest store sits: `at` is where its chunk or segment starts, `length` counts its headers too. */
export interface C2paManifestLocation {
  container: ImageContainer
  at: number
  length: number
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** JUMBF type UUID of a C2PA manifest store: "c2pa" followed by the ISO 19566-5 suffix. */
const C2PA_UUID = [
  0x63, 0x32, 0x70, 0x61, 0x00, 0x11, 0x00, 0x10, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71
]

/** The jumd label of a manifest store, with the NUL that ends it (so "c2pa.claim" and the like do not match). */
const C2PA_LABEL = [0x63, 0x32, 0x70, 0x61, 0x00]

const view = (bytes: Uint8Array): DataView => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)

function matchesAt(bytes: Uint8Array, at: number, expected: readonly number[]): boolean {
  if (at < 0 || at + expected.length > bytes.length) return false
  return expected.every((b, i) => bytes[at + i] === b)
}

function asciiAt(bytes: Uint8Array, at: number, text: string): boolean {
  if (at < 0 || at + text.length > bytes.length) return false
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false
  return true
}

/** Which container the bytes are, by their signature; null for anything else. */
export function containerOf(bytes: Uint8Array): ImageContainer | null {
  if (matchesAt(bytes, 0, PNG_SIGNATURE)) return 'png'
  // SOI followed by the start of the next marker, as the library's sniffer reads it: two bytes alone are no JPEG.
  if (matchesAt(bytes, 0, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (asciiAt(bytes, 0, 'RIFF') && asciiAt(bytes, 8, 'WEBP')) return 'webp'
  return null
}

/** Where a C2PA manifest store was found, or null when the file carries none (or is not one of the three). */
export function c2paManifestIn(bytes: Uint8Array): C2paManifestLocation | null {
  switch (containerOf(bytes)) {
    case 'png':
      return inPng(bytes)
    case 'jpeg':
      return inJpeg(bytes)
    case 'webp':
      return inWebp(bytes)
    case null:
      return null
  }
}

/** True when the file carries content credentials: such a file is never modified by the app. */
export function hasContentCredentials(bytes: Uint8Array): boolean {
  return c2paManifestIn(bytes) !== null
}

/** PNG keeps the manifest store in its own `caBX` chunk; nothing after IEND belongs to the image. */
function inPng(bytes: Uint8Array): C2paManifestLocation | null {
  const data = view(bytes)
  let at = PNG_SIGNATURE.length
  while (at + 12 <= bytes.length) {
    const length = data.getUint32(at)
    const end = at + 12 + length
    if (end > bytes.length) return null
    if (asciiAt(bytes, at + 4, 'caBX')) return { container: 'png', at, length: end - at }
    if (asciiAt(bytes, at + 4, 'IEND')) return null
    at = end
  }
  return null
}

/**
 * JPEG keeps the manifest store in APP11 segments, the only place a JUMBF box can go before the scan.
 * Once SOS starts the entropy-coded data, markers can no longer be walked by length, and C2PA never puts
 * its manifest there, so the walk stops.
 */
function inJpeg(bytes: Uint8Array): C2paManifestLocation | null {
  const data = view(bytes)
  let at = 2
  while (at + 2 <= bytes.length) {
    if (data.getUint8(at) !== 0xff) return null
    const marker = data.getUint8(at + 1)
    // A marker may be preceded by any number of 0xFF fill bytes.
    if (marker === 0xff) {
      at += 1
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return null
    // TEM and RSTn stand alone, without a length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2
      continue
    }
    if (at + 4 > bytes.length) return null
    const length = data.getUint16(at + 2)
    const end = at + 2 + length
    if (length < 2 || end > bytes.length) return null
    if (marker === 0xeb && isC2paJumbf(bytes.subarray(at + 4, end))) {
      return { container: 'jpeg', at, length: end - at }
    }
    at = end
  }
  return null
}

/**
 * An APP11 payload is a C2PA manifest store when it is a JPEG-XT packet ("JP", box instance, packet
 * sequence) holding a `jumb` superbox whose first box, the `jumd` description, names c2pa by its UUID or
 * its label. Either one is enough: writers differ, and a false "no" would let the app damage credentials.
 * Continuation packets of a store spread over several segments repeat only the box header, so the
 * first packet is the one found.
 */
function isC2paJumbf(payload: Uint8Array): boolean {
  if (!asciiAt(payload, 0, 'JP') || !asciiAt(payload, 12, 'jumb')) return false
  // A box length of 1 means an 8-byte extended length follows the type, pushing the description box on.
  const superboxLength = view(payload).getUint32(8)
  const description = superboxLength === 1 ? 24 : 16
  if (description + 8 > payload.length || !asciiAt(payload, description + 4, 'jumd')) return false
  const uuid = description + 8
  const label = uuid + C2PA_UUID.length + 1
  return matchesAt(payload, uuid, C2PA_UUID) || matchesAt(payload, label, C2PA_LABEL)
}

/**
 * WebP keeps the manifest store in a `C2PA` chunk. Chunks past the end the RIFF header gives are not part
 * of the file, so the walk stops there too. The length returned is the chunk's own size plus its header;
 * the pad byte after an odd-sized chunk is left out, since a file that ends on that chunk may lack it.
 */
function inWebp(bytes: Uint8Array): C2paManifestLocation | null {
  const data = view(bytes)
  const limit = Math.min(bytes.length, 8 + data.getUint32(4, true))
  let at = 12
  while (at + 8 <= limit) {
    const size = data.getUint32(at + 4, true)
    const end = at + 8 + size
    if (end > limit) return null
    if (asciiAt(bytes, at, 'C2PA')) return { container: 'webp', at, length: end - at }
    at = end + (size % 2)
  }
  return null
}
