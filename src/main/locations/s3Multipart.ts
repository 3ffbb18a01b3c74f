import { createHash } from 'node:crypto'
import { open } from 'node:fs/promises'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListPartsCommand,
  UploadPartCommand,
  type S3Client
} from '@aws-sdk/client-s3'
import type { PutProgress } from '../library/mediaStore'
import type { LocationError } from './errors'
import {
  MAX_PARTS,
  partSpans,
  partsToVerify,
  planResume,
  type DonePart,
  type ListedPart,
  type PartSpan
} from './multipartPlan'
import type { UploadRecord, UploadRecords } from './uploadRecords'

/** The object a multipart upload writes. */
export interface MultipartTarget {
  bucket: string
  /** Its key in the bucket (the location's prefix included). */
  key: string
  contentType: string
}

export interface MultipartDeps {
  client: S3Client
  records: UploadRecords
  /** Bytes per part of a new upload (a resumed one keeps the size it was begun with). */
  partSize: number
  /** Parts in flight at once. */
  queueSize: number
  /** An SDK or network failure as the location's error (credentials kept out of it). */
  fail: (error: unknown) => LocationError
}

/** The bytes of an upload, read one part at a time: from memory, or from a local file (a committed draft). */
interface PartSource {
  read(span: PartSpan): Promise<Buffer>
  sha256(): Promise<string>
  close(): Promise<void>
}

/** How much of a file its hash reads at once. */
const HASH_CHUNK = 1 << 20

function memorySource(data: Uint8Array): PartSource {
  const all = Buffer.from(data.buffer, data.byteOffset, data.byteLength)
  return {
    read: ({ start, end }) => Promise.resolve(all.subarray(start, end)),
    sha256: () => Promise.resolve(createHash('sha256').update(all).digest('hex')),
    close: () => Promise.resolve()
  }
}

async function fileSource(path: string, size: number): Promise<PartSource> {
  const handle = await open(path, 'r')
  const read = async (start: number, end: number): Promise<Buffer> => {
    const bytes = Buffer.allocUnsafe(end - start)
    for (let at = 0; at < bytes.length;) {
      const { bytesRead } = await handle.read(bytes, at, bytes.length - at, start + at)
      if (bytesRead === 0) throw new Error(`${path} ends before its ${size} bytes`)
      at += bytesRead
    }
    return bytes
  }
  return {
    read: ({ start, end }) => read(start, end),
    sha256: async () => {
      const hash = createHash('sha256')
      for (let at = 0; at < size; at += HASH_CHUNK)
        hash.update(await read(at, Math.min(size, at + HASH_CHUNK)))
      return hash.digest('hex')
    },
    close: () => handle.close()
  }
}

function errorName(error: unknown): string | undefined {
  const name = (error as { name?: unknown } | null)?.name
  return typeof name === 'string' ? name : undefined
}

/** The upload ID names no upload (any more): aborted, expired, or cleaned by a lifecycle rule. */
class UploadGone extends Error {
  constructor(readonly reason: LocationError) {
    super(reason.message)
    this.name = 'UploadGone'
  }
}

/** A resumed upload: the record it continues, the parts the server has that it keeps, those it sends. */
interface Plan {
  record: UploadRecord
  kept: DonePart[]
  send: PartSpan[]
}

/**
 * Multipart uploads that resume: a put cut for good, or by a restart or a kill -9, sends on its next try
 * only the parts the server does not have whole. Written with the S3 client's own commands rather than
 * `@aws-sdk/lib-storage`, whose `Upload` always begins a new upload and forgets its parts when it fails;
 * it can neither continue an upload ID nor say which parts went up.
 *
 * Before the first part, a record of the upload (its ID, part size, and the bytes' size and sha256) is
 * written to disk. The next put of the same key lists the parts the server holds (ListParts, page by page),
 * keeps each one whose size and MD5 ETag match the local bytes, sends the others `queueSize` at a time, and
 * completes with the whole ordered list. Bytes that changed, an upload the server no longer knows, or
 * credentials without s3:ListMultipartUploadParts begin a new upload. An upload that fails is not aborted:
 * its parts wait in the bucket (invisible, and billed) for the next try, and the bucket's lifecycle rule for
 * incomplete uploads removes those never tried again.
 */
