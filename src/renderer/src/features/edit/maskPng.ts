/**
 * A minimal PNG encoder for the edit mask: 8-bit RGBA, no filtering, one zlib stream through the platform's
 * `CompressionStream('deflate')`. Written here rather than through `canvas.toBlob` because a canvas keeps
 * premultiplied colour and may drop an alpha channel it thinks unused; this writes exactly the bytes given.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

function crc32(parts: readonly Uint8Array[]): number {
  let crc = 0xffffffff
  for (const bytes of parts)
    for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  const name = new Uint8Array([...type].map((c) => c.charCodeAt(0)))
  view.setUint32(0, data.length)
  out.set(name, 4)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32([name, data]))
  return out
}

async function deflate(
  rows: (write: (bytes: Uint8Array) => Promise<void>) => Promise<void>
): Promise<Uint8Array> {
  const stream = new CompressionStream('deflate')
  const writer = stream.writable.getWriter()
  const collected = new Response(stream.readable).arrayBuffer()
  await rows((bytes) => writer.write(bytes as Uint8Array<ArrayBuffer>))
  await writer.close()
  return new Uint8Array(await collected)
}

/** Encodes `rgba` (width × height × 4 bytes, row by row) as a PNG file. */
export async function encodePng(
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number
): Promise<Uint8Array> {
  if (rgba.length !== width * height * 4) throw new Error('encodePng: pixel data does not match the size')
  const header = new Uint8Array(13)
  const view = new DataView(header.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  header.set([8, 6, 0, 0, 0], 8) // 8-bit, RGBA, deflate, no filter method variants, no interlace
  const stride = width * 4
  // Rows go to the compressor in blocks so a 4096² mask never needs a second 64 MiB copy.
  const rowsPerBlock = Math.max(1, Math.floor((4 * 1024 * 1024) / (stride + 1)))
  const data = await deflate(async (write) => {
    for (let y0 = 0; y0 < height; y0 += rowsPerBlock) {
      const rows = Math.min(rowsPerBlock, height - y0)
      const block = new Uint8Array(rows * (stride + 1))
      for (let r = 0; r < rows; r++) {
        const from = (y0 + r) * stride
        block[r * (stride + 1)] = 0 // filter: none
        block.set(rgba.subarray(from, from + stride), r * (stride + 1) + 1)
      }
      await write(block)
    }
  })
  const signature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  const parts = [signature, chunk('IHDR', header), chunk('IDAT', data), chunk('IEND', new Uint8Array(0))]
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** Base64 of bytes, in slices small enough for `String.fromCharCode`'s argument limit. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  const slice = 0x8000
  for (let i = 0; i < bytes.length; i += slice) binary += String.fromCharCode(...bytes.subarray(i, i + slice))
  return btoa(binary)
}
