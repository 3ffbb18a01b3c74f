import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { z } from 'zod'
import {
  checkKey,
  checkPrefix,
  type ByteRange,
  type ListedObject,
  type MediaStore,
  type ObjectDraft,
  type PutOptions,
  type PutProgress
} from '../library/mediaStore'
import { isUnreachable, kindOfStatus, LocationError, type LocationErrorKind } from './errors'
import { LocalDrafts } from './localDrafts'
import { MultipartUploads } from './s3Multipart'
import { UploadRecords } from './uploadRecords'

/** Where a team library lives in an S3-compatible bucket; every key is stored as `<prefix><key>`. */
export interface S3Location {
  endpoint: string
  region: string
  bucket: string
  /** '' or a folder ending in `/`. */
  prefix: string
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (MinIO, most self-hosted servers). */
  pathStyle: boolean
}

export interface S3Credentials {
  accessKeyId: string
  secretAccessKey: string
}

const isKey = (text: string): boolean => {
  try {
    checkKey(text)
    return true
  } catch {
    return false
  }
}

export const s3LocationSchema = z
  .object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2048),
    region: z.string().min(1).max(64),
    // S3's own bucket naming rule; a dot is allowed, though it rules out TLS with virtual-host addressing.
    bucket: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/),
    prefix: z
      .string()
      .max(512)
      .refine((prefix) => prefix === '' || (prefix.endsWith('/') && isKey(prefix.slice(0, -1))), {
        message: "'' or a folder of plain names ending in '/'"
      }),
    pathStyle: z.boolean()
  })
  .strict() satisfies z.ZodType<S3Location>

export interface S3StoreOptions {
  /**
   * A local folder for drafts (the bytes of a download before its key is known), and for the records of
   * unfinished multipart uploads (`s3-uploads/`), which a later put resumes.
   */
  draftDir: string
  /** Bytes per part of a multipart upload; S3 refuses parts under 5 MiB (but the last). */
  partSize?: number
  /** How long a request may make no progress (connect, or no byte either way) before it fails. */
  requestTimeoutMs?: number
  /** A client of the caller's making (it then closes it); by default the store makes its own. */
  client?: S3Client
}

const MIN_PART_SIZE = 5 * 1024 * 1024
const DEFAULT_PART_SIZE = 8 * 1024 * 1024
const DEFAULT_TIMEOUT_MS = 60_000
/** Parts in flight for one upload: 4 × 8 MiB of memory at most, enough to fill a typical uplink. */
const QUEUE_SIZE = 4
/** The longest a presigned URL may live (SigV4's own limit: a week). */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600

/** Error codes an S3-compatible server gives for refused credentials or a missing permission. */
const DENIED_CODES = new Set([
  'AccessDenied',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'Forbidden',
  'InvalidToken',
  'ExpiredToken',
  'AllAccessDisabled',
  'AccountProblem'
])
/** "The object is not there": an answer, not an error. HEAD has no body, so only its status says it. */
const NO_OBJECT_CODES = new Set(['NoSuchKey', 'NotFound'])

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  mp4: 'video/mp4',
  // A review share's page and the stories beside its copies, opened by a browser from a pre-signed link.
  html: 'text/html; charset=utf-8',
  json: 'application/json'
}

interface SdkErrorShape {
  name?: unknown
  message?: unknown
  $metadata?: { httpStatusCode?: unknown }
}

function statusOf(error: unknown): number | undefined {
  const status = (error as SdkErrorShape | null)?.$metadata?.httpStatusCode
  return typeof status === 'number' ? status : undefined
}

function isNoObject(error: unknown): boolean {
  const name = (error as SdkErrorShape | null)?.name
  return typeof name === 'string' && NO_OBJECT_CODES.has(name)
}

/**
 * What an SDK or network failure means for the sync, worded for the log without the secret key (an
 * endpoint answering with our own request echoed back must not put it in a log file).
 */
