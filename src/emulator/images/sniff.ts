/** The image media type a buffer's magic bytes announce, if any of the usual ones. */
export function sniffImage(buf: Buffer): string | undefined {
  if (buf.length >= 8 && buf.readUInt32BE(0) === 0x89504e47) return 'image/png'
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg'
  if (buf.length >= 6 && buf.toString('latin1', 0, 4) === 'GIF8') return 'image/gif'
  if (
    buf.length >= 12 &&
    buf.toString('latin1', 0, 4) === 'RIFF' &&
    buf.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp'
  }
  return undefined
}

/** Decoded bytes of a `data:image/...;base64,` URI, or undefined for other strings. */
export function dataUriBytes(value: string): { mediaType: string; bytes: Buffer } | undefined {
  const m = /^data:(image\/[a-z0-9.+-]+);base64,(.*)$/is.exec(value)
  if (!m?.[1] || m[2] === undefined) return undefined
  return { mediaType: m[1].toLowerCase(), bytes: Buffer.from(m[2], 'base64') }
}
