import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { setMaxListeners } from 'node:events'
import type { Socket } from 'node:net'
import type { EmulatorState } from './context'
import { handleControl } from './control'
import { ConnectionGone, envelopeForStatus, GatewayError, notFound } from './errors'
import { describeStep, type FaultStep, type Faults } from './faults'
import { readBody, summarizeBody } from './http/body'
import { sendJson } from './http/respond'
import { Wire } from './http/wire'
import type { RequestLog, RequestLogEntry } from './request-log'
import { tenantRoutes, type Route } from './routes'

export interface ServerParts {
  state: EmulatorState
  faults: Faults
  log: RequestLog
  /** Whether `/__emulator/*` exists at all (off in the app's in-process demo gateway). */
  control: boolean
}

interface Hosts {
  gateway: ReadonlySet<string>
  control: ReadonlySet<string>
}

interface Refusal {
  status: number
  type: string
  code: string
  message: string
}

/**
 * Who may reach the emulator. It listens on 127.0.0.1 only, but a web page can still send requests there:
 * straight to the port (with `no-cors`), or through a name of its own that it rebinds to 127.0.0.1. So:
 * - every request must name the emulator itself as Host: `127.0.0.1:PORT`, or `localhost:PORT` for the
 *   gateway routes (a rebinding page always sends its own name);
 * - the control routes, which need no key, also refuse anything a browser sent on behalf of a page: an
 *   `Origin` header (browsers send one on every POST and DELETE, `no-cors` and `null` included) or a
 *   `Sec-Fetch-Site` other than `none`. Tests, curl and the CLI's users send neither.
 */
function refusalFor(req: IncomingMessage, hosts: Hosts, control: boolean): Refusal | null {
  const host = (req.headers.host ?? '').toLowerCase()
  if (!(control ? hosts.control : hosts.gateway).has(host)) {
    return {
      status: 421,
      type: 'invalid_request_error',
      code: 'misdirected_request',
      message: `This emulator does not answer for host "${host}"`
    }
  }
  if (!control) return null
  const site = req.headers['sec-fetch-site']
  if (req.headers.origin !== undefined || (site !== undefined && site !== 'none')) {
    return {
      status: 403,
      type: 'permission_error',
      code: 'control_forbidden',
      message: 'The control API does not answer requests made by web pages'
    }
  }
  return null
}

interface Incoming {
  req: IncomingMessage
  url: URL
  method: string
  tenant: string | null
  path: string
  raw: Buffer
  wire: Wire
  step: FaultStep | undefined
  entry: RequestLogEntry
}

function scripted(wire: Wire, step: FaultStep & { status: number }): Promise<void> {
  if (typeof step.body === 'string') {
    return wire.send(step.status, { 'content-type': 'application/json' }, Buffer.from(step.body, 'utf8'))
  }
  const base = envelopeForStatus(step.status)
  const body = step.body !== undefined ? step.body : { error: { ...base.error, ...step.error } }
  return sendJson(wire, step.status, body)
}

/**
 * The HTTP front: tenant prefix, fault steps, request log, routing, auth, rate limits, and errors as
 * envelopes.
 */
export class EmulatorServer {
  readonly server: Server
  private readonly sockets = new Set<Socket>()
  private readonly stopping = new AbortController()
  private readonly routes: Route[]
  /** Host headers that name this emulator; filled in once the port is known. */
  private hosts: Hosts = { gateway: new Set(), control: new Set() }

  constructor(private readonly parts: ServerParts) {
    // Every open response listens for stop(); hundreds at once are normal here.
    setMaxListeners(0, this.stopping.signal)
    this.routes = tenantRoutes(parts.state.fieldNames, parts.state.cancelRoute)
    this.server = createServer({ noDelay: true, keepAliveTimeout: 5_000 }, (req, res) => {
      void this.dispatch(req, res)
    })
    this.server.on('connection', (socket) => {
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
    })
  }

