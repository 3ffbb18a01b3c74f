import { Blob } from 'node:buffer'
import { FormData } from 'undici'
import { z } from 'zod'
import type { DescriptorKey, DescriptorOf, TaskDescriptorKey } from '../../../shared/gateway/endpoints'
import { descriptorOf, namesOf, type AnyDescriptor } from '../../../shared/gateway/endpoints'
import type { TaskLike, WireBody } from '../../../shared/gateway/endpoints/descriptor'
import type { ExtraFieldEndpoint } from '../../../shared/gateway/fieldMap'
import { snapshot, type TaskSnapshot } from '../../../shared/gateway/endpoints/taskSnapshot'
import { timeoutsFor } from '../agent'
import type { CallOptions, GatewayContext, PostOptions } from '../context'
import { requestJson } from '../http'
import type { ImageStreamEvent } from '../../../shared/gateway/imageStream'
import { gatewayImageDecoder } from '../streams/images'
import {
  getJson,
  mergeBody,
  postJson,
  postStream,
  preflight,
  taskPath,
  type GatewayStream,
  type JsonResult
} from './common'

/**
 * Runs any image or video endpoint from its descriptor (src/shared/gateway/endpoints): the pre-flight with
 * the profile's extras and names, the body under the profile's names (JSON, or multipart when it carries
 * files), the POST, and the answer read: as it came for a synchronous endpoint, as a task snapshot for a
 * task. Tasks are polled and cancelled through the descriptor's paths.
 */

type D<K extends DescriptorKey> = DescriptorOf<K>
export type TaskKey = TaskDescriptorKey

/** The request an endpoint takes (in its logical terms; the descriptor maps hidden names). */
export type RequestOf<K extends DescriptorKey> = Parameters<D<K>['check']>[0]

/** What a call answers: the parsed answer of a synchronous endpoint, or the snapshot of a task. */
export type AnswerOf<K extends DescriptorKey> =
  D<K> extends { kind: 'task'; response: z.ZodType<infer T> }
    ? T extends TaskLike
      ? TaskSnapshot<T>
      : never
    : D<K> extends { response: z.ZodType<infer P> }
      ? P
      : never

export interface StreamOptions extends PostOptions {
  /** Whether the model streams, when the caller knows (the listing does not say); `false` refuses a stream locally. */
  modelStreams?: boolean | undefined
}

function multipart(
  fields: Readonly<Record<string, unknown>>,
  files: NonNullable<WireBody['files']>
): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    // Form fields are text; nested extras have no multipart spelling, so they are not sent here.
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      form.append(name, String(value))
    }
  }
  for (const file of files)
    form.append(file.name, new Blob([file.data], { type: file.contentType }), file.filename)
  return form
}

/** The checked body of a call: refused locally what the gateway would refuse, before a byte is sent. */
async function prepare(
  ctx: GatewayContext,
  descriptor: AnyDescriptor,
  request: { model: string },
  stream: boolean,
  modelStreams?: boolean
): Promise<{ json?: unknown; form?: FormData }> {
  const names = namesOf(descriptor, ctx.fieldMap)
  const profile = { name: ctx.profileName ?? '', extraFields: ctx.extraFields }
  await preflight(
    ctx,
    descriptor.key as DescriptorKey,
    request.model,
    descriptor.check(request, { names, profile, stream, modelStreams })
  )
  const wire = descriptor.body(request, names, stream)
  const fields = mergeBody(
    ctx,
    descriptor.extras ? (descriptor.key as ExtraFieldEndpoint) : undefined,
    wire.extra,
    wire.fields
  )
  return wire.files ? { form: multipart(fields, wire.files) } : { json: fields }
}