export function toLocationError(error: unknown, secretAccessKey: string): LocationError {
  if (error instanceof LocationError) return error
  const shape = (error ?? {}) as SdkErrorShape
  const name = typeof shape.name === 'string' ? shape.name : 'Error'
  const message = typeof shape.message === 'string' ? shape.message : String(error)
  let detail = `${name}: ${message}`
  if (secretAccessKey !== '') detail = detail.split(secretAccessKey).join('***')
  const status = statusOf(error)
  let kind: LocationErrorKind
  if (name === 'NoSuchBucket') kind = 'missing'
  else if (DENIED_CODES.has(name)) kind = 'denied'
  // A multipart upload the server no longer knows (its 404 is not a missing bucket): the next try begins anew.
  else if (name === 'NoSuchUpload') kind = 'failed'
  else if (isUnreachable(error) || (status === undefined && name === 'AbortError')) kind = 'unreachable'
  else kind = status === undefined ? 'failed' : kindOfStatus(status)
  return new LocationError(kind, detail, { ...(status === undefined ? {} : { status }), cause: error })
}

/** Turns an error of the response body (a reset mid-download) into a `LocationError` too. */
function guarded(body: Readable, fail: (error: unknown) => LocationError): Readable {
  const out = new PassThrough({ highWaterMark: 1 << 20 })
  body.on('error', (error) => out.destroy(fail(error)))
  // A reader that stops early frees the connection instead of leaving it half read.
  out.on('close', () => {
    if (!body.readableEnded) body.destroy()
  })
  body.pipe(out)
  return out
}

const SHA256_HEX = /^[0-9a-f]{64}$/

/**
 * Signs a PUT with the payload hash the caller knows (its `x-amz-content-sha256`), which the SDK's
 * signer then uses as it is: otherwise it hashes the whole body on the main thread first, half a second
 * for a board of 325 MB. S3 refuses the bytes if they do not have that hash.
 */
function signWithKnownHash(command: PutObjectCommand, sha256: string): void {
  command.middlewareStack.add(
    (next) => (args) => {
      const request: unknown = args.request
      if (typeof request === 'object' && request !== null && 'headers' in request) {
        const headers = (request as { headers: Record<string, string> }).headers
        headers['x-amz-content-sha256'] = sha256
      }
      return next(args)
    },
    { step: 'build', name: 'knownPayloadHash' }
  )
}

/**
 * The media store in an S3-compatible bucket (AWS, R2, B2, MinIO, Wasabi...), the first team location.
 *
 * Keys name content, so an object is written at most once and never overwritten: a put asks first
 * (HeadObject) and skips the upload when the object is there, so a normal write needs no delete permission
 * and does not rely on `If-None-Match: *` (not every S3-compatible server honours it). Puts of one key in
 * this process share one upload. A draft is a local file until its commit uploads it, so nothing of it is
 * ever in the bucket before then; an object is whole or absent, as S3 makes every PUT and multipart
 * completion atomic. An object over one part goes up as a multipart upload that resumes (`s3Multipart.ts`):
 * one cut for good, or by a restart, leaves its parts in the bucket (invisible, but billed) for the next
 * put of the same bytes, which sends only the parts missing; the bucket's lifecycle rule for incomplete
 * uploads removes those never resumed. The credentials need s3:ListBucket on the prefix (as `probe`
 * checks): without it S3 answers a HEAD of a missing object 403, not 404, and every put would read as
 * denied. Resuming also needs s3:ListMultipartUploadParts; without it an upload begins again.
 */
export class S3MediaStore implements MediaStore {
  readonly location: S3Location
  private readonly client: S3Client
  private readonly ownsClient: boolean
  private readonly secretAccessKey: string
  private readonly drafts: LocalDrafts
  private readonly records: UploadRecords
  private readonly multipart: MultipartUploads
  private readonly partSize: number
  private readonly inFlight = new Map<string, Promise<void>>()

