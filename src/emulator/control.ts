import type { IncomingMessage, ServerResponse } from 'node:http'
import { z } from 'zod'
import { perMinuteSchema, quotaSchema } from './config'
import type { EmulatorState } from './context'
import { faultStepSchema, type Faults } from './faults'
import { readBody } from './http/body'
import type { RequestLog } from './request-log'

const bodies = {
  faults: z.strictObject({
    path: z.string().min(1),
    steps: z.union([faultStepSchema, z.array(faultStepSchema)])
  }),
  advance: z.strictObject({ ms: z.number().nonnegative() }),
  balance: z.strictObject({ key: z.string(), balance: z.number().nonnegative() }),
  // `null` lifts the limit; it must be said, so a forgotten field cannot lift one by accident.
  rateLimit: z.strictObject({ key: z.string(), perMinute: perMinuteSchema.nullable() }),
  quota: z.strictObject({ key: z.string(), quota: quotaSchema.nullable() })
}

function reply(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status).end()
    return
  }
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

/**
 * `/__emulator/…`: the in-process controls over HTTP, for an emulator started with the CLI. Not logged and
 * not subject to faults, so driving the emulator never disturbs what a test counts. No key is needed, so
 * the server lets through only callers that are not web pages (see `refusalFor` in server.ts), and the
 * app's demo gateway has no control routes at all (`control: false`).
 */
export async function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  parts: { state: EmulatorState; faults: Faults; log: RequestLog }
): Promise<void> {
  const route = `${req.method ?? 'GET'} ${url.pathname}`
  try {
    const raw = await readBody(req)
    const json = (): unknown => (raw.length === 0 ? {} : JSON.parse(raw.toString('utf8')))
    switch (route) {
      case 'POST /__emulator/faults': {
        const body = bodies.faults.parse(json())
        parts.faults.script(body.path, body.steps)
        return reply(res, 200, { pending: parts.faults.pending(body.path) })
      }
      case 'DELETE /__emulator/faults':
        parts.faults.clear(url.searchParams.get('path') ?? undefined)
        return reply(res, 204)
      case 'GET /__emulator/log':
        return reply(res, 200, parts.log.entries)
      case 'DELETE /__emulator/log':
        parts.log.clear()
        return reply(res, 204)
      case 'POST /__emulator/advance':
        parts.state.clock.advance(bodies.advance.parse(json()).ms)
        return reply(res, 204)
      case 'POST /__emulator/balance': {
        const body = bodies.balance.parse(json())
        parts.state.accounts.setBalance(body.key, body.balance)
        return reply(res, 204)
      }
      case 'POST /__emulator/rateLimit': {
        const body = bodies.rateLimit.parse(json())
        parts.state.accounts.setRateLimit(body.key, body.perMinute)
        return reply(res, 204)
      }
      case 'POST /__emulator/quota': {
        const body = bodies.quota.parse(json())
        parts.state.accounts.setQuota(body.key, body.quota)
        return reply(res, 204)
      }
      default:
        return reply(res, 404, {
          error: { type: 'not_found_error', code: 'unknown_control', message: route }
        })
    }
  } catch (err) {
    reply(res, 400, {
      error: { type: 'invalid_request_error', code: 'bad_control', message: (err as Error).message }
    })
  }
}
