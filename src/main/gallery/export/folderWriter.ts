import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { join } from 'node:path'
import { pathInside } from '../../library'
import { IMAGES_DIR, textFiles } from './plan'
import { copiesInOrder, discard, plainCopy, sidecarName } from './exitCopy'
import { ExportCancelled, type ExportWriter } from './writer'

/** A plain folder `<name>/`, one file copied at a time; not offered as a download (it is not one file). */
export const folderWriter: ExportWriter = {
  downloadName: () => null,

  /** Copies into `<name>.tmp-<rand>/` and renames the folder when whole; removes it otherwise. */
  async write(dir, name, plan, signal, onProgress, copyOut = plainCopy) {
    const finalPath = pathInside(dir, name)
    const temp = pathInside(dir, `${name}.tmp-${randomBytes(8).toString('hex')}`)
    let bytes = 0
    try {
      await mkdir(join(temp, IMAGES_DIR), { recursive: true })
      for await (const { index, file, copy } of copiesInOrder(plan.files, copyOut)) {
        if (signal.aborted) {
          discard(copy)
          throw new ExportCancelled()
        }
        const path = pathInside(join(temp, IMAGES_DIR), file.name)
        if (copy.lent) {
          await writeFile(path, copy.lent.bytes)
          copy.lent.release()
        } else await pipeline(copy.stream, createWriteStream(path))
        bytes += file.bytes
        if (copy.sidecar !== null) {
          await writeFile(pathInside(join(temp, IMAGES_DIR), sidecarName(file.name)), copy.sidecar, 'utf8')
          bytes += Buffer.byteLength(copy.sidecar)
        }
        onProgress(index + 1, bytes)
      }
      for (const [file, text] of textFiles(plan)) {
        await writeFile(join(temp, file), text, 'utf8')
        bytes += Buffer.byteLength(text)
      }
      if (signal.aborted) throw new ExportCancelled()
      onProgress(plan.files.length, bytes)
      await rename(temp, finalPath)
      return finalPath
    } catch (error) {
      await rm(temp, { recursive: true, force: true })
      throw error
    }
  }
}
