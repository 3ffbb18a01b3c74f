import { z } from 'zod'
import { descriptorAt } from '../../shared/gateway/endpoints'
import { FileSettings } from '../../shared/schemas/fileSettings'
import type { Db } from '../db/connection'
import type { JobRepository } from '../jobs/repository'
import { readJsonColumn } from '../db/json'

/** What an imported image's job keeps of its file (`jobs.imported`, migration 17). */
export const ImportedFrom = z.object({
  /** The file's name as it came (a folder import: its path under the folder). */
  file: z.string(),
  /** The settings the file carried, or null when it carried none we read. */
  settings: FileSettings.nullable(),
  /** Brought in from a team location: who published it there, and which location. */
  team: z.object({ author: z.string().max(200), locationId: z.string().max(64) }).optional()
})
export type ImportedFrom = z.output<typeof ImportedFrom>

export interface ImportedImage {
  name: string
  mediaId: string
  settings: FileSettings | null
  team?: { author: string; locationId: string }
}

/**
 * The gallery's side of an imported image: what its job keeps of the file, and whether the gallery has
 * the same bytes already. The rows themselves are the jobs repository's to write (`insertImported`); the
 * job's prompt, model and endpoint are the file's where it said them, so the gallery's search and filters
 * find imported images as they find the app's own.
 */
export class ImportRows {
  private readonly stmt

  constructor(
    db: Db,
    private readonly jobs: Pick<JobRepository, 'insertImported'>
  ) {
    this.stmt = {
      bySha: db.prepare<[string], { id: string }>(
        `SELECT r.id FROM media m JOIN results r ON r.media_id = m.id
         WHERE m.sha256 = ? AND r.kind = 'image' AND r.status = 'stored' LIMIT 1`
      ),
      imported: db.prepare<[string], { imported: string | null }>('SELECT imported FROM jobs WHERE id = ?')
    }
  }

  /** The gallery id of an image with these bytes (by content hash), if the gallery has one. */
  galleryIdOf(sha256: string): string | null {
    return this.stmt.bySha.get(sha256)?.id ?? null
  }

  /** Adds imported images to the gallery in one transaction; returns their gallery ids (the results'). */
  insert(images: readonly ImportedImage[]): string[] {
    return this.jobs.insertImported(
      images.map(({ name, mediaId, settings, team }) => {
        // A job row keeps the endpoint's path; its stored request names the endpoint by key, as a sent
        // one does.
        const key = settings?.endpoint ? descriptorAt(settings.endpoint)?.key : undefined
        const imported: ImportedFrom = team ? { file: name, settings, team } : { file: name, settings }
        return {
          endpoint: settings?.endpoint ?? '',
          model: settings?.model ?? '',
          prompt: settings?.prompt ?? '',
          request: key && settings?.body ? { endpoint: key, body: settings.body } : {},
          imported: JSON.stringify(imported),
          mediaId,
          revisedPrompt: settings?.revisedPrompt ?? null
        }
      })
    )
  }

  /** Where a job's image came from when it was imported; null for a job the app sent (or a gone one). */
  importedFrom(jobId: string): ImportedFrom | null {
    const raw = this.stmt.imported.get(jobId)?.imported
    if (raw === undefined || raw === null) return null
    // A row this version cannot read still says the image came from outside.
    return readJsonColumn(ImportedFrom, raw, { file: '', settings: null })
  }
}