export class MultipartUploads {
  constructor(private readonly deps: MultipartDeps) {}

  /**
   * Uploads `size` bytes (`source`: in memory, or a local file) as `target`, resuming an earlier upload of
   * the same bytes. `exists` asks whether the object is in the bucket: an upload that vanished while this
   * put continued it may have been completed by another. `progress` is told the bytes the bucket holds once
   * the plan is known (the parts kept from the earlier upload, so a resumed upload starts where it left
   * off), then again as each part sent is taken.
   */
  async upload(
    target: MultipartTarget,
    source: Uint8Array | string,
    size: number,
    exists: () => Promise<boolean>,
    progress?: PutProgress
  ): Promise<void> {
    const bytes = typeof source === 'string' ? await fileSource(source, size) : memorySource(source)
    try {
      const sha256 = await bytes.sha256()
      const earlier = await this.deps.records.read(target.bucket, target.key)
      const plan = earlier ? await this.resume(earlier, size, sha256, bytes) : null
      if (plan) {
        try {
          await this.finish(plan, bytes, size, progress)
          return
        } catch (error) {
          if (!(error instanceof UploadGone)) throw error
          await this.deps.records.remove(target.bucket, target.key)
          if (await exists()) return
        }
      }
      const record = await this.begin(target, size, sha256)
      try {
        await this.finish({ record, kept: [], send: partSpans(size, record.partSize) }, bytes, size, progress)
      } catch (error) {
        if (!(error instanceof UploadGone)) throw error
        await this.deps.records.remove(target.bucket, target.key)
        if (!(await exists())) throw error.reason
      }
    } finally {
      await bytes.close()
    }
  }

  /** The object is in the bucket already: an upload recorded for it is of no more use. */
  async forget(bucket: string, key: string): Promise<void> {
    const record = await this.deps.records.read(bucket, key)
    if (record) await this.abandon(record)
  }

  /** What an earlier upload of `key` can give this one; null when it must begin anew. */
  private async resume(
    record: UploadRecord,
    size: number,
    sha256: string,
    bytes: PartSource
  ): Promise<Plan | null> {
    if (record.size !== size || record.sha256 !== sha256 || Math.ceil(size / record.partSize) > MAX_PARTS) {
      await this.abandon(record)
      return null
    }
    let listed: ListedPart[]
    try {
      listed = await this.listParts(record)
    } catch (error) {
      const failure = this.deps.fail(error)
      if (errorName(error) === 'NoSuchUpload' || failure.kind === 'missing') {
        await this.deps.records.remove(record.bucket, record.key)
        return null
      }
      // Credentials that may write but not list an upload's parts: the upload is sent whole again.
      if (failure.kind === 'denied') {
        await this.abandon(record)
        return null
      }
      throw failure
    }
    const spans = partSpans(size, record.partSize)
    const localMd5 = new Map<number, string>()
    for (const span of partsToVerify(spans, listed))
      localMd5.set(
        span.number,
        createHash('md5')
          .update(await bytes.read(span))
          .digest('hex')
      )
    return { record, ...planResume(spans, listed, localMd5) }
  }

  /** Every part the server holds for the recorded upload, over as many pages as it gives. */
  private async listParts(record: UploadRecord): Promise<ListedPart[]> {
    const parts: ListedPart[] = []
    let marker: string | undefined
    // A page holds at least one part, so a server whose marker never moves on cannot keep us here.
    for (let page = 0; page < MAX_PARTS; page++) {
      const answer = await this.deps.client.send(
        new ListPartsCommand({
          Bucket: record.bucket,
          Key: record.key,
          UploadId: record.uploadId,
          ...(marker === undefined ? {} : { PartNumberMarker: marker })
        })
      )
      for (const part of answer.Parts ?? []) {
        if (part.PartNumber !== undefined && part.Size !== undefined && part.ETag !== undefined)
          parts.push({ number: part.PartNumber, size: part.Size, etag: part.ETag })
      }
      const next = answer.NextPartNumberMarker
      if (answer.IsTruncated !== true || next === undefined || next === marker) break
      marker = next
    }
    return parts
  }

