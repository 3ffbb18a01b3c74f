/**
 * C2PA "content credentials" detection. A signed manifest covers the file's bytes, so anything the app
 * writes into such a file (even harmless metadata) makes valid credentials read as "tampered". Callers ask
 * here first and leave a file with credentials exactly as the gateway sent it.
 *
 * Detection walks each container's own structure and looks only where C2PA puts its manifest store: the
 * same four letters inside compressed image data are noise, and searching the whole file for them would
 * both misfire and cost a full scan. The walk reads lengths from untrusted bytes, so every one is checked
 * against the end of the buffer and a bad one ends the walk, never a throw.
 *
 * The two wrong answers do not cost the same: a false "yes" sends a file out untouched with its story in
 * a sidecar, a false "no" lets the app write into a file whose credentials would then read "tampered".
 * A walk that ends early therefore keeps any store it has already found, and where a reader that
 * validators use would go on (stray bytes between JPEG segments), the walk goes on too. It answers "no"
 * only where no reader can follow the file (a length that runs past its end, or a JPEG segment length
 * below 2): credentials past such a point can be neither found nor checked, so none are there to damage.
 */

export type ImageContainer = 'png' | 'jpeg' | 'webp'

/** One chunk or segment of a file: where it starts and its length, headers included. */
export interface ByteSpan {
  at: number
  length: number
}

/**
 * Where a manifest store sits: `at` is where its first chunk or segment starts, and `length` runs through
 * the end of its last, headers included. `parts` lists each chunk or segment that holds the store, in file
 * order: one, but for a JPEG store over 64 KB, which is spread over several APP11 segments (other segments
 * may sit between them, so the span alone would claim bytes that are not the store's).
 */
export interface C2paManifestLocation extends ByteSpan {
  container: ImageContainer
  parts: readonly ByteSpan[]
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

/** A store held whole by one chunk. */
const whole = (container: ImageContainer, at: number, length: number): C2paManifestLocation => ({
  container,
  at,
  length,
  parts: [{ at, length }]
})

/** PNG keeps the manifest store in its own `caBX` chunk; nothing after IEND belongs to the image. */
function inPng(bytes: Uint8Array): C2paManifestLocation | null {
  const data = view(bytes)
  let at = PNG_SIGNATURE.length
  while (at + 12 <= bytes.length) {
    const length = data.getUint32(at)
    const end = at + 12 + length
    if (end > bytes.length) return null
    if (asciiAt(bytes, at + 4, 'caBX')) return whole('png', at, end - at)
    if (asciiAt(bytes, at + 4, 'IEND')) return null
    at = end
  }
  return null
}

/** A JPEG marker that stands alone, without a length: TEM, RST0 to RST7, SOI. */
const standsAlone = (marker: number): boolean => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)

/**
 * JPEG keeps the manifest store in APP11 segments. C2PA writers put them before the first scan, but an
 * APPn segment is legal between scans and after the last one too (a progressive JPEG has many scans, with
 * Huffman tables between them), so the walk goes on past every scan's entropy-coded data to EOI. A store
 * over 64 KB spans several APP11 segments (`StoreInJpeg`); once every byte of it has been seen, the walk
 * ends there, so a file signed the usual way is not read past its headers.
 */
function inJpeg(bytes: Uint8Array): C2paManifestLocation | null {
  const data = view(bytes)
  let store: StoreInJpeg | null = null
  let at = 2
  while (at + 2 <= bytes.length) {
    if (data.getUint8(at) !== 0xff) {
      // Stray bytes between segments: decoders, and the readers validators use, skip on to the next
      // 0xFF, and so does the walk, lest it answer "no" for credentials they would find and verify.
      const next = bytes.indexOf(0xff, at + 1)
      if (next < 0) break
      at = next
      continue
    }
    const marker = data.getUint8(at + 1)
    // A marker may be preceded by any number of 0xFF fill bytes.
    if (marker === 0xff) {
      at += 1
      continue
    }
    if (marker === 0xd9) break
    // 0xFF00 is no marker: stray bytes too.
    if (marker === 0x00 || standsAlone(marker)) {
      at += 2
      continue
    }
    if (at + 4 > bytes.length) break
    const length = data.getUint16(at + 2)
    const end = at + 2 + length
    if (length < 2 || end > bytes.length) break
    if (marker === 0xeb) {
      store = withPacket(store, bytes.subarray(at + 4, end), { at, length: end - at })
      if (store?.complete()) break
    }
    at = marker === 0xda ? afterScan(bytes, end) : end
  }
  return store?.location() ?? null
}

