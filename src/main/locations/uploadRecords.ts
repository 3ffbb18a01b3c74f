import { createHash } from 'node:crypto'
import { readFile, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { parseJson, STORED_LIMITS } from '../../shared/json'
import { sweepTempFiles, writeFileAtomic } from '../library/atomic'

/** An unfinished multipart upload of one object, as the next put of the same bytes needs it to resume. */
export interface UploadRecord {
  bucket: string
  /** The object's key in the bucket (the location's prefix included). */
  key: string
  uploadId: string
  /** The part size the upload was begun with: a resume cuts the bytes the same way. */
  partSize: number
  /** What the bytes were: a put of other bytes under the key cannot use these parts. */
  size: number
  sha256: string
}

const FORMAT = 1

const recordSchema = z
  .object({
    format: z.literal(FORMAT),
    bucket: z.string().min(1).max(255),
    key: z.string().min(1).max(1024),
    uploadId: z.string().min(1).max(1024),
    partSize: z.number().int().positive(),
    size: z.number().int().positive(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/)
  })
  .strict()

/**
 * The unfinished multipart uploads of one endpoint's objects, a small JSON file each in a local folder
 * (beside the store's drafts): written whole before the first part goes up (temp, fsync, rename), so a
 * kill -9 leaves the record or nothing, and read by a later put, in this process or after a restart. A
 * file is named by a hash of the endpoint, bucket and key, so locations sharing the folder never meet.
 * A record holds no credentials; an upload ID alone lets no one in without them.
 */
export class UploadRecords {
  constructor(
    private readonly dir: string,
    /** The endpoint the uploads go to (only its hash is kept). */
    private readonly endpoint: string
  ) {}

  /** The record of an unfinished upload of `key`, or null (none, or one that does not read as one). */
  async read(bucket: string, key: string): Promise<UploadRecord | null> {
    let text: string
    try {
      text = await readFile(this.pathOf(bucket, key), 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
    let value: unknown
    try {
      value = parseJson(text, STORED_LIMITS)
    } catch {
      return null
    }
    // Unreadable (a disk that lied, an edit by hand): the upload cannot be resumed, only begun again.
    const parsed = recordSchema.safeParse(value)
    if (!parsed.success || parsed.data.bucket !== bucket || parsed.data.key !== key) return null
    const { format: _format, ...record } = parsed.data
    return record
  }

  async write(record: UploadRecord): Promise<void> {
    const text = JSON.stringify({ format: FORMAT, ...record })
    await writeFileAtomic(this.pathOf(record.bucket, record.key), Buffer.from(text, 'utf8'))
  }

  /**
   * Forgets the upload of `key`. Not made durable: a record a crash brings back names an upload that is
   * complete or gone, which the next put finds out (a HEAD, or NoSuchUpload) and forgets again.
   */
  async remove(bucket: string, key: string): Promise<void> {
    try {
      await unlink(this.pathOf(bucket, key))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }

  /** Removes the temp files of record writes a crash cut short (never one being written); how many. */
  sweep(): number {
    // The clock only dates a sweep's state file, which a folder of a few records does without.
    return sweepTempFiles(this.dir, undefined, 0)
  }

  private pathOf(bucket: string, key: string): string {
    const name = createHash('sha256').update(`${this.endpoint}\n${bucket}\n${key}`).digest('hex')
    return join(this.dir, `${name}.json`)
  }
}
