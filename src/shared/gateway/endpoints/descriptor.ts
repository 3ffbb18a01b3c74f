import type { z } from 'zod'
import type { PreflightIssue } from '../checks'
import { preflightMerged, type ProfileExtraFields } from '../extraFields'
import type { FormSpec } from './form'
import type { SyncResult } from './imageResults'
import type { MediaInput, ResolvedMedia } from './media'
import type { JobKind } from '../../schemas/jobKinds'
import type { StreamSpec } from '../imageStream'

/**
 * One gateway endpoint family in one place: its path, limits and pre-flight, the names the spec hides and
 * their defaults, how a job becomes a request and a request a body, how the answer is read, how it is sent
 * (one answer, a task to poll, or a stream), and the form fields it offers. Pure data and pure functions:
 * the backend's gateway client and task engine run any descriptor generically, and so does the renderer's
 * Images form (src/renderer/src/jobs/imageForm/form).
 */

/** The names a gateway profile may give this endpoint's hidden fields: the field map's `key` entry. */
export interface NamesSpec<FK extends string = string, S extends z.ZodType = z.ZodType> {
  key: FK
  schema: S
}
export type NamesOf<NS> = NS extends NamesSpec<string, infer S> ? z.output<S> : Record<string, never>

export interface CheckContext<Names> {
  /** The profile's names for the hidden fields (or their defaults). */
  names: Names
  /** The profile's extra JSON fields, merged into the body under the request's own fields. */
  profile?: ProfileExtraFields | undefined
  stream: boolean
  /** Whether the model streams, when the caller knows (the listing does not say). */
  modelStreams?: boolean | undefined
}

export interface WireFile {
  /** The multipart part name. */
  name: string
  filename: string
  contentType: string
  data: Uint8Array
}

/** A request as sent: its own fields under their wire names, its extras, and files for a multipart body. */
export interface WireBody {
  fields: Record<string, unknown>
  /** The request's own extra JSON fields; the profile's are merged under them by the client. */
  extra?: Readonly<Record<string, unknown>> | undefined
  /** Present: the body is multipart (only primitive fields are sent); absent: JSON. */
  files?: readonly WireFile[]
}

/** Where an endpoint's task is polled and its result found, by the profile's names. */
export interface TaskSpec<Names> {
  pollPath(names: Names): string
  /** Tried first for the result URL, when the profile sets one. */
  resultUrlPath(names: Names): string | undefined
  /** The built-in result URL names, in the order docs/GATEWAY.md §6 gives. */
  resultUrlPaths: readonly string[]
  /** The profile's cancel call, if it knows one (the spec shows none). */
  cancel?(names: Names): { method: 'DELETE' | 'POST'; path: string } | undefined
}

export interface DescriptorBase<
  K extends string,
  J extends z.ZodType,
  Req,
  NS extends NamesSpec | undefined,
  P,
  X extends boolean = boolean
> {
  key: K
  /**
   * The family's name in a designer's words ("Streaming groups", never its path): the model picker, job
   * cards, the Queue, the gallery's filters and detail, and messages all say it.
   */
  label: string
  path: string
  /** Other spellings of the path a model listing may use. */
  aliases?: readonly string[]
  /** Which screen's lane its jobs go in. */
  jobKind: JobKind
  /** Whether the profile's extra JSON fields (and the request's own `extra`) are merged into its body. */
  extras: X
  /** The hidden field names of this endpoint in the profile's field map, when it has any. */
  names: NS
  /**
   * How long the gateway keeps a result's address, where the gateway or its spec states it (partner-b
   * passes the provider's temporary URL through: about 24 hours). Absent where nothing is stated: no
   * expiry is shown for its results then, never one we made up.
   */
  addressLifetime?: { hours: number }
  /** How many references a job may carry, and why addresses only when it takes no library images. */
  references?: { max: number; urlOnly?: string }
  /** The job (one user action) as the contract carries and the engine stores it. */
  job: J
  /** How many images a job asks for (the slots of its group). */
  imagesOf(job: z.output<J>): number
  /** How many gateway tasks a job is (a v2 "Images: N" job is N). */
  tasksOf?(job: z.output<J>): number
  /** Library images and addresses the job sends, resolved by the backend before `toRequest`. */
  media?(job: z.output<J>): readonly MediaInput[]
  /** The request a job sends; `check` is the pre-flight's view of it (references judged as a list). */
  toRequest(job: z.output<J>, media: readonly ResolvedMedia[], purpose: 'send' | 'check'): Req
  /** How the endpoint streams, when it can: which jobs stream, their decoder, when their headers come. */
  stream?: StreamSpec<z.output<J>>
  /** Every limit of the spec for the request, with the profile's extras merged in as the client will. */
  check(request: Req, context: CheckContext<NamesOf<NS>>): PreflightIssue[]
  /** The request's body under the profile's names. */
  body(request: Req, names: NamesOf<NS>, stream: boolean): WireBody
  /** The answer (for a task: the task as created or polled). */
  response: z.ZodType<P>
  /** The fields the Images screen offers, when it offers this endpoint. */
  form?: FormSpec
}

