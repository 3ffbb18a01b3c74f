import { createReadStream, createWriteStream, type ReadStream } from 'node:fs'
import { rename, unlink } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { ZipFile } from 'yazl'
import { pathInside } from '../../library'
import { tempPathFor } from '../../library/atomic'
import { IMAGES_DIR } from './plan'
import { ExportCancelled, type ExportWriter } from './writer'

/** `<name>.zip`, streamed with yazl and stored (images are already compressed). */
export const zipWriter: ExportWriter = {
  downloadName: (name) => `${name}.zip`,

  /**
   * Streams the zip into `<name>.zip.tmp-<rand>` exactly as yazl is meant to be used (piped into a file
   * stream, so reading the next image overlaps writing the last), renames it when whole and deletes it
   * otherwise: nobody ever sees a half-written zip under its final name. Unlike the library's atomic writer
   * there is no fsync: an export is a copy that can be made again, and flushing hundreds of megabytes would
   * cost the user seconds for files the library already keeps durably (P28).
   */
  async write(dir, name, plan, signal, onProgress) {
    const finalPath = pathInside(dir, `${name}.zip`)
    const tempPath = tempPathFor(finalPath)
    const sink = createWriteStream(tempPath, { flags: 'wx', mode: 0o644 })
    const zip = new ZipFile()
    const output = zip.outputStream as Readable
    let current: ReadStream | null = null
    const stop = (): void => {
      current?.destroy()
      output.destroy(new ExportCancelled())
    }
    signal.addEventListener('abort', stop, { once: true })
    // yazl reports its own errors; a read stream's (file gone, disk error) is ours to catch.
    let fail: (error: unknown) => void = () => undefined
    const failed = new Promise<never>((_, reject) => {
      fail = reject
      zip.once('error', reject)
    })
    failed.catch(() => undefined)
    try {
      plan.files.forEach((file, index) => {
        zip.addReadStreamLazy(
          `${IMAGES_DIR}/${file.name}`,
          { compress: false, mtime: new Date(file.createdAt) },
          (callback) => {
            // Called when the entries before this one are written: that is the progress.
            onProgress(index, sink.bytesWritten)
            if (signal.aborted) {
              callback(new ExportCancelled(), null as unknown as ReadStream)
              return
            }
            current = createReadStream(file.source)
            current.once('error', fail)
            callback(null, current)
          }
        )
      })
      const mtime = new Date()
      zip.addBuffer(Buffer.from(plan.indexHtml, 'utf8'), 'index.html', { mtime })
      zip.addBuffer(Buffer.from(plan.manifestJson, 'utf8'), 'manifest.json', { mtime })
      zip.addBuffer(Buffer.from(plan.manifestCsv, 'utf8'), 'manifest.csv', { mtime })
      zip.end()
      const written = pipeline(output, sink)
      written.catch(() => undefined)
      await Promise.race([written, failed])
      if (signal.aborted) throw new ExportCancelled()
      onProgress(null, sink.bytesWritten)
      await rename(tempPath, finalPath)
      return finalPath
    } catch (error) {
      stop()
      // The file stream opens asynchronously: unlinking before it has opened (and closed) would leave
      // the temp file it is about to create behind.
      const closed = new Promise<void>((resolveClosed) => {
        if (sink.closed) resolveClosed()
        else sink.once('close', () => resolveClosed())
      })
      sink.destroy()
      await closed
      await unlink(tempPath).catch(() => undefined)
      throw error
    } finally {
      signal.removeEventListener('abort', stop)
    }
  }
}
