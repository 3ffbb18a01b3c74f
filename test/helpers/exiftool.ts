import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import sharp from 'sharp'

/** Debian's ExifTool (libimage-exiftool-perl, installed by .ci/run): the reader that is not ours. */
export const READER = '/usr/bin/exiftool'

/** Every tag the independent reader finds in a file, by group-qualified name (`XMP-dc:Description`). */
export function readBack(path: string): Record<string, unknown> {
  const out = execFileSync(READER, ['-j', '-G1', '-a', '-struct', path], { encoding: 'utf8' })
  return (JSON.parse(out) as Record<string, unknown>[])[0] ?? {}
}

/** A hash of an image's decoded pixels and their shape: equal for a copy whose pixels were not touched. */
export async function pixelsHash(bytes: Buffer): Promise<string> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true })
  return createHash('sha256')
    .update(`${info.width}x${info.height}x${info.channels}`)
    .update(data)
    .digest('hex')
}