  /** A new upload, recorded on disk before any part of it is sent. */
  private async begin(target: MultipartTarget, size: number, sha256: string): Promise<UploadRecord> {
    const { client, records, fail } = this.deps
    let uploadId: string | undefined
    try {
      const answer = await client.send(
        new CreateMultipartUploadCommand({
          Bucket: target.bucket,
          Key: target.key,
          ContentType: target.contentType
        })
      )
      uploadId = answer.UploadId
    } catch (error) {
      throw fail(error)
    }
    if (!uploadId) throw fail(new Error('the server gave the upload no ID'))
    const record: UploadRecord = {
      bucket: target.bucket,
      key: target.key,
      uploadId,
      partSize: Math.max(this.deps.partSize, Math.ceil(size / MAX_PARTS)),
      size,
      sha256
    }
    try {
      await records.write(record)
    } catch (error) {
      // Unrecorded, the upload could never be resumed: it goes, and our disk's failure goes up as it is.
      await this.abandon(record)
      throw error
    }
    return record
  }

  /**
   * Sends the parts the plan lacks and completes the upload, then forgets its record. A part's bytes that
   * cannot be read here fail the put as our disk's error, not the location's.
   */
  private async finish(plan: Plan, bytes: PartSource, size: number, progress?: PutProgress): Promise<void> {
    const { record } = plan
    const { client } = this.deps
    const where = { Bucket: record.bucket, Key: record.key, UploadId: record.uploadId }
    const done = [...plan.kept]
    // What is not to be sent is in the bucket already: counted from the first report on.
    let sent = size - plan.send.reduce((sum, span) => sum + span.end - span.start, 0)
    progress?.(sent, size)
    await this.inTurns(plan.send, async (span) => {
      const body = await bytes.read(span)
      try {
        const answer = await client.send(
          new UploadPartCommand({ ...where, PartNumber: span.number, Body: body, ContentLength: body.length })
        )
        if (answer.ETag === undefined) throw new Error(`part ${span.number} was answered without an ETag`)
        done.push({ number: span.number, etag: answer.ETag })
      } catch (error) {
        throw this.lost(error)
      }
      sent += span.end - span.start
      progress?.(sent, size)
    })
    done.sort((a, b) => a.number - b.number)
    try {
      await client.send(
        new CompleteMultipartUploadCommand({
          ...where,
          MultipartUpload: { Parts: done.map(({ number, etag }) => ({ PartNumber: number, ETag: etag })) }
        })
      )
    } catch (error) {
      throw this.lost(error)
    }
    await this.deps.records.remove(record.bucket, record.key)
  }

  /**
   * `queueSize` parts at a time; after a failure no part is started and those under way are waited for,
   * so nothing of the put is still in flight when it fails.
   */
  private async inTurns(spans: readonly PartSpan[], send: (span: PartSpan) => Promise<void>): Promise<void> {
    const left = [...spans]
    const failures: unknown[] = []
    const worker = async (): Promise<void> => {
      for (let span = left.shift(); span && failures.length === 0; span = left.shift()) {
        await send(span).catch((error: unknown) => failures.push(error))
      }
    }
    await Promise.all(Array.from({ length: Math.min(this.deps.queueSize, left.length) }, worker))
    if (failures.length > 0) throw failures[0]
  }

  private lost(error: unknown): Error {
    const failure = this.deps.fail(error)
    return errorName(error) === 'NoSuchUpload' ? new UploadGone(failure) : failure
  }

  /**
   * Gives the upload up. AbortMultipartUpload is asked, never relied on: credentials may not allow it (a
   * refusal would read as the put's failure), and parts it leaves go with the lifecycle rule.
   */
  private async abandon(record: UploadRecord): Promise<void> {
    await this.deps.client
      .send(
        new AbortMultipartUploadCommand({
          Bucket: record.bucket,
          Key: record.key,
          UploadId: record.uploadId
        })
      )
      .catch(() => undefined)
    await this.deps.records.remove(record.bucket, record.key)
  }
}
