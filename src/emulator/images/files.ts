import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import type { Clock } from '../clock'
import type { Wire } from '../http/wire'

interface HostedFile {
  ext: string
  contentType: string
  expiresAt: number
  signed: boolean
  produce: () => Promise<Buffer>
}

export interface NewFile {
  ext: string
  contentType: string
  produce: () => Promise<Buffer>
  /** Lifetime from `from` (default: now); 0 or less gives an already expired URL. */
  ttlMs: number
  from?: number
  /** OSS-style signed URL (`?Expires=…&Signature=…`) that is refused when tampered with. */
  signed?: boolean
}

const SWEEP_AFTER_MS = 60 * 60 * 1000

const ossError = (code: string, message: string): Buffer =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>\n`
  )

/** Result files served without auth at `/files/<id>.<ext>`, like a CDN or object-store link, until they expire. */
export class HostedFiles {
  private readonly files = new Map<string, HostedFile>()
  private readonly secret = randomBytes(16)

  constructor(
    private readonly clock: Clock,
    private readonly origin: () => string
  ) {}

  add(file: NewFile): { id: string; url: string } {
    this.sweep()
    const id = randomUUID().replace(/-/g, '')
    const expiresAt = (file.from ?? this.clock.now()) + file.ttlMs
    this.files.set(id, { ...file, expiresAt, signed: file.signed ?? false })
    let url = `${this.origin()}/files/${id}.${file.ext}`
    if (file.signed) {
      const expires = Math.floor(expiresAt / 1000)
      url += `?Expires=${expires}&OSSAccessKeyId=EMULATOR&Signature=${encodeURIComponent(this.sign(id, expires))}`
    }
    return { id, url }
  }

  /** Makes the file's URL expired from now on. */
  expire(id: string): void {
    const file = this.files.get(id)
    if (file) file.expiresAt = Math.min(file.expiresAt, this.clock.now())
  }

  async serve(name: string, query: URLSearchParams, wire: Wire, headOnly: boolean): Promise<void> {
    const m = /^([0-9a-f]{32})\.([a-z0-9]+)$/.exec(name)
    const file = m?.[1] === undefined ? undefined : this.files.get(m[1])
    const xml = { 'content-type': 'application/xml' }
    if (!m?.[1] || !file || file.ext !== m[2]) {
      return wire.send(404, xml, ossError('NoSuchKey', 'The specified key does not exist.'))
    }
    if (file.signed) {
      const expires = Number(query.get('Expires'))
      if (query.get('Signature') !== this.sign(m[1], expires)) {
        return wire.send(403, xml, ossError('SignatureDoesNotMatch', 'The request signature does not match.'))
      }
    }
    if (this.clock.now() >= file.expiresAt) {
      return wire.send(403, xml, ossError('AccessDenied', 'Request has expired.'))
    }
    const bytes = await file.produce()
    const headers = { 'content-type': file.contentType, 'cache-control': 'private, max-age=60' }
    if (headOnly) {
      await wire.start(200, { ...headers, 'content-length': String(bytes.length) })
      return wire.end()
    }
    return wire.send(200, headers, bytes)
  }

  /** Forgets files expired over an hour ago (then 404, as after a lifecycle rule), so long sessions stay small. */
  private sweep(): void {
    const cutoff = this.clock.now() - SWEEP_AFTER_MS
    for (const [id, file] of this.files) if (file.expiresAt < cutoff) this.files.delete(id)
  }

  private sign(id: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${id}:${expires}`).digest('base64')
  }
}