function readTask<T extends TaskLike>(
  ctx: GatewayContext,
  descriptor: AnyDescriptor,
  task: T
): TaskSnapshot<T> {
  if (descriptor.kind !== 'task') throw new TypeError(`${descriptor.path} is not a task endpoint.`)
  const names = namesOf(descriptor, ctx.fieldMap)
  return snapshot(task, descriptor.task.resultUrlPath(names), descriptor.task.resultUrlPaths)
}

/** One billed POST: the whole answer, or the task it created (never re-sent on an ambiguous failure). */
export async function send<K extends DescriptorKey>(
  ctx: GatewayContext,
  key: K,
  request: RequestOf<K>,
  options: PostOptions
): Promise<JsonResult<AnswerOf<K>>> {
  const descriptor = descriptorOf(key)
  const model = (request as { model: string }).model
  const body = await prepare(ctx, descriptor, { ...request, model }, false)
  const res = await postJson(
    ctx,
    { endpoint: key, model, profile: 'request', ...body },
    descriptor.response,
    options
  )
  const data: unknown =
    descriptor.kind === 'task' ? readTask(ctx, descriptor, res.data as TaskLike) : res.data
  return { ...res, data: data as AnswerOf<K> }
}

/**
 * The same request with `stream: true`: images arrive one by one, read by the decoder the endpoint's
 * descriptor names, with the first-byte limit it asks for (headers that come only with the first image).
 */
export async function stream<K extends DescriptorKey>(
  ctx: GatewayContext,
  key: K,
  request: RequestOf<K>,
  options: StreamOptions
): Promise<GatewayStream<ImageStreamEvent>> {
  const descriptor = descriptorOf(key)
  const spec = descriptor.stream
  if (!spec) throw new TypeError(`${descriptor.path} does not stream.`)
  const model = (request as { model: string }).model
  const body = await prepare(ctx, descriptor, { ...request, model }, true, options.modelStreams)
  return postStream(
    ctx,
    { endpoint: key, model, profile: spec.firstByte === 'late' ? 'lateFirstByte' : 'stream', ...body },
    gatewayImageDecoder(spec.decoder()),
    options
  )
}

/** Reads a task's state (changes nothing), so it is retried like any safe read. */
export async function poll<K extends TaskKey>(
  ctx: GatewayContext,
  key: K,
  id: string,
  options: CallOptions
): Promise<JsonResult<AnswerOf<K>>> {
  const descriptor = descriptorOf(key)
  if (descriptor.kind !== 'task') throw new TypeError(`${descriptor.path} is not a task endpoint.`)
  const path = descriptor.task.pollPath(namesOf(descriptor, ctx.fieldMap))
  const res = await getJson(ctx, taskPath(path, id), descriptor.response, options)
  return { ...res, data: readTask(ctx, descriptor, res.data as TaskLike) as AnswerOf<K> }
}

function cancelOf(
  ctx: GatewayContext,
  key: TaskKey
): { method: 'DELETE' | 'POST'; path: string } | undefined {
  const descriptor = descriptorOf(key)
  return descriptor.kind === 'task' ? descriptor.task.cancel?.(namesOf(descriptor, ctx.fieldMap)) : undefined
}

/** Whether the profile knows a cancel call; the spec shows none, so the default field map has none. */
export function canCancel(ctx: GatewayContext, key: TaskKey): boolean {
  return cancelOf(ctx, key) !== undefined
}

/** Cancels through the profile's cancel path. Asking again is harmless, so it is retried like a read. */
export async function cancel(
  ctx: GatewayContext,
  key: TaskKey,
  id: string,
  options: CallOptions
): Promise<JsonResult<unknown>> {
  const call = cancelOf(ctx, key)
  if (!call) throw new TypeError(`This profile has no cancel path for ${descriptorOf(key).path}.`)
  return requestJson(
    ctx,
    {
      method: call.method,
      path: taskPath(call.path, id),
      cls: 'idempotent',
      timeouts: timeoutsFor('read', ctx.timeouts),
      signal: options.signal,
      accept: 'application/json'
    },
    z.unknown()
  )
}
