import { z } from 'zod'

const nonNegInt = z.number().int().nonnegative()

export const faultStepSchema = z.strictObject({
  /** Scripted response: the endpoint itself is not run (nothing billed). */
  status: z.number().int().min(100).max(599).optional(),
  /** Body of a scripted response: a string is sent as is, anything else as JSON. Default: an error envelope. */
  body: z.unknown().optional(),
  /** Fields of the default error envelope of a scripted status. */
  error: z.strictObject({ type: z.string(), code: z.string(), message: z.string() }).partial().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  /** `Retry-After`: seconds, or any string (e.g. an HTTP date, or garbage). */
  retryAfter: z.union([z.number(), z.string()]).optional(),
  /** `retry-after-ms`. */
  retryAfterMs: z.union([z.number(), z.string()]).optional(),
  /** `x-should-retry: true|false`. */
  shouldRetry: z.boolean().optional(),

  /** Wait before sending the status line (use a huge value to hang before headers). */
  delayMs: nonNegInt.optional(),
  /** Reset the TCP connection once the request was read (and `delayMs` passed): no response at all. */
  reset: z.literal(true).optional(),
  /** Send this many body bytes, then reset the connection. */
  resetAfterBytes: nonNegInt.optional(),
  /** Send this many body bytes, then close the connection with FIN, leaving the HTTP body unfinished. */
  closeAfterBytes: nonNegInt.optional(),
  /** Send this many body bytes, then finish the response: a well-formed HTTP body cut short. */
  endAfterBytes: nonNegInt.optional(),
  /** Send this many body bytes, then send nothing more (the socket stays open until the client or stop()). */
  stallAfterBytes: nonNegInt.optional(),
  /** Write the body in 1-byte pieces, random pieces (1..16 bytes, seeded), or pieces of N bytes. */
  split: z.union([z.literal('byte'), z.literal('random'), z.number().int().positive()]).optional(),
  /** Pause between pieces when splitting; 0 still yields to the event loop so pieces go out separately. */
  splitIntervalMs: nonNegInt.optional(),
  /** Seed of `split: 'random'`. */
  splitSeed: z.number().int().optional(),
  /** SSE: stop after K events (`[DONE]` counts): finish the body (`end`, default), FIN (`close`) or RST (`reset`). */
  cutAfterEvents: nonNegInt.optional(),
  cutMode: z.enum(['end', 'close', 'reset']).optional(),
  /** SSE line endings. */
  lineEnding: z.enum(['lf', 'crlf', 'cr']).optional(),
  /** SSE: a `: keep-alive` comment before every event (`true`) or every N events. */
  keepAlive: z.union([z.boolean(), z.number().int().positive()]).optional(),
  /** JSON body cut in half; on SSE the first JSON event (or `malformedEventIndex`) is cut instead. */
  malformedJson: z.boolean().optional(),
  malformedEventIndex: nonNegInt.optional(),
  /** Replace the Content-Type header. */
  contentType: z.string().optional(),
  /** SSE: after K events, send this error event and end the stream. */
  errorEvent: z
    .strictObject({ afterEvents: nonNegInt, event: z.string().optional(), data: z.unknown().optional() })
    .optional(),

  /** Text the chat, messages or responses endpoint replies with. */
  reply: z.string().optional(),
  /** Hosted URLs in this response (or the queried task's result) are already expired. */
  expiredUrls: z.boolean().optional(),
  /** partner-a: indices of images that fail (`image_generation.partial_failed`, or `error` in `data`). */
  partialFail: z.array(nonNegInt).optional(),
  /** v2 image / video task creation: how the task ends. */
  taskOutcome: z.enum(['succeeded', 'failed', 'cancelled', 'expired']).optional(),
  /** partner-a stream in the upstream variant: `event:` lines, `model` and `created` on every event. */
  upstreamEvents: z.boolean().optional(),

  /** Apply this step to the next N matching requests (default 1). */
  times: z.number().int().positive().optional(),
  /** Never consumed: applies until `faults.clear()`. */
  always: z.boolean().optional()
})

export type FaultStep = z.infer<typeof faultStepSchema>

interface Script {
  method: string | undefined
  pattern: RegExp
  source: string
  steps: { step: FaultStep; left: number }[]
}

export interface FaultController {
  /**
   * Queue steps for the next requests whose tenant-relative path matches `path`
   * (`*` matches within one segment, e.g. `/v2/images/generations/*`; prefix `GET ` or `POST ` to match one method).
   */
  script(path: string, steps: FaultStep | FaultStep[]): void
  /** Shorthand for a step with `always: true`. */
  always(path: string, step: FaultStep): void
  /** Forget the scripts of `path` (exactly as given to `script`), or all scripts. */
  clear(path?: string): void
  /** Steps still queued (an `always` step counts once). */
  pending(path?: string): number
}

function compile(source: string): Pick<Script, 'method' | 'pattern'> {
  const m = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(.+)$/i.exec(source.trim())
  const path = m?.[2] ?? source.trim()
  const regex = path
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*')
  return { method: m?.[1]?.toUpperCase(), pattern: new RegExp(`^${regex}$`) }
}

export class Faults implements FaultController {
  private scripts: Script[] = []

  script(path: string, steps: FaultStep | FaultStep[]): void {
    const list = (Array.isArray(steps) ? steps : [steps]).map((s) => faultStepSchema.parse(s))
    let script = this.scripts.find((s) => s.source === path)
    if (!script) {
      script = { ...compile(path), source: path, steps: [] }
      this.scripts.push(script)
    }
    script.steps.push(...list.map((step) => ({ step, left: step.always ? Infinity : (step.times ?? 1) })))
  }

  always(path: string, step: FaultStep): void {
    this.script(path, { ...step, always: true })
  }

  clear(path?: string): void {
    this.scripts = path === undefined ? [] : this.scripts.filter((s) => s.source !== path)
  }

  pending(path?: string): number {
    return this.scripts
      .filter((s) => path === undefined || s.source === path)
      .reduce((sum, s) => sum + s.steps.reduce((n, st) => n + (st.left === Infinity ? 1 : st.left), 0), 0)
  }

  /** The step for this request, consumed unless it is `always`. */
  take(method: string, path: string): FaultStep | undefined {
    const script = this.scripts.find(
      (s) => s.steps.length > 0 && (s.method === undefined || s.method === method) && s.pattern.test(path)
    )
    const head = script?.steps[0]
    if (!script || !head) return undefined
    head.left -= 1
    if (head.left <= 0) script.steps.shift()
    return head.step
  }
}

/** Short label of a step for the request log. */
export function describeStep(step: FaultStep): string {
  return Object.entries(step)
    .filter(([k]) => k !== 'body' && k !== 'reply' && k !== 'times' && k !== 'always')
    .map(([k, v]) => (typeof v === 'object' ? k : `${k}=${JSON.stringify(v)}`))
    .join(',')
}
