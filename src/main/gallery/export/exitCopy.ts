import { Readable } from 'node:stream'
import type { ReusedBuffers } from '../../library/reusedBuffers'
import type { Embedded, MetadataWriter } from '../../provenance/embed'
import { recordJson } from '../../provenance/record'
import type { PlannedFile } from './plan'
import { bytesOf, wholeBytesOf } from './writer'

/** The bytes that leave for one planned file, and the record to write beside it when not inside it. */
export interface ExitCopy {
  stream: Readable
  sidecar: string | null
  /**
   * The copy's bytes whole, when they are in a lent buffer (`ReusedBuffers`): a writer writes these rather
   * than `stream` and calls `release` once they are written, not merely queued, so the buffer can take the
   * next copy.
   */
  lent?: { bytes: Buffer; release: () => void }
}

export type CopyOut = (file: PlannedFile) => Promise<ExitCopy>

/**
 * Closes a copy that will not be written. A file stream may still be opening (and fail, its file gone):
 * with no listener, that error would end the process.
 */
export function discard(copy: ExitCopy): void {
  copy.stream.on('error', () => undefined)
  copy.stream.destroy()
  copy.lent?.release()
}

/** The sidecar's name beside its file: `fox.png` → `fox.png.json`, so each says whose story it is. */
export const sidecarName = (fileName: string): string => `${fileName}.json`

/** The file exactly as the library keeps it, nothing beside it (an export without a metadata writer). */
export const plainCopy: CopyOut = async (file) => ({ stream: await bytesOf(file), sidecar: null })

/**
 * Copies that carry their story (issue 26): an image gets its record written into it; a video, a file
 * with content credentials and any format the writer does not write into leave exactly as the library
 * keeps them, their record in a sidecar. A video is streamed, never read whole into memory; an image is
 * (the writer works on a whole file). With `buffers` (an export's many copies), images are read into
 * lent buffers and each copy says so (`lent`).
 */
export function copiesWithMetadata(metadata: MetadataWriter, buffers?: ReusedBuffers): CopyOut {
  return async (file) => {
    if (!file.mime.startsWith('image/'))
      return { stream: await bytesOf(file), sidecar: recordJson(file.record) }
    const original = await wholeBytesOf(file, buffers)
    let copy: Embedded
    try {
      copy = await metadata.embed(original, file.record, buffers)
    } catch (error) {
      buffers?.give(original)
      throw error
    }
    const sidecar = copy.embedded ? null : recordJson(file.record)
    const bytes = copy.bytes
    if (!buffers) return { stream: Readable.from([bytes]), sidecar }
    // Written into ExifTool's work file: its buffer can take the next read at once.
    if (copy.embedded) buffers.give(original)
    return { stream: Readable.from([bytes]), sidecar, lent: { bytes, release: () => buffers.give(bytes) } }
  }
}

/**
 * The copies of `files` in their order, with `ahead` of them being made while the writer writes the
 * last: writing metadata into a copy costs ExifTool about 10 ms an image, which an export of thousands
 * otherwise waited out one image at a time. Copies made and not taken (a cancelled export) are closed.
 */
export async function* copiesInOrder(
  files: readonly PlannedFile[],
  copyOut: CopyOut,
  ahead = 4
): AsyncGenerator<{ index: number; file: PlannedFile; copy: ExitCopy }> {
  const making: Promise<ExitCopy>[] = []
  let next = 0
  // Refilled before each copy is handed over, so `ahead` are in the making while the writer writes.
  const fill = (): void => {
    while (making.length < ahead && next < files.length) {
      const copy = copyOut(files[next++] as PlannedFile)
      copy.catch(() => undefined)
      making.push(copy)
    }
  }
  try {
    for (const [index, file] of files.entries()) {
      fill()
      const copy = await (making.shift() as Promise<ExitCopy>)
      fill()
      yield { index, file, copy }
    }
  } finally {
    for (const copy of making) copy.then(discard, () => undefined)
  }
}
