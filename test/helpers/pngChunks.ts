import { crc32 } from 'node:zlib'

/**
 * PNG chunks as generators write them, for files that carry other tools' settings (ComfyUI, InvokeAI and
 * A1111 write theirs with PIL's `PngInfo`).
 */

/** A PNG chunk: length, type, data, and the CRC-32 of type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([length, typed, crc])
}

/** A `tEXt` chunk: keyword, NUL, Latin-1 text. */
export const tEXt = (keyword: string, text: string): Buffer =>
  pngChunk('tEXt', Buffer.concat([Buffer.from(`${keyword}\0`, 'latin1'), Buffer.from(text, 'latin1')]))

/** An uncompressed `iTXt` chunk with no language or translated keyword, as PIL writes text Latin-1 cannot hold. */
export const iTXt = (keyword: string, text: string): Buffer =>
  pngChunk('iTXt', Buffer.concat([Buffer.from(`${keyword}\0\0\0\0\0`, 'latin1'), Buffer.from(text, 'utf8')]))

/** PIL's `PngInfo.add_text`: `tEXt` when the text is Latin-1, `iTXt` otherwise. */
export const pilText = (keyword: string, text: string): Buffer =>
  /^[\x20-\xff\n]*$/.test(text) ? tEXt(keyword, text) : iTXt(keyword, text)

/**
 * `png` with `chunks` before its first IDAT, where PIL writes them, or before IEND (some tools add theirs
 * to a finished file).
 */
export function withChunks(
  png: Buffer,
  chunks: Buffer[],
  where: 'before IDAT' | 'before IEND' = 'before IDAT'
): Buffer {
  const at = where === 'before IDAT' ? png.indexOf(Buffer.from('IDAT', 'latin1')) - 4 : png.length - 12
  const found = png.subarray(at + 4, at + 8).toString('latin1')
  if (found !== (where === 'before IDAT' ? 'IDAT' : 'IEND'))
    throw new Error(`not a PNG as expected: ${found}`)
  return Buffer.concat([png.subarray(0, at), ...chunks, png.subarray(at)])
}
