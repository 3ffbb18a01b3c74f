/**
 * Words about things that change in bursts, told together: each key said within `delayMs` of the first
 * goes out once, in one word, so a burst of thousands (a batch finishing, a board's files arriving) is
 * read by the screens a few times, not once per thing. A quiet change is told after `delayMs` at most,
 * the last one always.
 */
export class Coalesced {
  private readonly due = new Set<string>()
  private timer: ReturnType<typeof setTimeout> | null = null
  private stopped = false

  constructor(
    private readonly tell: (keys: string[]) => void,
    private readonly delayMs = 250
  ) {}

  add(key: string): void {
    if (this.stopped) return
    this.due.add(key)
    if (this.timer !== null) return
    this.timer = setTimeout(() => this.flush(), this.delayMs)
    // A word still to be told never keeps the process alive on its own.
    this.timer.unref?.()
  }

  /** Tells every key said since the last word now (before a reply that must already show them), if any. */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
    if (this.due.size === 0) return
    const keys = [...this.due]
    this.due.clear()
    this.tell(keys)
  }

  /** Tells nothing more, not even what was waiting. */
  stop(): void {
    this.stopped = true
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
    this.due.clear()
  }
}
