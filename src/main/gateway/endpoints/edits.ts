import { Blob } from 'node:buffer'
import { FormData } from 'undici'
import { preflightImageEdit } from '../../../shared/gateway/preflight'
import type { GatewayContext, PostOptions } from '../context'
import { ImageResultSet } from '../schemas/images'
import { mergeBody, postJson, preflight, type JsonResult } from './common'

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

function appendFile(form: FormData, name: string, file: ImageFile): void {
  form.append(name, new Blob([file.data], { type: contentTypeOf(file) }), file.filename)
}

/** §4.6: multipart edit. A FormData body can be sent again as is, should the not-sent rule allow a retry. */
export async function editImage(
  ctx: GatewayContext,
  request: ImageEditRequest,
  options: PostOptions
): Promise<JsonResult<ImageResultSet>> {
  await preflight(
    ctx,
    'imageEdits',
    request.model,
    preflightImageEdit({
      model: request.model,
      prompt: request.prompt,
      imageCount: request.images.length,
      maskCount: request.mask ? 1 : 0
    })
  )
  const form = new FormData()
  const fields = mergeBody(ctx, 'imageEdits', request.fields, {
    model: request.model,
    prompt: request.prompt
  })
  for (const [name, value] of Object.entries(fields)) {
    // Form fields are text; nested extras have no multipart spelling, so they are not sent here.
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      form.append(name, String(value))
    }
  }
  if (request.images.length === 1) {
    appendFile(form, 'image', request.images[0] as ImageFile)
  } else {
    for (const image of request.images) appendFile(form, 'image[]', image)
  }
  if (request.mask) appendFile(form, 'mask', request.mask)
  return postJson(
    ctx,
    { endpoint: 'imageEdits', model: request.model, profile: 'request', form },
    ImageResultSet,
    options
  )
}
