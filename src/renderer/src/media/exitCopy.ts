import type { DragEvent } from 'react'
import type { ApiClient } from '@shared/client'
import type { ExitFile } from '@shared/schemas/gallery'
import { COPY_PATH_PREFIX } from '@shared/wire'

/**
 * One image leaving the app on its own (issue 26): where its copy is, what the file will be called, and a
 * drag out of the window. The copy itself is made by the backend when asked: its story written into the
 * image, or a zip of the untouched file and its story for a file with content credentials.
 */

/**
 * Where an image's copy is served: on the page's own origin in both shells (the web host's `/copies/`,
 * Electron's `app://app/copies/`), the one place a `download` link is honoured (src/shared/wire.ts).
 */
export const copyPath = (resultId: string): string => `${COPY_PATH_PREFIX}${encodeURIComponent(resultId)}`

/** Names asked of the backend, kept: a result's copy never changes name. A bound keeps a long session small. */
const KEPT = 500
const known = new Map<string, ExitFile>()
const asking = new Map<string, Promise<ExitFile | null>>()

/** The file an image leaves as (`gallery.exitFile`), asked once; null when the image or its file is gone. */
export function exitFileOf(api: ApiClient, resultId: string): Promise<ExitFile | null> {
  const have = known.get(resultId)
  if (have) return Promise.resolve(have)
  const pending = asking.get(resultId)
  if (pending) return pending
  const asked = api.call('gallery.exitFile', { id: resultId }).then((result) => {
    asking.delete(resultId)
    if (!result.ok) return null
    rememberExitFile(resultId, result.value)
    return result.value
  })
  asking.set(resultId, asked)
  return asked
}

/** Keeps what an image's details said it leaves as (`GalleryDetail.exit`): its tile need not ask again. */
export function rememberExitFile(resultId: string, file: ExitFile): void {
  known.delete(resultId)
  known.set(resultId, file)
  for (const oldest of known.keys()) {
    if (known.size <= KEPT) break
    known.delete(oldest)
  }
}

/**
 * Starts dragging an image's copy out of the window. Chromium's `DownloadURL` (`type:name:address`) makes
 * a drop on the desktop or in a file manager save the copy under that name (Windows and macOS; other
 * systems drop nothing). The name must be known as the drag starts: it is asked for as the pointer goes
 * down (`exitFileOf`), or comes with the image's details (`file`), and a drag that outruns the answer
 * carries nothing. No address is offered as text: a browser would open a dropped link in place of the app.
 */
export function dragOut(
  event: DragEvent<HTMLElement>,
  resultId: string,
  file: ExitFile | null = known.get(resultId) ?? null
): void {
  event.dataTransfer.effectAllowed = 'copy'
  if (!file) return
  const address = new URL(copyPath(resultId), window.location.href).href
  event.dataTransfer.setData('DownloadURL', `${file.mime}:${file.fileName}:${address}`)
}
