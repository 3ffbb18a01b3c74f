import { fileToBase64 } from '../../../media/intake'

/**
 * Bytes read and encoded at a time: a multiple of 3, so each slice's base64 ends on a whole group and the
 * slices joined are the file's base64. Small enough that no single step holds the page for long.
 */
const SLICE_BYTES = 3 * 1024 * 1024

/** A file as base64, encoded by the browser slice by slice with the page free to paint in between. */
export async function blobToBase64(blob: Blob): Promise<string> {
  const parts: string[] = []
  for (let start = 0; start < blob.size; start += SLICE_BYTES)
    parts.push(await fileToBase64(blob.slice(start, start + SLICE_BYTES)))
  return parts.join('')
}
