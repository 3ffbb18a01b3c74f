import type { ApiClient } from '@shared/client'
import type { AppError } from '@shared/result'
import type { ImportProgress } from '@shared/schemas/imports'
import { useGalleryStore } from '../store'
import { useImportsStore } from './store'

/** While a folder import runs, the grid reloads at most this often to show what came in. */
export const RELOAD_EVERY_MS = 3_000

/** Per import: how many of its images the grid was last reloaded for, and when. */
const reloaded = new Map<string, { added: number; at: number }>()

/** Starts importing a folder; the backend's refusal (a relative path, a missing folder) is returned. */
export async function startFolderImport(api: ApiClient, folder: string): Promise<AppError | null> {
  const result = await api.call('gallery.importFolder', { folder })
  if (!result.ok) return result.error
  followImport(result.value)
  return null
}

/**
 * A folder import's progress into the tray, and the grid reloaded when images came in: at its end, and
 * while it runs no more often than every few seconds (each reload asks the backend for the first page).
 */
export function followImport(progress: ImportProgress, now: number = Date.now()): void {
  useImportsStore.getState().upsertFolder(progress)
  const last = reloaded.get(progress.importId) ?? { added: 0, at: -Infinity }
  const finished = progress.status !== 'running'
  if (progress.added > last.added && (finished || now - last.at >= RELOAD_EVERY_MS)) {
    reloaded.set(progress.importId, { added: progress.added, at: now })
    useGalleryStore.getState().markStale()
  }
}
