import type { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import type { ReusedBuffers } from '../../library/reusedBuffers'
import type { CopyOut } from './exitCopy'
import type { ExportPlan, PlannedFile } from './plan'

/**
 * What the manager needs from an export format. A writer puts a plan's images, `manifest.json`,
 * `manifest.csv` and `index.html` under `dir`: everything under a temp name, renamed to its final name
 * only when whole and removed otherwise, so a cancelled or failed export leaves nothing behind. A new
 * format is one more writer, its entry in the manager's `WRITERS`, its value in the contract's `format`
 * and its file name in `freeName` (`destination.ts`).
 */
export interface ExportWriter {
  /**
   * Writes the export as `name` (plus the format's extension) inside `dir` and answers its final path.
   * Rejects once `signal` aborts (the manager then reports "cancelled", whatever the error). Each image's
   * bytes come from `copyOut` (`exitCopy.ts`), with the sidecar it may need written beside it.
   */
  write(
    dir: string,
    name: string,
    plan: ExportPlan,
    signal: AbortSignal,
    onProgress: OnProgress,
    copyOut?: CopyOut
  ): Promise<string>
  /** The file name the web host may offer as a download (from the exports folder), or null: not one file. */
  downloadName(name: string): string | null
}

/** `done`: images written so far (null: unchanged); `bytes`: bytes written so far. */
export type OnProgress = (done: number | null, bytes: number) => void

export class ExportCancelled extends Error {
  constructor() {
    super('The export was cancelled.')
  }
}

const gone = (file: PlannedFile): Error => new Error(`The file of ${file.name} is no longer in the library.`)

/** A planned image's bytes, read from the library's store; one gone since the plan is a failed export. */
export async function bytesOf(file: PlannedFile): Promise<Readable> {
  const stream = await file.source.open()
  if (!stream) throw gone(file)
  return stream
}

/**
 * `bytesOf`, whole: read at once where the store can (into a buffer of `buffers` where it reads files),
 * else gathered from its stream.
 */
export async function wholeBytesOf(file: PlannedFile, buffers?: ReusedBuffers): Promise<Buffer> {
  if (file.source.read) {
    const bytes = await file.source.read(buffers)
    if (!bytes) throw gone(file)
    return bytes
  }
  return buffer(await bytesOf(file))
}
