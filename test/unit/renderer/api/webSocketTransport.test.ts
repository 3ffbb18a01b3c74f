import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createWebSocketTransport } from '@renderer/api/webSocketTransport'
import { CUT_OFF_MESSAGE, NOT_SENT_MESSAGE, type LinkStatus } from '@renderer/api/link'

/** A socket the test opens, answers and closes by hand. */
class FakeSocket {
  static readonly OPEN = 1
  static all: FakeSocket[] = []
  readyState = 0
  sent: string[] = []
  private readonly handlers = new Map<string, ((event: unknown) => void)[]>()
  constructor(readonly url: string) {
    FakeSocket.all.push(this)
  }
  addEventListener(type: string, handler: (event: unknown) => void): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler])
  }
  send(data: string): void {
    this.sent.push(data)
  }
  fire(type: string, event: unknown = {}): void {
    if (type === 'open') this.readyState = 1
    if (type === 'close') this.readyState = 3
    for (const handler of this.handlers.get(type) ?? []) handler(event)
  }
  answer(result: unknown): void {
    const { id } = JSON.parse(this.sent.at(-1) ?? '{}') as { id: number }
    this.fire('message', { data: JSON.stringify({ t: 'result', id, result }) })
  }
}

const latest = (): FakeSocket => {
  const socket = FakeSocket.all.at(-1)
  if (!socket) throw new Error('no socket')
  return socket
}

describe('the web host transport notices a lost backend and reconnects (issue 15)', () => {
  let host: 'up' | 'down' | 'new-token'
  const fetchImpl = vi.fn(() =>
    host === 'down'
      ? Promise.reject(new TypeError('Failed to fetch'))
      : Promise.resolve(new Response(null, { status: host === 'up' ? 204 : 403 }))
  )

  beforeEach(() => {
    vi.useFakeTimers()
    FakeSocket.all = []
    host = 'up'
    fetchImpl.mockClear()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const start = () => {
    const transport = createWebSocketTransport('tok', 'http://127.0.0.1:9', {
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
      fetchImpl: fetchImpl as unknown as typeof fetch
    })
    const statuses: LinkStatus[] = []
    transport.onLink((status) => statuses.push(status))
    return { transport, statuses }
  }

  it('says at once that the link is lost, answers commands "not sent", and retries with backoff', async () => {
    const { transport, statuses } = start()
    latest().fire('open')
    const inFlight = transport.invoke('app.info', {})
    host = 'down'
    latest().fire('close')
    // The command that was on its way may or may not have run; it says so instead of hanging.
    expect(await inFlight).toMatchObject({
      ok: false,
      error: { code: 'transport', message: CUT_OFF_MESSAGE }
    })
    expect(statuses.at(-1)).toMatchObject({ state: 'lost' })
    // A new command is not queued for later: it answers at once that it was not sent.
    expect(await transport.invoke('jobs.list', {})).toMatchObject({
      ok: false,
      error: { message: NOT_SENT_MESSAGE }
    })
    // 250 ms, then 500 ms, then 1 s…: each try asks /session first.
    await vi.advanceTimersByTimeAsync(250)
    expect(fetchImpl).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(500)
    expect(fetchImpl).toHaveBeenCalledTimes(2)
    const sockets = FakeSocket.all.length

    host = 'up'
    await vi.advanceTimersByTimeAsync(1000)
    expect(FakeSocket.all.length).toBe(sockets + 1)
    latest().fire('open')
    expect(statuses.at(-1)).toEqual({ state: 'open' })
    const answered = transport.invoke('app.info', {})
    latest().answer({ ok: true, value: 1 })
    expect(await answered).toEqual({ ok: true, value: 1 })
  })

  it('tells a host that no longer takes the token apart from one that is gone', async () => {
    const { transport, statuses } = start()
    latest().fire('open')
    host = 'new-token'
    latest().fire('close')
    await vi.advanceTimersByTimeAsync(250)
    expect(statuses.at(-1)).toMatchObject({ state: 'refused' })
    expect(FakeSocket.all).toHaveLength(1)
    // "Try now" skips the wait.
    host = 'up'
    transport.reconnectNow()
    await vi.advanceTimersByTimeAsync(0)
    expect(FakeSocket.all).toHaveLength(2)
  })

  it('keeps commands of a page still starting until the first connection opens', async () => {
    const { transport, statuses } = start()
    const early = transport.invoke('app.info', {})
    latest().fire('open')
    latest().answer({ ok: true, value: 'info' })
    expect(await early).toEqual({ ok: true, value: 'info' })
    expect(statuses).toEqual([])
  })
})
