import type { ServerResponse } from 'node:http'
import { once } from 'node:events'
import { sleep } from '../clock'
import { ConnectionGone } from '../errors'
import type { FaultStep } from '../faults'

/** Deterministic PRNG for random splits (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Writes one HTTP response and applies the transport faults of a step: delay before headers, fault headers,
 * content-type override, split writes, and a reset, close, end or stall after N body bytes.
 */
export class Wire {
  readonly signal: AbortSignal
  private bytesSent = 0
  private readonly random: () => number

  constructor(
    private readonly res: ServerResponse,
    readonly step: FaultStep | undefined,
    private readonly onStatus: (status: number) => void,
    stopSignal: AbortSignal
  ) {
    const controller = new AbortController()
    const gone = (): void => controller.abort(new ConnectionGone())
    stopSignal.addEventListener('abort', gone, { once: true })
    res.on('close', () => {
      stopSignal.removeEventListener('abort', gone)
      if (!res.writableFinished) gone()
    })
    this.signal = controller.signal
    this.random = prng(step?.splitSeed ?? 1)
  }

  get headersSent(): boolean {
    return this.res.headersSent
  }

  /** Body bytes this response may carry before a reset, close, end or stall, or undefined. */
  private get limit(): number | undefined {
    const s = this.step
    return s?.resetAfterBytes ?? s?.closeAfterBytes ?? s?.endAfterBytes ?? s?.stallAfterBytes
  }

  private get streamsInPieces(): boolean {
    return this.step?.split !== undefined || this.limit !== undefined
  }

  async start(status: number, headers: Record<string, string>, body?: Buffer): Promise<void> {
    const step = this.step
    if (step?.delayMs) await sleep(step.delayMs, this.signal)
    this.ensureOpen()
    const all: Record<string, string> = { ...headers, ...faultHeaders(step) }
    if (step?.contentType !== undefined) all['content-type'] = step.contentType
    if (body && !this.streamsInPieces) all['content-length'] = String(body.length)
    this.res.writeHead(status, all)
    this.onStatus(status)
    this.res.flushHeaders()
  }

  async write(data: string | Buffer): Promise<void> {
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
    const limit = this.limit
    if (limit !== undefined && this.bytesSent + buf.length >= limit) {
      await this.writePieces(buf.subarray(0, Math.max(0, limit - this.bytesSent)))
      return this.breakConnection()
    }
    await this.writePieces(buf)
  }

  async end(): Promise<void> {
    if (this.limit !== undefined) return this.breakConnection()
    this.ensureOpen()
    await new Promise<void>((resolve) => this.res.end(resolve))
  }

  /** Sends a whole body, then ends the response. */
  async send(status: number, headers: Record<string, string>, body: Buffer): Promise<void> {
    await this.start(status, headers, body)
    await this.write(body)
    await this.end()
  }

  /** `reset: true`: no response at all, just an RST (after `delayMs`, like Toxiproxy's reset_peer timeout). */
  async refuse(): Promise<never> {
    if (this.step?.delayMs) await sleep(this.step.delayMs, this.signal)
    return this.reset()
  }

  /** Reset the connection (RST, not FIN). */
  async reset(): Promise<never> {
    // Reset straight from a write callback closes with FIN on Linux; one timer turn later it is a real RST.
    // Then one I/O poll more: a reader in this process (the tests') takes the bytes already sent before the
    // RST arrives, since Linux drops unread bytes on a reset and a busy machine would otherwise cut them.
    if (this.res.headersSent) {
      await new Promise((resolve) => setTimeout(resolve, 1))
      await new Promise((resolve) => setImmediate(resolve))
    }
    const socket = this.res.socket
    if (socket && !socket.destroyed) socket.resetAndDestroy()
    throw new ConnectionGone('reset by fault step')
  }

  /**
   * Stop the body where it is: `end` finishes the HTTP response (a well-formed but truncated body), `close`
   * closes the TCP connection with FIN without finishing it (like Toxiproxy's limit_data), `reset` sends RST.
   */
  async cut(mode: 'end' | 'close' | 'reset'): Promise<never> {
    if (mode === 'reset') await this.reset()
    this.ensureOpen()
    if (mode === 'close') this.res.socket?.end()
    else await new Promise<void>((resolve) => this.res.end(resolve))
    throw new ConnectionGone('body cut by fault step')
  }

  private async breakConnection(): Promise<never> {
    const step = this.step
    if (step?.resetAfterBytes !== undefined) await this.reset()
    if (step?.closeAfterBytes !== undefined) await this.cut('close')
    if (step?.endAfterBytes !== undefined) await this.cut('end')
    // Stall: keep the socket open and silent until the client gives up or the emulator stops.
    if (!this.signal.aborted) await once(this.signal, 'abort')
    throw new ConnectionGone('stalled by fault step')
  }

  private async writePieces(buf: Buffer): Promise<void> {
    const split = this.step?.split
    if (split === undefined) return this.writeRaw(buf)
    let offset = 0
    while (offset < buf.length) {
      const size = split === 'byte' ? 1 : split === 'random' ? 1 + Math.floor(this.random() * 16) : split
      await this.writeRaw(buf.subarray(offset, offset + size))
      offset += size
      // Yield so each piece leaves in its own TCP segment instead of being coalesced with the next.
      await sleep(this.step?.splitIntervalMs ?? 0, this.signal)
    }
  }

  private async writeRaw(buf: Buffer): Promise<void> {
    this.ensureOpen()
    if (buf.length === 0) return
    this.bytesSent += buf.length
    // Wait until the piece is handed to the kernel, so a following split, stall or reset acts on the wire.
    await new Promise<void>((resolve) => {
      const done = (): void => {
        this.signal.removeEventListener('abort', done)
        resolve()
      }
      this.signal.addEventListener('abort', done, { once: true })
      this.res.write(buf, done)
    })
    this.ensureOpen()
  }

  private ensureOpen(): void {
    if (this.signal.aborted || this.res.destroyed) throw new ConnectionGone()
  }
}

function faultHeaders(step: FaultStep | undefined): Record<string, string> {
  const out: Record<string, string> = { ...(step?.headers ?? {}) }
  if (step?.retryAfter !== undefined) out['retry-after'] = String(step.retryAfter)
  if (step?.retryAfterMs !== undefined) out['retry-after-ms'] = String(step.retryAfterMs)
  if (step?.shouldRetry !== undefined) out['x-should-retry'] = String(step.shouldRetry)
  return out
}