/**
 * Where the marker after a scan's entropy-coded data starts, or the end of the bytes when none does. In
 * that data a 0xFF is followed by 0x00 (a stuffed 0xFF of the data itself), by RST0 to RST7 (restart
 * markers, which belong to the scan), or by more 0xFF fill before a marker; any other byte is the marker
 * that ends the scan.
 */
function afterScan(bytes: Uint8Array, from: number): number {
  let at = from
  for (;;) {
    const ff = bytes.indexOf(0xff, at)
    if (ff < 0) return bytes.length
    let next = ff + 1
    while (next < bytes.length && bytes[next] === 0xff) next += 1
    const byte = bytes[next]
    if (byte === undefined) return bytes.length
    if (byte !== 0x00 && (byte < 0xd0 || byte > 0xd7)) return next - 1
    at = next + 1
  }
}

/**
 * A manifest store's APP11 segments, as JPEG-XT packs a box too big for one segment: every packet has the
 * same box instance number ("En") and the next packet sequence number ("Z"), and repeats the box's own
 * header (its length, type and any extended length) before the next piece of the box.
 */
class StoreInJpeg {
  readonly parts: ByteSpan[]
  /** Bytes of the box seen so far. */
  private carried: number

  constructor(
    first: ByteSpan,
    firstPayload: Uint8Array,
    private readonly instance: number,
    private sequence: number,
    /** The box header every packet repeats: length and type, and the extended length when there is one. */
    private readonly header: readonly number[],
    /** The box's whole length; Infinity for a box that says it runs to the end (a length of 0). */
    private readonly total: number
  ) {
    this.parts = [first]
    this.carried = firstPayload.length - 8
  }

  /** Takes the segment on when it is the store's next packet. */
  take(span: ByteSpan, payload: Uint8Array): void {
    if (!asciiAt(payload, 0, 'JP') || !matchesAt(payload, 8, this.header)) return
    const data = view(payload)
    if (data.getUint16(2) !== this.instance || data.getUint32(4) !== this.sequence + 1) return
    this.sequence += 1
    this.carried += payload.length - 8 - this.header.length
    this.parts.push(span)
  }

  complete(): boolean {
    return this.carried >= this.total
  }

  location(): C2paManifestLocation {
    const first = this.parts[0] ?? { at: 0, length: 0 }
    const last = this.parts[this.parts.length - 1] ?? first
    return {
      container: 'jpeg',
      at: first.at,
      length: last.at + last.length - first.at,
      parts: [...this.parts]
    }
  }
}

/**
 * The store as it stands after one more APP11 segment: started by the first packet of a C2PA store,
 * grown by its next packet, unchanged by any other (a second store, another JUMBF box, a packet out of
 * turn). A store whose later packets are missing is still a store: "yes" is the safe answer.
 */
function withPacket(store: StoreInJpeg | null, payload: Uint8Array, span: ByteSpan): StoreInJpeg | null {
  if (store) {
    store.take(span, payload)
    return store
  }
  if (!isC2paJumbf(payload)) return null
  const data = view(payload)
  const boxLength = data.getUint32(8)
  const extended = boxLength === 1
  // `isC2paJumbf` has checked that the description box follows the header, so the header is all there.
  const total = extended ? Number(data.getBigUint64(16)) : boxLength === 0 ? Infinity : boxLength
  const header = Array.from(payload.subarray(8, extended ? 24 : 16))
  return new StoreInJpeg(span, payload, data.getUint16(2), data.getUint32(4), header, total)
}

/**
 * An APP11 payload is a C2PA manifest store when it is a JPEG-XT packet ("JP", box instance, packet
 * sequence) holding a `jumb` superbox whose first box, the `jumd` description, names c2pa by its UUID or
 * its label. Either one is enough: writers differ, and a false "no" would let the app damage credentials.
 * Continuation packets of a store spread over several segments repeat only the box header, so only the
 * first packet can be recognised on its own (`withPacket` gathers the rest).
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
    if (asciiAt(bytes, at, 'C2PA')) return whole('webp', at, end - at)
    at = end + (size % 2)
  }
  return null
}
