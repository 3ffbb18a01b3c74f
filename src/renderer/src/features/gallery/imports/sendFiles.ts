import type { TFunction } from 'i18next'
import type { ApiClient } from '@shared/client'
import type { ImportSkip } from '@shared/schemas/imports'
import { currentT } from '../../../ui/words'
import { useGalleryStore } from '../store'
import { blobToBase64 } from './encode'
import { planCalls, tooLarge } from './plan'
import { useImportsStore } from './store'

/** The longest file name the contract takes. */
const NAME_MAX = 512

const nameOf = (file: File, t: TFunction): string =>
  (file.name.trim() || t('media.intake.pasted')).slice(0, NAME_MAX)

/** A file as `gallery.importFiles` takes it; null when this window could not read it. */
async function entryOf(file: File, t: TFunction): Promise<{ name: string; data: string | null } | null> {
  const name = nameOf(file, t)
  if (tooLarge(file)) return { name, data: null }
  try {
    return { name, data: await blobToBase64(file) }
  } catch {
    return null
  }
}

/** Runs one after another: files dropped while others are on their way wait their turn. */
let queue: Promise<void> = Promise.resolve()

/**
 * Files picked, dropped or pasted into the gallery: read here, sent a few at a time (one call after
 * another), the grid reloaded as images come in, and one notice at the end with every file left out and
 * why. A call that fails stops the run; what came in before stays, and the rest is counted as not sent.
 */
export function importFiles(api: ApiClient, files: readonly File[], t: TFunction = currentT): Promise<void> {
  if (files.length === 0) return queue
  const next = queue.then(() => run(api, files, t))
  // One run's unexpected failure must not stop the ones queued after it.
  queue = next.catch(() => undefined)
  return next
}

async function run(api: ApiClient, files: readonly File[], t: TFunction): Promise<void> {
  const imports = useImportsStore.getState()
  const gallery = useGalleryStore.getState()
  const total = files.length
  let at = 0
  let done = 0
  let added = 0
  const skipped: ImportSkip[] = []
  imports.setFilesError(null)
  imports.setFiles({ at: 1, done, total })
  for (const call of planCalls(files)) {
    const entries: { name: string; data: string | null }[] = []
    for (const file of call) {
      at += 1
      imports.setFiles({ at, done, total })
      const entry = await entryOf(file, t)
      if (entry) entries.push(entry)
      else skipped.push({ name: nameOf(file, t), reason: 'unreadable' })
    }
    if (entries.length > 0) {
      const result = await api.call('gallery.importFiles', { files: entries })
      if (!result.ok) {
        imports.setFilesError(result.error)
        break
      }
      added += result.value.added.length
      skipped.push(...result.value.skipped)
      // New images are the newest: the grid shows them as each call brings them.
      if (result.value.added.length > 0) gallery.markStale()
    }
    done += call.length
  }
  imports.setFiles(null)
  useGalleryStore.setState({ notice: { type: 'imported', added, skipped, notSent: total - done } })
}
