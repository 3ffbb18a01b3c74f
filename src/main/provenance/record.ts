import { z } from 'zod'
import { seedOf } from '../gallery/store'

/**
 * A result's story, as it travels with the copies that leave the app (issue 26): the same record is
 * written into an image's standard fields (`embed.ts`), into a PNG's own text chunk as JSON, and into a
 * sidecar `.json` where the file itself must stay untouched (content credentials, video). Never the key.
 */
export const ProvenanceRecord = z
  .object({
    profile: z.literal('full'),
    /** The app and its version, as `xmp:CreatorTool` says it. */
    app: z.string(),
    prompt: z.string(),
    revisedPrompt: z.string().nullable(),
    model: z.string(),
    endpoint: z.string(),
    /** The request's body as sent, without the prompt and model said above. */
    parameters: z.record(z.string(), z.unknown()),
    seed: z.union([z.number(), z.string()]).nullable(),
    /** The gateway's host name (no scheme, path or credentials). */
    gatewayHost: z.string().nullable(),
    jobId: z.string(),
    resultId: z.string(),
    batchId: z.string().nullable(),
    /** The library items an edit started from (its images, then its mask). */
    editOf: z.array(z.string()),
    created: z.string()
  })
  .strict()
export type ProvenanceRecord = z.output<typeof ProvenanceRecord>

/**
 * What a *Public* export says of each image: that a model made it and with which app; no prompt, no
 * parameter, no gateway. For sharing outside the team.
 */
export const PublicRecord = z.object({ profile: z.literal('public'), app: z.string() }).strict()
export type PublicRecord = z.output<typeof PublicRecord>

/** The record a copy leaves with, by the export's profile. */
export type ExitRecord = ProvenanceRecord | PublicRecord

/** What a result's row in the library says, as the gallery's queries give it. */
export interface ProvenanceSource {
  resultId: string
  jobId: string
  prompt: string
  revisedPrompt: string | null
  model: string
  endpoint: string
  /** The job's stored request, as read from the jobs table (the caller has parsed it once already). */
  request: unknown
  batchId: string | null
  createdAt: number
}

const StoredRequest = z
  .object({
    body: z.record(z.string(), z.unknown()).optional(),
    images: z.array(z.object({ mediaId: z.string() })).optional(),
    mask: z.object({ mediaId: z.string() }).optional()
  })
  .passthrough()

/** The host of a gateway address, or null when it is not one (a profile's address is checked on save). */
export function hostOf(baseUrl: string | null | undefined): string | null {
  if (!baseUrl) return null
  try {
    return new URL(baseUrl).hostname || null
  } catch {
    return null
  }
}

/**
 * The record of one result. A stored request that no longer reads (an older shape, a damaged row) still
 * gives the prompt, model and ids the row holds: the story is told as far as it is known.
 */
export function recordOf(
  source: ProvenanceSource,
  context: { app: string; gatewayHost: string | null }
): ProvenanceRecord {
  const parsed = StoredRequest.safeParse(source.request)
  const request = parsed.success ? parsed.data : null
  const body = request?.body ?? {}
  const { prompt: _prompt, model: _model, ...parameters } = body
  return {
    profile: 'full',
    app: context.app,
    prompt: source.prompt,
    revisedPrompt: source.revisedPrompt,
    model: source.model,
    endpoint: source.endpoint,
    parameters,
    seed: seedOf(request),
    gatewayHost: context.gatewayHost,
    jobId: source.jobId,
    resultId: source.resultId,
    batchId: source.batchId,
    editOf: [...(request?.images ?? []), ...(request?.mask ? [request.mask] : [])].map((ref) => ref.mediaId),
    created: new Date(source.createdAt).toISOString()
  }
}

/** The record as a sidecar file's text (and a PNG text chunk's): stable, readable JSON. */
export const recordJson = (record: ExitRecord): string => `${JSON.stringify(record, null, 2)}\n`