  constructor(location: S3Location, credentials: S3Credentials, options: S3StoreOptions) {
    if (location.prefix !== '') checkPrefix(location.prefix)
    this.location = { ...location }
    this.secretAccessKey = credentials.secretAccessKey
    this.drafts = new LocalDrafts(resolve(options.draftDir), 's3')
    this.partSize = Math.max(MIN_PART_SIZE, Math.floor(options.partSize ?? DEFAULT_PART_SIZE))
    const timeoutMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS
    this.ownsClient = options.client === undefined
    this.client =
      options.client ??
      new S3Client({
        endpoint: location.endpoint,
        region: location.region,
        forcePathStyle: location.pathStyle,
        // Given outright, so the SDK never looks for credentials of its own (env, ~/.aws, instance role).
        credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey },
        // Each request is tried 3 times on a reset, a timeout or a 5xx: a part cut mid-upload is sent
        // again alone (its body is a buffer), the parts already up are not.
        maxAttempts: 3,
        // The SDK's default checksums (CRC32 trailers in aws-chunked bodies, checksum algorithms on multipart
        // uploads) are refused, or stored with the chunk framing, by some S3-compatible servers; the key
        // names the content's sha256, which is what a reader can check.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // An idle timeout rather than a whole-request one: an 8 MiB part on a slow uplink may take longer
        // than a minute while making steady progress, but a connection that goes silent is given up on.
        requestHandler: { connectionTimeout: timeoutMs, socketTimeout: timeoutMs }
      })
    this.records = new UploadRecords(join(resolve(options.draftDir), 's3-uploads'), location.endpoint)
    this.multipart = new MultipartUploads({
      client: this.client,
      records: this.records,
      partSize: this.partSize,
      queueSize: QUEUE_SIZE,
      fail: (error) => this.fail(error)
    })
  }

  /** Each existence check is a HEAD: a caller that listed the key's folder may say so instead. */
  readonly trustsListing = true

  /**
   * `options.onProgress` hears a single PUT at its start and end (the SDK says nothing of a request's body
   * as it leaves), a multipart upload at each part the bucket has taken, its first report counting the
   * parts an earlier upload left there; an object found in the bucket already is said done at once.
   */
  async put(key: string, data: Uint8Array, onVisible?: () => void, options?: PutOptions): Promise<void> {
    checkKey(key)
    const progress = options?.onProgress
    await this.once(
      key,
      () => this.upload(key, data, data.byteLength, progress, options?.sha256),
      options?.listedAbsent === true
    )
    progress?.(data.byteLength, data.byteLength)
    onVisible?.()
  }

  begin(prefix: string): Promise<ObjectDraft> {
    return this.drafts.begin(prefix, (key, path, size) => this.once(key, () => this.upload(key, path, size)))
  }

  async open(key: string, range?: ByteRange): Promise<Readable | null> {
    if (!isKey(key)) return null
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.location.bucket,
          Key: this.objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {})
        })
      )
      if (!(answer.Body instanceof Readable)) throw new Error('the answer has no body to stream')
      return guarded(answer.Body, (error) => this.fail(error))
    } catch (error) {
      if (isNoObject(error)) return null
      throw this.fail(error)
    }
  }

  async read(key: string): Promise<Buffer | null> {
    if (!isKey(key)) return null
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) })
      )
      if (!answer.Body) throw new Error('the answer has no body')
      const bytes = await answer.Body.transformToByteArray()
      // A view of the SDK's array, not a copy of it: a sync reads every image of a board this way.
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    } catch (error) {
      if (isNoObject(error)) return null
      throw this.fail(error)
    }
  }

  /**
   * HeadObject answers a missing bucket with a bare 404 too (no body to name it), so a bucket that is gone
   * reads as an absent object here; a put, a list or `probe` then says `missing`.
   */
  async stat(key: string): Promise<{ size: number } | null> {
    if (!isKey(key)) return null
    try {
      const answer = await this.client.send(
        new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) })
      )
      return { size: answer.ContentLength ?? 0 }
    } catch (error) {
      if (isNoObject(error) || statusOf(error) === 404) return null
      throw this.fail(error)
    }
  }

  /** DeleteObject answers the same whether or not there was an object, so the store asks first. */
  async remove(key: string): Promise<boolean> {
    checkKey(key)
    if ((await this.stat(key)) === null) return false
    try {
      await this.client.send(
        new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) })
      )
      return true
    } catch (error) {
      throw this.fail(error)
    }
  }

  async *list(prefix = ''): AsyncIterable<ListedObject> {
    let token: string | undefined
    do {
      let page
      try {
        page = await this.client.send(
          new ListObjectsV2Command({
            Bucket: this.location.bucket,
            Prefix: this.location.prefix + prefix,
            ...(token === undefined ? {} : { ContinuationToken: token })
          })
        )
      } catch (error) {
        throw this.fail(error)
      }
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.location.prefix.length)
        // Someone else's files in the same bucket (a `.DS_Store`, a folder marker) are not ours to list.
        if (key === undefined || !object.Key?.startsWith(this.location.prefix) || !isKey(key)) continue
        const modified = object.LastModified?.getTime()
        yield {
          key,
          size: object.Size ?? 0,
          ...(modified === undefined || Number.isNaN(modified) ? {} : { modified })
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token !== undefined)
  }

  /**
   * Removes the draft files a crash left in the draft folder (never one this process is writing), and the
   * temp files of upload records it cut short (the records themselves are kept: they resume uploads).
   */
  sweep(): number {
    return this.drafts.sweep() + this.records.sweep()
  }

  localFile(_key: string): string | null {
    return null
  }

  /** Resolves when the bucket answers a listing with these credentials (the "Test connection" button). */
  async probe(): Promise<void> {
    try {
      await this.client.send(
        new ListObjectsV2Command({ Bucket: this.location.bucket, Prefix: this.location.prefix, MaxKeys: 1 })
      )
    } catch (error) {
      throw this.fail(error)
    }
  }

  /**
   * A GET link to the object that works for `expiresInSeconds` from `signedAt` (the backend's clock; by
   * default the system's) without credentials: a review share's.
   */
  async presign(key: string, expiresInSeconds: number, signedAt?: Date): Promise<string> {
    checkKey(key)
    if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > MAX_PRESIGN_SECONDS)
      throw new RangeError(`a link lives 1 s to a week, not ${expiresInSeconds} s`)
    return getSignedUrl(
      this.client,
      new GetObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }),
      { expiresIn: expiresInSeconds, ...(signedAt ? { signingDate: signedAt } : {}) }
    )
  }

  /** Closes the client's idle connections (when the store made the client). */
  close(): void {
    if (this.ownsClient) this.client.destroy()
  }

  private objectKey(key: string): string {
    return this.location.prefix + checkKey(key)
  }

  private fail(error: unknown): LocationError {
    return toLocationError(error, this.secretAccessKey)
  }

  /** Uploads `key` unless it is in the bucket already; puts of one key at once share one upload. */
  private once(key: string, upload: () => Promise<void>, listedAbsent = false): Promise<void> {
    const running = this.inFlight.get(key)
    if (running) return running
    const job = (async () => {
      if (listedAbsent) return upload()
      const there = await this.stat(key)
      if (there === null) await upload()
      // Only an object over one part can have had an upload of its own recorded.
      else if (there.size > MIN_PART_SIZE)
        await this.multipart.forget(this.location.bucket, this.objectKey(key))
    })()
    this.inFlight.set(key, job)
    const forget = (): void => {
      if (this.inFlight.get(key) === job) this.inFlight.delete(key)
    }
    job.then(forget, forget)
    return job
  }

  /** One PUT for an object of one part (its body a buffer, so a retry can send it again), else multipart. */
  private async upload(
    key: string,
    source: Uint8Array | string,
    size: number,
    progress?: PutProgress,
    sha256?: string
  ): Promise<void> {
    const params = {
      Bucket: this.location.bucket,
      Key: this.objectKey(key),
      ContentType:
        CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream'
    }
    if (size <= this.partSize) {
      const body = typeof source === 'string' ? await readFile(source) : source
      progress?.(0, size)
      try {
        const command = new PutObjectCommand({ ...params, Body: body, ContentLength: size })
        if (sha256 !== undefined && SHA256_HEX.test(sha256)) signWithKnownHash(command, sha256)
        await this.client.send(command)
      } catch (error) {
        throw this.fail(error)
      }
      return
    }
    await this.multipart.upload(
      { bucket: params.Bucket, key: params.Key, contentType: params.ContentType },
      source,
      size,
      async () => (await this.stat(key)) !== null,
      progress
    )
  }
}
