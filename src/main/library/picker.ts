import type { LibraryImage } from '../../shared/schemas/library'
import { AppFailure } from '../contract/failure'
import { say } from '../../shared/sentences'
import type { Db } from '../db/connection'
import { isMediaError } from './errors'
import type { MediaRecord } from './records'
import { sniffMedia } from './sniff'
import type { Library } from './store'

interface MediaRow {
  id: string
  mime: LibraryImage['mime']
  width: number | null
  height: number | null
  bytes: number
  created_at: number
  prompt: string | null
}

/** The newest job prompt that produced a media item (null for the user's own files). */
const PROMPT_OF = `(SELECT j.prompt FROM results r JOIN jobs j ON j.id = r.job_id
  WHERE r.media_id = m.id ORDER BY r.created_at DESC LIMIT 1)`

/**
 * Masks painted in the edit screen live in the library too (the edit request names them by media id), but
 * they are not pictures anyone wants to pick again: an image used as some edit job's mask is left out.
 */
const NOT_A_MASK = `m.id NOT IN (SELECT json_extract(params, '$.mask.mediaId') FROM jobs
  WHERE kind = 'edit' AND json_extract(params, '$.mask.mediaId') IS NOT NULL)`

const toImage = (row: MediaRow): LibraryImage => ({
  mediaId: row.id,
  mime: row.mime,
  width: row.width,
  height: row.height,
  bytes: row.bytes,
  createdAt: row.created_at,
  prompt: row.prompt
})

/** Library queries and imports for the image pickers (references, edit sources, masks); files go through `Library`. */
export class LibraryPicker {
  private readonly stmt

  constructor(
    db: Db,
    private readonly library: Library
  ) {
    const columns = `m.id, m.mime, m.width, m.height, m.bytes, m.created_at, ${PROMPT_OF} AS prompt`
    this.stmt = {
      recent: db.prepare<[number, number], MediaRow>(
        `SELECT ${columns} FROM media m
         WHERE m.mime LIKE 'image/%' AND m.created_at < ? AND ${NOT_A_MASK}
         ORDER BY m.created_at DESC, m.id LIMIT ?`
      ),
      one: db.prepare<[string], MediaRow>(
        `SELECT ${columns} FROM media m WHERE m.id = ? AND m.mime LIKE 'image/%'`
      )
    }
  }

  recent(limit: number, before?: number): { items: LibraryImage[]; hasMore: boolean } {
    const rows = this.stmt.recent.all(before ?? Number.MAX_SAFE_INTEGER, limit + 1)
    return { items: rows.slice(0, limit).map(toImage), hasMore: rows.length > limit }
  }

  info(mediaId: string): LibraryImage {
    const row = this.stmt.one.get(mediaId)
    if (!row) throw new AppFailure('not_found', say('libraryImageGone'))
    return toImage(row)
  }

  /** Sniffs and keeps the user's bytes; anything but PNG/JPEG/WebP (and PNG for a mask) is refused. */
  async import(base64: string, purpose: 'image' | 'mask'): Promise<LibraryImage> {
    if (purpose === 'mask' && sniffMedia(Buffer.from(base64.slice(0, 24), 'base64'))?.mime !== 'image/png') {
      throw new AppFailure('library.not_a_png', say('maskNotPng'))
    }
    let record: MediaRecord
    try {
      record = await this.library.storeBase64(base64, { expect: 'image' })
    } catch (error) {
      if (!isMediaError(error)) throw error
      const code =
        error.reason === 'too_large'
          ? 'importTooLarge'
          : error.reason === 'bad_encoding'
            ? 'imageDamaged'
            : 'notAnImage'
      throw new AppFailure('library.not_an_image', say(code))
    }
    return this.info(record.id)
  }
}
