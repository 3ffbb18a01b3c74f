import { z } from 'zod'

/** Library ids: 32 hex digits. */
export const MediaId = z.string().regex(/^[a-f0-9]{32}$/)

/**
 * A reference image as the renderer names it: a library item (turned into a data URI by the backend, so no
 * bytes cross the contract twice) or an address the gateway can fetch itself.
 */
export const ImageRef = z.union([
  z.object({ mediaId: MediaId }).strict(),
  z.object({ url: z.string().url().max(4096) }).strict()
])
export type ImageRef = z.output<typeof ImageRef>

/** A job's list of references, at most `max` of them. */
export const imageRefs = (max: number) => z.array(ImageRef).max(max)

/**
 * An image a job sends, read from the library (or taken as its address) by the backend right before the
 * request is built, so the stored job stays small and a re-send sends the same images.
 */
export interface MediaInput {
  ref: ImageRef
  /** `uri`: its address, or a data URI of the library file; `file`: the library file's bytes (multipart). */
  as: 'uri' | 'file'
  /** What the job fails with when the library no longer has it. */
  missing: string
}

export type ResolvedMedia = { as: 'uri'; uri: string } | { as: 'file'; data: Uint8Array; mime: string }

/**
 * The stand-in of an image for the pre-flight, which must not read the library: an address as itself, a
 * library item as an empty data URI (its bytes do not matter to the limits, its form does: v2 takes URLs
 * only) or an empty PNG file.
 */
export function placeholderOf(input: MediaInput): ResolvedMedia {
  if (input.as === 'file') return { as: 'file', data: new Uint8Array(0), mime: 'image/png' }
  return { as: 'uri', uri: 'url' in input.ref ? input.ref.url : 'data:image/png;base64,' }
}

/** A job's reference images, each sent as its address or a data URI. */
export const referenceInputs = (refs: readonly ImageRef[] | undefined): MediaInput[] =>
  (refs ?? []).map((ref) => ({ ref, as: 'uri', missing: 'A reference image is no longer in the library.' }))

/** The addresses of resolved `uri` inputs, in order. */
export const urisOf = (media: readonly ResolvedMedia[]): string[] =>
  media.flatMap((item) => (item.as === 'uri' ? [item.uri] : []))

/** A body with the resolved references as `referenceImages`, when there are any. */
export function withReferenceImages<B extends object>(
  body: B,
  media: readonly ResolvedMedia[]
): B & { referenceImages?: string[] } {
  const referenceImages = urisOf(media)
  return referenceImages.length > 0 ? { ...body, referenceImages } : body
}
