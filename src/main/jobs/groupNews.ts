/**
 * A batch's band follows its jobs: each change of a grouped job (a send, a result, words about budget) is
 * told to the group as `groups.updated`, coalesced so a batch of thousands finishing quickly is read once
 * per `delayMs`, not once per job. The first change of a quiet group is told after `delayMs` at most, the
 * last one always.
 */
export class GroupNews {
  private readonly due = new Set<string>()
  private timer: ReturnType<typeof setTimeout> | null = null
  private stopped = false

  constructor(
    private readonly tell: (groupId: string) => void,
    private readonly delayMs = 250
  ) {}

  changed(groupId: string): void {
    if (this.stopped) return
    this.due.add(groupId)
    if (this.timer !== null) return
    this.timer = setTimeout(() => this.flush(), this.delayMs)
    // A pending word about a band never keeps the process alive on its own.
    this.timer.unref?.()
  }

  /** Tells every group changed since the last word now (before a reply that must already show them). */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
    const groups = [...this.due]
    this.due.clear()
    for (const groupId of groups) this.tell(groupId)
  }

  stop(): void {
    this.stopped = true
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
    this.due.clear()
  }
}
