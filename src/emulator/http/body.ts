import type { IncomingMessage } from 'node:http'
import { ConnectionGone, GatewayError, invalid } from '../errors'

const MAX_BODY_BYTES = 64 * 1024 * 1024

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of req) {
      const buf = chunk as Buffer
      size += buf.length
      if (size > MAX_BODY_BYTES) {
        throw new GatewayError(
          413,
          'invalid_request_error',
          'request_too_large',
          'Request body exceeds 64 MiB'
        )
      }
      chunks.push(buf)
    }
  } catch (err) {
    if (err instanceof GatewayError) throw err
    // The client went away while sending its body (an abort, a reset): nothing to answer.
    throw new ConnectionGone('request body aborted')
  }
  return Buffer.concat(chunks)
}

const mediaType = (req: IncomingMessage): string =>
  (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? ''

/** The body of a JSON endpoint: an object, sent as `application/json`. */
export function parseJsonObject(req: IncomingMessage, raw: Buffer): Record<string, unknown> {
  const type = mediaType(req)
  if (type !== 'application/json') {
    throw invalid(
      `Content-Type must be application/json, got ${type === '' ? 'none' : `"${type}"`}`,
      'unsupported_content_type'
    )
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(raw.toString('utf8'))
  } catch (err) {
    throw invalid(`Request body is not valid JSON: ${(err as Error).message}`, 'invalid_json')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalid('Request body must be a JSON object', 'invalid_json')
  }
  return parsed as Record<string, unknown>
}

/** The body of a multipart endpoint, parsed by the platform's own form-data parser. */
export async function parseMultipart(req: IncomingMessage, raw: Buffer): Promise<FormData> {
  if (mediaType(req) !== 'multipart/form-data') {
    throw invalid('Content-Type must be multipart/form-data with a boundary', 'unsupported_content_type')
  }
  try {
    return await new Request('http://emulator.local/', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: raw
    }).formData()
  } catch (err) {
    throw invalid(`Malformed multipart body: ${(err as Error).message}`, 'invalid_multipart')
  }
}

export interface BodySummary {
  bytes: number
  contentType: string | null
  /** Top-level field names of a JSON object or multipart form; never their values. */
  fields?: string[]
  model?: string
  stream?: boolean
  /** Files in a multipart body. */
  files?: number
}

/** What the request log keeps of a body: its shape, the model and the stream flag, nothing sensitive. */
export function summarizeBody(req: IncomingMessage, raw: Buffer): BodySummary {
  const summary: BodySummary = { bytes: raw.length, contentType: req.headers['content-type'] ?? null }
  const type = mediaType(req)
  if (type === 'application/json') {
    try {
      const parsed: unknown = JSON.parse(raw.toString('utf8'))
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        const obj = parsed as Record<string, unknown>
        summary.fields = Object.keys(obj)
        if (typeof obj.model === 'string') summary.model = obj.model
        if (typeof obj.stream === 'boolean') summary.stream = obj.stream
      }
    } catch {
      // The endpoint reports the bad JSON; the log just keeps the size.
    }
  } else if (type === 'multipart/form-data') {
    const names = [...raw.toString('latin1').matchAll(/name="([^"]*)"(; filename=")?/g)]
    summary.fields = [...new Set(names.map((m) => m[1] ?? ''))]
    summary.files = names.filter((m) => m[2] !== undefined).length
    const model = /name="model"\r\n\r\n([^\r\n]*)/.exec(raw.toString('latin1'))
    if (model?.[1] !== undefined) summary.model = model[1]
  }
  return summary
}
