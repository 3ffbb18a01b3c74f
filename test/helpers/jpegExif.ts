/**
 * JPEG segments as generators write them: A1111 puts its settings into a JPEG with piexif.
 */

/**
 * The EXIF block A1111 writes into a JPEG with piexif: a big-endian TIFF whose IFD0 holds only the
 * pointer to the Exif IFD, which holds only UserComment: `UNICODE\0`, then the text in UTF-16BE.
 */
export function a1111Exif(text: string): Buffer {
  const comment = Buffer.concat([Buffer.from('UNICODE\0', 'latin1'), Buffer.from(text, 'utf16le').swap16()])
  const tiff = Buffer.alloc(44)
  tiff.write('MM', 0, 'latin1')
  tiff.writeUInt16BE(42, 2)
  tiff.writeUInt32BE(8, 4) // IFD0
  tiff.writeUInt16BE(1, 8)
  tiff.writeUInt16BE(0x8769, 10) // ExifIFDPointer, LONG, 1, at 26
  tiff.writeUInt16BE(4, 12)
  tiff.writeUInt32BE(1, 14)
  tiff.writeUInt32BE(26, 18)
  tiff.writeUInt32BE(0, 22)
  tiff.writeUInt16BE(1, 26) // Exif IFD
  tiff.writeUInt16BE(0x9286, 28) // UserComment, UNDEFINED, its length, at 44
  tiff.writeUInt16BE(7, 30)
  tiff.writeUInt32BE(comment.length, 32)
  tiff.writeUInt32BE(44, 36)
  tiff.writeUInt32BE(0, 40)
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff, comment])
}

/** `piexif.insert`: the APP1 segment goes right after SOI, in the place of a JFIF APP0 if there is one. */
export function piexifInsert(jpeg: Buffer, exif: Buffer): Buffer {
  const app1 = Buffer.alloc(4)
  app1.writeUInt16BE(0xffe1, 0)
  app1.writeUInt16BE(exif.length + 2, 2)
  const app0 = jpeg.readUInt16BE(2) === 0xffe0 ? 2 + jpeg.readUInt16BE(4) : 0
  return Buffer.concat([jpeg.subarray(0, 2), app1, exif, jpeg.subarray(2 + app0)])
}

/** A JPEG segment: marker, length, body. */
export function jpegSegment(marker: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4)
  head.writeUInt16BE(marker, 0)
  head.writeUInt16BE(body.length + 2, 2)
  return Buffer.concat([head, body])
}

/** `jpeg` with `segments` right after its start (SOI). */
export const jpegWith = (jpeg: Buffer, ...segments: Buffer[]): Buffer =>
  Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)])