  async listen(port: number): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject)
        resolve()
      })
    })
    const address = this.server.address()
    if (address === null || typeof address === 'string') throw new Error('emulator: no TCP address')
    const { port: bound } = address
    // A client leaves out the default port, so on port 80 the bare name is ours too.
    const named = (name: string): string[] => [`${name}:${bound}`, ...(bound === 80 ? [name] : [])]
    this.hosts = {
      gateway: new Set([...named('127.0.0.1'), ...named('localhost')]),
      control: new Set(named('127.0.0.1'))
    }
    return bound
  }

  /** Closes the listener and every socket, including stalled and hanging ones. */
  async stop(): Promise<void> {
    this.stopping.abort(new ConnectionGone('emulator stopped'))
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()))
    for (const socket of this.sockets) socket.destroy()
    await closed
  }

  private async dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const method = req.method ?? 'GET'
    const control = this.parts.control && url.pathname.startsWith('/__emulator/')
    // Refused before the log and the fault scripts: a stray page neither shows up nor uses up a step.
    const refusal = refusalFor(req, this.hosts, control)
    if (refusal) {
      const { status, ...error } = refusal
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error }))
      return
    }
    if (control) return handleControl(req, res, url, this.parts)
    const tenantMatch = /^\/t\/([^/]+)(\/.*)?$/.exec(url.pathname)
    const tenant = tenantMatch?.[1] ?? null
    const path = tenantMatch ? (tenantMatch[2] ?? '/') : url.pathname
    const step = this.parts.faults.take(method, path)
    const idempotency = req.headers['idempotency-key']
    const entry = this.parts.log.add({
      method,
      path,
      tenant,
      authPresent: req.headers.authorization !== undefined,
      keyRole: null,
      idempotencyKey: typeof idempotency === 'string' ? idempotency : null,
      status: null,
      bodySummary: { bytes: 0, contentType: req.headers['content-type'] ?? null },
      fault: step ? describeStep(step) : null,
      startedAt: Date.now()
    })
    const wire = new Wire(res, step, (status) => (entry.status = status), this.stopping.signal)
    try {
      const raw = await readBody(req)
      entry.bodySummary = summarizeBody(req, raw)
      if (step?.reset) await wire.refuse()
      if (step?.status !== undefined) return await scripted(wire, { ...step, status: step.status })
      await this.route({ req, url, method, tenant, path, raw, wire, step, entry })
    } catch (err) {
      await this.fail(err, wire, entry)
    }
  }

  private async route(incoming: Incoming): Promise<void> {
    const { req, url, method, tenant, path, raw, wire, step, entry } = incoming
    const { state } = this.parts
    if (tenant === null) {
      const file = /^\/files\/([^/]+)$/.exec(path)
      if (file?.[1] && (method === 'GET' || method === 'HEAD')) {
        return state.files.serve(file[1], url.searchParams, wire, method === 'HEAD')
      }
      throw notFound(`No route for ${method} ${path}; tenant endpoints live under /t/<tenant>/...`)
    }
    if (!state.accounts.tenant(tenant)) throw notFound(`Unknown tenant "${tenant}"`, 'tenant_not_found')
    const matches = this.routes.filter((r) => r.pattern.test(path))
    const route = matches.find((r) => r.method === method)
    if (!route) {
      if (matches.length === 0) throw notFound(`No route for ${method} ${path}`, 'unknown_endpoint')
      const allow = matches.map((r) => r.method).join(', ')
      throw new GatewayError(405, 'invalid_request_error', 'method_not_allowed', `${path} allows ${allow}`, {
        allow
      })
    }
    const key = state.accounts.authenticate(req.headers.authorization, tenant)
    entry.keyRole = key.role
    // Before the handler parses the body or bills anything: a refused request has no other effect.
    state.accounts.admit(key)
    const params = route.pattern.exec(path)?.slice(1) ?? []
    await route.handler({ state, req, url, tenant, path, params, raw, key, step, wire })
  }

  private async fail(err: unknown, wire: Wire, entry: RequestLogEntry): Promise<void> {
    if (err instanceof ConnectionGone) {
      if (entry.status === null) entry.status = 0
      return
    }
    if (wire.headersSent) {
      // Mid-body failure: all we can do is drop the connection so the client sees a truncated body.
      if (!(err instanceof GatewayError)) console.error('emulator: error after headers were sent', err)
      await wire.reset().catch(() => undefined)
      return
    }
    const gatewayError =
      err instanceof GatewayError
        ? err
        : new GatewayError(500, 'server_error', 'internal_error', `Emulator error: ${(err as Error).message}`)
    if (!(err instanceof GatewayError)) console.error('emulator: unexpected error', err)
    try {
      await sendJson(wire, gatewayError.status, gatewayError.envelope(), gatewayError.headers)
    } catch (sendErr) {
      if (!(sendErr instanceof ConnectionGone)) console.error('emulator: cannot send an error', sendErr)
      if (entry.status === null) entry.status = 0
    }
  }
}
