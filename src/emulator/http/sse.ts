import { ConnectionGone } from '../errors'
import type { Wire } from './wire'

export interface SseEvent {
  event?: string
  /** A string is sent as is (e.g. `[DONE]`); anything else as JSON. */
  data: unknown
}

const DEFAULT_ERROR_EVENT = {
  error: { type: 'server_error', code: 'InternalServiceError', message: 'Injected stream error' }
}

/** A `text/event-stream` body on top of a Wire, applying the SSE faults of its step. */
export class SseStream {
  private sent = 0
  private jsonSeen = 0

  constructor(private readonly wire: Wire) {}

  private get eol(): string {
    const ending = this.wire.step?.lineEnding
    return ending === 'crlf' ? '\r\n' : ending === 'cr' ? '\r' : '\n'
  }

  async open(): Promise<void> {
    await this.wire.start(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache'
    })
  }

  async send(event: SseEvent): Promise<void> {
    const step = this.wire.step
    if (step?.cutAfterEvents !== undefined && this.sent >= step.cutAfterEvents) {
      await this.wire.cut(step.cutMode ?? 'end')
    }
    if (step?.errorEvent && this.sent === step.errorEvent.afterEvents) {
      const injected = step.errorEvent
      await this.wire.write(
        this.format({ event: injected.event, data: injected.data ?? DEFAULT_ERROR_EVENT })
      )
      await this.wire.end()
      throw new ConnectionGone('error event injected by fault step')
    }
    const keepAlive = step?.keepAlive
    if (keepAlive === true || (typeof keepAlive === 'number' && this.sent % keepAlive === 0)) {
      await this.wire.write(`: keep-alive${this.eol}${this.eol}`)
    }
    await this.wire.write(this.format(event))
    this.sent += 1
  }

  /** `data: [DONE]`, then the end of the body. */
  async done(): Promise<void> {
    await this.send({ data: '[DONE]' })
    await this.end()
  }

  async end(): Promise<void> {
    const step = this.wire.step
    if (step?.cutAfterEvents !== undefined && this.sent >= step.cutAfterEvents) {
      await this.wire.cut(step.cutMode ?? 'end')
    }
    await this.wire.end()
  }

  private format(event: SseEvent): string {
    let data: string
    if (typeof event.data === 'string') {
      data = event.data
    } else {
      data = JSON.stringify(event.data)
      const step = this.wire.step
      if (step?.malformedJson && this.jsonSeen === (step.malformedEventIndex ?? 0)) {
        data = data.slice(0, Math.ceil(data.length / 2))
      }
      this.jsonSeen += 1
    }
    const lines = event.event === undefined ? [] : [`event: ${event.event}`]
    for (const line of data.split('\n')) lines.push(`data: ${line}`)
    return lines.join(this.eol) + this.eol + this.eol
  }
}
