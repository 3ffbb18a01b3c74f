import type { ImageRef, JobRequest } from '../../shared/schemas/jobs'
import type { GatewayClient, ImageItem, TaskSnapshot } from '../gateway'
import type { MediaSink } from './media'

export interface SyncItem {
  index: number
  url?: string | undefined
  b64?: string | undefined
  size?: string | undefined
  revisedPrompt?: string | undefined
  error?: { code?: string | undefined; message?: string | undefined } | undefined
}

export type SendOutcome =
  | { type: 'async'; snapshot: TaskSnapshot<{ id: string; status: string }>; createdAt: number | undefined }
  | { type: 'sync'; items: SyncItem[]; usage: unknown }

/** Events of a partner-a stream, as the engine stores them: each image the moment it arrives. */
export interface StreamHooks {
  onImage(item: SyncItem): Promise<void>
  onFailed(index: number, error: { code?: string | undefined; message?: string | undefined }): Promise<void>
  onCompleted(items: SyncItem[] | undefined, usage: unknown): Promise<void>
}

const toItems = (data: readonly ImageItem[]): SyncItem[] =>
  data.map((item, index) => ({
    index,
    url: item.url,
    b64: item.b64_json,
    size: item.size,
    revisedPrompt: item.revised_prompt,
    error: item.error
  }))

async function dataUris(media: MediaSink, refs: readonly ImageRef[] | undefined): Promise<string[]> {
  const out: string[] = []
  for (const ref of refs ?? []) {
    if ('url' in ref) {
      out.push(ref.url)
      continue
    }
    const stored = await media.read(ref.mediaId)
    if (!stored) throw new Error('A reference image is no longer in the library.')
    out.push(`data:${stored.mime};base64,${stored.bytes.toString('base64')}`)
  }
  return out
}

/**
 * Sends one task's request. Everything here runs after the task row is committed as `submitting`; what it
 * returns (or streams through `hooks`) is recorded by the engine. References are read from the library at
 * send time so the stored request stays small and a re-send sends the same images.
 */
export async function sendTask(
  client: GatewayClient,
  request: JobRequest,
  media: MediaSink,
  options: { signal: AbortSignal; idempotencyKey: string },
  hooks: StreamHooks
): Promise<SendOutcome | { type: 'streamed' }> {
  switch (request.endpoint) {
    case 'imagesV1': {
      const res = await client.generateImagesV1(request.body, options)
      return { type: 'sync', items: toItems(res.data.data), usage: res.data.usage ?? null }
    }
    case 'imagesV3': {
      const res = await client.generateImagesV3(request.body, options)
      const items = toItems(res.data.data).map((item) => ({ ...item, size: item.size ?? res.data.size }))
      return { type: 'sync', items, usage: res.data.usage ?? null }
    }
    case 'partnerB': {
      const referenceImages = await dataUris(media, request.references)
      const body = referenceImages.length > 0 ? { ...request.body, referenceImages } : request.body
      const res = await client.generatePartnerB(body, options)
      return { type: 'sync', items: toItems(res.data.data), usage: res.data.usage ?? null }
    }
    case 'imageEdits': {
      const images = []
      for (const [i, ref] of request.images.entries()) {
        const stored = await media.read(ref.mediaId)
        if (!stored) throw new Error('The image to edit is no longer in the library.')
        images.push({
          data: stored.bytes,
          filename: `image-${i}.${extOf(stored.mime)}`,
          contentType: stored.mime
        })
      }
      const maskStored = request.mask ? await media.read(request.mask.mediaId) : null
      if (request.mask && !maskStored) throw new Error('The mask is no longer in the library.')
      const res = await client.editImage(
        {
          model: request.body.model,
          prompt: request.body.prompt,
          images,
          mask: maskStored
            ? { data: maskStored.bytes, filename: 'mask.png', contentType: 'image/png' }
            : undefined,
          fields: request.body.fields
        },
        options
      )
      return { type: 'sync', items: toItems(res.data.data), usage: res.data.usage ?? null }
    }
    case 'imagesV2': {
      const referenceImages = await dataUris(media, request.references)
      const res = await client.createImageTask(
        { ...request.body, ...(referenceImages.length > 0 ? { referenceImages } : {}) },
        options
      )
      return { type: 'async', snapshot: res.data, createdAt: res.data.task.created_at ?? undefined }
    }
    case 'videos': {
      const [image] = await dataUris(media, request.firstFrame ? [request.firstFrame] : undefined)
      const body = image ? { ...request.body, extra: { ...request.body.extra, image } } : request.body
      const res = await client.createVideoTask(body, options)
      const created = (res.data.task as { created_at?: unknown }).created_at
      return {
        type: 'async',
        snapshot: res.data,
        createdAt: typeof created === 'number' ? created : undefined
      }
    }
    case 'partnerA': {
      const references = await dataUris(media, request.references)
      const image = references.length === 0 ? undefined : references.length === 1 ? references[0] : references
      const body = { ...request.body, ...(image !== undefined ? { image } : {}) }
      if (!request.stream) {
        const res = await client.generatePartnerA(body, options)
        return { type: 'sync', items: toItems(res.data.data), usage: res.data.usage ?? null }
      }
      const stream = await client.streamPartnerA(
        { ...body, response_format: body.response_format ?? 'b64_json' },
        options
      )
      for await (const event of stream.events) {
        if (event.type === 'partial_succeeded') {
          await hooks.onImage({
            index: event.imageIndex,
            b64: event.b64Json,
            url: event.url,
            size: event.size
          })
        } else if (event.type === 'partial_failed') {
          await hooks.onFailed(event.imageIndex, event.error)
        } else if (event.type === 'completed') {
          await hooks.onCompleted(event.data ? toItems(event.data) : undefined, event.usage ?? null)
        }
      }
      return { type: 'streamed' }
    }
  }
}

function extOf(mime: string): string {
  return mime === 'image/jpeg' ? 'jpg' : mime === 'image/webp' ? 'webp' : 'png'
}
