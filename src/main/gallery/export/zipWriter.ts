import { createWriteStream } from 'node:fs'
import { rename, unlink } from 'node:fs/promises'
import { pathInside } from '../../library'
import { tempPathFor } from '../../library/atomic'
import { IMAGES_DIR, textFiles } from './plan'
import { StoredZip } from './storedZip'
import { copiesInOrder, discard, plainCopy, sidecarName } from './exitCopy'
import { ExportCancelled, type ExportWriter } from './writer'

/** `<name>.zip`, streamed and stored (images are already compressed), by `StoredZip`. */
export const zipWriter: ExportWriter = {
  downloadName: (name) => `${name}.zip`,

  /**
   * Streams the zip into `<name>.zip.tmp-<rand>` (reading the next image while the file stream writes the
   * last), renames it when whole and deletes it otherwise: nobody ever sees a half-written zip under its
   * final name. Unlike the library's atomic writer there is no fsync: an export is a copy that can be made
   * again, and flushing hundreds of megabytes would cost the user seconds for files the library already
   * keeps durably (P28).
   */
  async write(dir, name, plan, signal, onProgress, copyOut = plainCopy) {
    const finalPath = pathInside(dir, `${name}.zip`)
    const tempPath = tempPathFor(finalPath)
    const sink = createWriteStream(tempPath, { flags: 'wx', mode: 0o644 })
    // Until the zip is finished, a sink error shows as the next write's; here it must not go unheard.
    const failed = new Promise<never>((_, reject) => sink.once('error', reject))
    failed.catch(() => undefined)
    const zip = new StoredZip(sink)
    try {
      const writing = (async (): Promise<void> => {
        for await (const { index, file, copy } of copiesInOrder(plan.files, copyOut)) {
          onProgress(index, zip.bytes)
          if (signal.aborted) {
            discard(copy)
            throw new ExportCancelled()
          }
          const at = new Date(file.createdAt)
          if (copy.lent) {
            await zip.addLent(`${IMAGES_DIR}/${file.name}`, copy.lent.bytes, at)
            copy.lent.release()
          } else await zip.addFile(`${IMAGES_DIR}/${file.name}`, copy.stream, at, signal)
          if (copy.sidecar !== null)
            await zip.addBuffer(
              `${IMAGES_DIR}/${sidecarName(file.name)}`,
              Buffer.from(copy.sidecar, 'utf8'),
              at
            )
        }
        const mtime = new Date(plan.exportedAt)
        for (const [file, text] of textFiles(plan))
          await zip.addBuffer(file, Buffer.from(text, 'utf8'), mtime)
        await zip.finish()
      })()
      writing.catch(() => undefined)
      await Promise.race([writing, failed])
      if (signal.aborted) throw new ExportCancelled()
      onProgress(null, zip.bytes)
      await rename(tempPath, finalPath)
      return finalPath
    } catch (error) {
      // The file stream opens asynchronously: unlinking before it has opened (and closed) would leave
      // the temp file it is about to create behind.
      const closed = new Promise<void>((resolveClosed) => {
        if (sink.closed) resolveClosed()
        else sink.once('close', () => resolveClosed())
      })
      sink.destroy()
      await closed
      await unlink(tempPath).catch(() => undefined)
      throw signal.aborted ? new ExportCancelled() : error
    }
  }
}
