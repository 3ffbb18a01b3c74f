import { descriptorOf } from '../../shared/gateway/endpoints'
import type { MediaInput, ResolvedMedia } from '../../shared/gateway/endpoints/media'
import { toItems, type SyncItem } from '../../shared/gateway/endpoints/imageResults'
import type { JobRequest } from '../../shared/schemas/jobs'
import type { GatewayClient, RequestOf, TaskSnapshot } from '../gateway'
import type { PostOptions } from '../gateway/context'
import type { MediaSink } from './media'

export type { SyncItem }

export type SendOutcome =
  | { type: 'async'; snapshot: TaskSnapshot<{ id: string; status: string }>; createdAt: number | undefined }
  | { type: 'sync'; items: SyncItem[]; usage: unknown }

/** Events of a streamed job, as the engine stores them: each image the moment it arrives. */
export interface StreamHooks {
  onImage(item: SyncItem): Promise<void>
  onFailed(index: number, error: { code?: string | undefined; message?: string | undefined }): Promise<void>
  onCompleted(items: SyncItem[] | undefined, usage: unknown): Promise<void>
}

/** A library item as its data URI or its bytes, an address as itself; a missing item fails the send. */
async function resolve(media: MediaSink, input: MediaInput): Promise<ResolvedMedia> {
  if ('url' in input.ref) {
    if (input.as === 'uri') return { as: 'uri', uri: input.ref.url }
    throw new Error(input.missing)
  }
  const stored = await media.read(input.ref.mediaId)
  if (!stored) throw new Error(input.missing)
  return input.as === 'uri'
    ? { as: 'uri', uri: `data:${stored.mime};base64,${stored.bytes.toString('base64')}` }
    : { as: 'file', data: stored.bytes, mime: stored.mime }
}

/**
 * Sends one task's request, whatever its endpoint: its descriptor says how the job becomes a request and
 * whether it is one answer, a task or a stream. Everything here runs after the task row is committed as
 * `submitting`; what it returns (or streams through `hooks`) is recorded by the engine. References are
 * read from the library at send time so the stored request stays small and a re-send sends the same images.
 */
export async function sendTask(
  client: GatewayClient,
  job: JobRequest,
  media: MediaSink,
  options: PostOptions,
  hooks: StreamHooks
): Promise<SendOutcome | { type: 'streamed' }> {
  const descriptor = descriptorOf(job.endpoint)
  const resolved: ResolvedMedia[] = []
  for (const input of descriptor.media?.(job) ?? []) resolved.push(await resolve(media, input))
  const request = descriptor.toRequest(job, resolved, 'send') as RequestOf<typeof job.endpoint>
  if (descriptor.stream?.when(job)) {
    const stream = await client.stream(job.endpoint, request, options)
    for await (const event of stream.events) {
      if (event.type === 'partial_succeeded') {
        await hooks.onImage({ index: event.imageIndex, b64: event.b64Json, url: event.url, size: event.size })
      } else if (event.type === 'partial_failed') {
        await hooks.onFailed(event.imageIndex, event.error)
      } else if (event.type === 'completed') {
        await hooks.onCompleted(event.data ? toItems(event.data) : undefined, event.usage ?? null)
      }
    }
    return { type: 'streamed' }
  }
  const res = await client.send(job.endpoint, request, options)
  if (descriptor.kind === 'sync') return { type: 'sync', ...descriptor.result(res.data) }
  const snapshot = res.data as unknown as TaskSnapshot<{ id: string; status: string; created_at?: unknown }>
  const created = snapshot.task.created_at
  return { type: 'async', snapshot, createdAt: typeof created === 'number' ? created : undefined }
}
