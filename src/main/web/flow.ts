/** What flow control needs of a WebSocket (ws's own object has all of it). */
export interface FlowSocket {
  readonly bufferedAmount: number
  readonly isPaused: boolean
  pause(): void
  resume(): void
  terminate(): void
}

export interface FlowLimits {
  /** Bytes queued for the page past which its socket stops being read and its commands wait. */
  pauseAt: number
  /** Bytes queued at or under which reading and the waiting commands go on again. */
  resumeAt: number
  /** Bytes queued past which the page is too far behind to catch up: its socket is closed. */
  dropAt: number
  /** Commands that may wait while paused (what was already read off the wire); more closes the socket. */
  maxWaiting: number
}

/** RELIABILITY P3's bound (ours): a page that stops reading costs the host at most about `dropAt`. */
export const FLOW_LIMITS: FlowLimits = {
  pauseAt: 8 * 1024 * 1024,
  resumeAt: 1024 * 1024,
  dropAt: 64 * 1024 * 1024,
  maxWaiting: 1_000
}

/**
 * Backpressure for one page's socket. Answers and events are queued by ws until the page reads them; a page
 * that stops reading while asking for large answers (a gallery page, an export) would make the host hold
 * all of them. Past `pauseAt` the socket is no longer read and commands already read wait, so the page
 * cannot ask for more than it reads; what it already asked for is still answered. Past `dropAt`, which only
 * events can reach, the socket is closed: the page reconnects and reads everything again, as after a
 * restart of the host.
 */
export class SocketFlow {
  private readonly waiting: (() => void)[] = []
  private draining = false

  constructor(
    private readonly socket: FlowSocket,
    private readonly limits: FlowLimits = FLOW_LIMITS
  ) {}

  /**
   * Runs `command` now, or once the page has caught up. Call it in a turn of its own per command: an
   * answer is queued in the microtasks after its command, so the next command sees whether it pushed the
   * page past `pauseAt`.
   */
  admit(command: () => void): void {
    if (!this.socket.isPaused && this.waiting.length === 0) {
      command()
      return
    }
    if (this.waiting.length >= this.limits.maxWaiting) {
      this.socket.terminate()
      return
    }
    this.waiting.push(command)
  }

  /** After a message was queued for the page. */
  queued(): void {
    const behind = this.socket.bufferedAmount
    if (behind > this.limits.dropAt) this.socket.terminate()
    else if (behind > this.limits.pauseAt && !this.socket.isPaused) this.socket.pause()
  }

  /** After a message reached the wire: the page is reading again, maybe enough to go on. */
  written(): void {
    if (!this.socket.isPaused || this.socket.bufferedAmount > this.limits.resumeAt) return
    this.socket.resume()
    this.drain()
  }

  /** The waiting commands, one a turn, for as long as the page keeps up. */
  private drain(): void {
    if (this.draining) return
    this.draining = true
    const next = (): void => {
      const command = this.socket.isPaused ? undefined : this.waiting.shift()
      if (!command) {
        this.draining = false
        return
      }
      command()
      setImmediate(next)
    }
    setImmediate(next)
  }
}
