import { z } from 'zod'
import { broken, requireModelAndPrompt, type PreflightIssue } from '../checks'
import { defineSync, type WireFile } from './descriptor'
import { ImageResultSet, resultOf } from './imageResults'
import { MediaId, type ResolvedMedia } from './media'

/** docs/GATEWAY.md §2.3: edit with images and a mask, as multipart. The Edit screen has its own form. */

const PATH = '/v1/images/edits'

export const EDIT_MAX_IMAGES = 16

export interface ImageFile {
  data: Uint8Array
  filename: string
  /** Guessed from the file name when absent. */
  contentType?: string | undefined
}

export interface ImageEditRequest {
  model: string
  prompt: string
  /** One file goes as the part `image`; several as repeated `image[]` parts (the OpenAI SDK's form). */
  images: ImageFile[]
  mask?: ImageFile | undefined
  /** Further form fields (`n`, `size`, `quality`, …); the spec leaves them open. */
  fields?: Readonly<Record<string, string | number | boolean>> | undefined
}

export function preflightImageEdit(input: {
  model?: unknown
  prompt?: unknown
  imageCount: number
  maskCount?: number
}): PreflightIssue[] {
  const issues = requireModelAndPrompt(input)
  if (input.imageCount < 1)
    issues.push(
      broken({ field: 'image', rule: 'at_least_images', words: 'Add at least 1 image', values: { count: 1 } })
    )
  if ((input.maskCount ?? 0) > 1)
    issues.push(
      broken({
        field: 'mask',
        rule: 'at_most_masks',
        words: 'Use at most 1 mask',
        values: { count: 1 },
        value: input.maskCount
      })
    )
  return issues
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif'
}

function contentTypeOf(file: ImageFile): string {
  if (file.contentType) return file.contentType
  const ext = /\.([a-z0-9]+)$/i.exec(file.filename)?.[1]?.toLowerCase() ?? ''
  return TYPES[ext] ?? 'application/octet-stream'
}

const extOf = (mime: string): string =>
  mime === 'image/jpeg' ? 'jpg' : mime === 'image/webp' ? 'webp' : 'png'

const part = (name: string, file: ImageFile): WireFile => ({
  name,
  filename: file.filename,
  contentType: contentTypeOf(file),
  data: file.data
})

const fileOf = (media: ResolvedMedia | undefined): { data: Uint8Array; mime: string } =>
  media?.as === 'file' ? media : { data: new Uint8Array(0), mime: 'image/png' }

export const imageEdits = defineSync({
  key: 'imageEdits',
  label: 'Image edit',
  path: PATH,
  jobKind: 'edit',
  kind: 'sync',
  extras: true,
  names: undefined,
  job: z.object({
    endpoint: z.literal('imageEdits'),
    body: z.object({
      model: z.string(),
      prompt: z.string(),
      fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional()
    }),
    images: z
      .array(z.object({ mediaId: MediaId }))
      .min(1)
      .max(EDIT_MAX_IMAGES),
    mask: z.object({ mediaId: MediaId }).optional()
  }),
  imagesOf: (job) => (typeof job.body.fields?.['n'] === 'number' ? job.body.fields['n'] : 1),
  media: (job) => [
    ...job.images.map((ref) => ({
      ref,
      as: 'file' as const,
      missing: 'The image to edit is no longer in the library.'
    })),
    ...(job.mask
      ? [{ ref: job.mask, as: 'file' as const, missing: 'The mask is no longer in the library.' }]
      : [])
  ],
  toRequest: (job, media): ImageEditRequest => {
    const images = job.images.map((_, i) => {
      const file = fileOf(media[i])
      return { data: file.data, filename: `image-${i}.${extOf(file.mime)}`, contentType: file.mime }
    })
    const mask = job.mask
      ? { data: fileOf(media[job.images.length]).data, filename: 'mask.png', contentType: 'image/png' }
      : undefined
    return { model: job.body.model, prompt: job.body.prompt, images, mask, fields: job.body.fields }
  },
  check: (request) =>
    preflightImageEdit({
      model: request.model,
      prompt: request.prompt,
      imageCount: request.images.length,
      maskCount: request.mask ? 1 : 0
    }),
  body: (request) => ({
    fields: { model: request.model, prompt: request.prompt },
    extra: request.fields,
    files: [
      ...(request.images.length === 1
        ? [part('image', request.images[0] as ImageFile)]
        : request.images.map((image) => part('image[]', image))),
      ...(request.mask ? [part('mask', request.mask)] : [])
    ]
  }),
  response: ImageResultSet,
  result: (answer) => resultOf(answer)
})