export interface SyncDescriptor<
  K extends string,
  J extends z.ZodType,
  Req,
  NS extends NamesSpec | undefined,
  P,
  X extends boolean = boolean
> extends DescriptorBase<K, J, Req, NS, P, X> {
  kind: 'sync'
  result(answer: P): SyncResult
}

export interface TaskDescriptor<
  K extends string,
  J extends z.ZodType,
  Req,
  NS extends NamesSpec | undefined,
  P extends TaskLike,
  X extends boolean = boolean
> extends DescriptorBase<K, J, Req, NS, P, X> {
  kind: 'task'
  task: TaskSpec<NamesOf<NS>>
}

export interface TaskLike {
  id: string
  status: string
  error?: unknown
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the request and answer types vary per endpoint */
/** Any descriptor, for code that runs them generically. */
export type AnyDescriptor =
  | SyncDescriptor<string, z.ZodType, any, NamesSpec | undefined, any>
  | TaskDescriptor<string, z.ZodType, any, NamesSpec | undefined, any>
/* eslint-enable @typescript-eslint/no-explicit-any */

export const defineSync = <
  const K extends string,
  J extends z.ZodType,
  Req,
  const NS extends NamesSpec | undefined,
  P,
  const X extends boolean
>(
  descriptor: SyncDescriptor<K, J, Req, NS, P, X>
): SyncDescriptor<K, J, Req, NS, P, X> => descriptor

export const defineTask = <
  const K extends string,
  J extends z.ZodType,
  Req,
  const NS extends NamesSpec | undefined,
  P extends TaskLike,
  const X extends boolean
>(
  descriptor: TaskDescriptor<K, J, Req, NS, P, X>
): TaskDescriptor<K, J, Req, NS, P, X> => descriptor

/** The profile's wire names of the request fields whose names the spec hides, by their logical names. */
export const hiddenNamesOf = <N extends Record<string, unknown>>(
  names: N,
  keys: readonly (keyof N & string)[]
): Record<string, string> => Object.fromEntries(keys.map((key) => [key, String(names[key])]))

/** Those request fields under the profile's names for them. */
export const underNames = <N extends Record<string, unknown>>(
  request: Readonly<Record<string, unknown>>,
  names: N,
  keys: readonly (keyof N & string)[]
): Record<string, unknown> => Object.fromEntries(keys.map((key) => [String(names[key]), request[key]]))

/**
 * The pre-flight and body of an endpoint whose request keeps its extras in `extra` and sends some fields
 * under names the spec hides (v2, partner-b): the checks run on the body as merged with the extras, and
 * those fields go out under the profile's names.
 */
export function withHiddenNames<
  Req extends { model: string; prompt: string; extra?: Readonly<Record<string, unknown>> | undefined },
  N extends Record<string, unknown>
>(
  target: { key: string; path: string },
  hidden: readonly (keyof N & string)[],
  preflight: (merged: Record<string, unknown>) => PreflightIssue[]
): {
  check: (request: Req, context: CheckContext<N>) => PreflightIssue[]
  body: (request: Req, names: N) => WireBody
} {
  return {
    check: (request, { names, profile }) =>
      preflightMerged(
        { ...target, hidden: hiddenNamesOf(names, hidden) },
        request,
        request.extra,
        profile,
        preflight
      ),
    body: (request, names) => ({
      fields: { model: request.model, prompt: request.prompt, ...underNames(request, names, hidden) },
      extra: request.extra
    })
  }
}
