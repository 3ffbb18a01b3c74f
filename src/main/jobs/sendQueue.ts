import type { JobKind } from './rows'
import type { SendToAdmit } from './spendGate'

/** A task waiting to be sent, with what orders it: its job's place in the queue, then its own number. */
export interface QueuedSend {
  taskId: string
  jobId: string
  kind: JobKind
  /** Its lane (`laneKey`: profile and endpoint), whose limits it waits for. */
  lane: string
  groupId: string | null
  /** The job's `queue_order`: lower goes first. */
  order: number
  seq: number
  /**
   * While it waits for budget: what its budget check reads and the words it was held with (JSON), kept so
   * that checking it again reads no rows and, when nothing changed, writes none.
   */
  budget?: { send: SendToAdmit; said: string }
}

const before = (a: QueuedSend, b: QueuedSend): boolean =>
  a.order < b.order || (a.order === b.order && a.seq < b.seq)

const compare = (a: QueuedSend, b: QueuedSend): number => (before(a, b) ? -1 : before(b, a) ? 1 : 0)

/**
 * The tasks waiting to be sent, one ordered line per lane, and those of paused batches set aside (kept in
 * order, out of the lines, so a paused batch of thousands costs the lines nothing). A line is an array kept
 * sorted: new jobs come last (an append), moves are rare and a binary search finds their place. Tasks
 * waiting for budget (a spending cap they would cross, P50) are held apart too, until the budget changes.
 */
export class SendQueue {
  private readonly lines = new Map<string, QueuedSend[]>()
  private readonly parked = new Map<string, QueuedSend[]>()
  private readonly held = new Map<string, QueuedSend>()
  private readonly where = new Map<string, QueuedSend>()

  get size(): number {
    return this.where.size
  }

  /** Queues a task (again: it is moved); set aside at once when its batch is paused. */
  add(entry: QueuedSend): void {
    this.remove(entry.taskId)
    this.where.set(entry.taskId, entry)
    this.place(entry)
  }

  /** Holds a task that would cross a spending cap out of its line, keeping its place, until `unhold`. */
  hold(entry: QueuedSend): void {
    this.remove(entry.taskId)
    this.where.set(entry.taskId, entry)
    this.held.set(entry.taskId, entry)
  }

  /** How many of the group's jobs wait for budget now (a job of several tasks counts once). */
  heldJobsIn(groupId: string): number {
    const jobs = new Set<string>()
    for (const entry of this.held.values()) if (entry.groupId === groupId) jobs.add(entry.jobId)
    return jobs.size
  }

  /** Every task waiting for budget goes back to its place (its paused batch's, if paused); returns how many. */
  unhold(): number {
    const count = this.held.size
    for (const entry of this.held.values()) this.place(entry)
    this.held.clear()
    return count
  }

  /** The lanes that have a task ready, the one whose first task goes first leading. */
  readyLanes(): string[] {
    const heads: QueuedSend[] = []
    for (const line of this.lines.values()) if (line[0]) heads.push(line[0])
    return heads.sort(compare).map((head) => head.lane)
  }

  /** The next task of a lane, taken out of the queue; undefined when its line is empty. */
  take(lane: string): QueuedSend | undefined {
    const line = this.lines.get(lane)
    const entry = line?.shift()
    if (!entry) return undefined
    this.where.delete(entry.taskId)
    if (line?.length === 0) this.lines.delete(lane)
    return entry
  }

  remove(taskId: string): boolean {
    const entry = this.where.get(taskId)
    if (!entry) return false
    this.where.delete(taskId)
    if (this.held.delete(taskId)) return true
    const line =
      (entry.groupId === null ? undefined : this.parked.get(entry.groupId)) ?? this.lines.get(entry.lane)
    const index = line ? line.indexOf(entry) : -1
    if (line && index >= 0) line.splice(index, 1)
    if (line?.length === 0 && this.lines.get(entry.lane) === line) this.lines.delete(entry.lane)
    return true
  }

  /** Sets a batch's tasks aside (and any added later) until `resumeGroup`. */
  pauseGroup(groupId: string): void {
    if (this.parked.has(groupId)) return
    const aside: QueuedSend[] = []
    for (const [lane, line] of this.lines) {
      if (!line.some((entry) => entry.groupId === groupId)) continue
      const kept = line.filter((entry) => {
        if (entry.groupId !== groupId) return true
        aside.push(entry)
        return false
      })
      if (kept.length > 0) this.lines.set(lane, kept)
      else this.lines.delete(lane)
    }
    this.parked.set(groupId, aside.sort(compare))
  }

  /** Puts a paused batch's tasks back in their lines, in their places. */
  resumeGroup(groupId: string): void {
    const aside = this.parked.get(groupId)
    if (!aside) return
    this.parked.delete(groupId)
    for (const entry of aside) insertSorted(this.lineOf(entry.lane), entry)
  }

  /** Gives a job's queued tasks a new place (a move to the front, a drag). */
  reorder(jobId: string, order: number): void {
    const moved = [...this.where.values()].filter((entry) => entry.jobId === jobId)
    for (const entry of moved) {
      if (this.held.has(entry.taskId)) this.hold({ ...entry, order })
      else this.add({ ...entry, order })
    }
  }

  /** The lowest and highest places taken (both null when nothing waits). */
  bounds(): { first: number; last: number } | null {
    let first = Infinity
    let last = -Infinity
    for (const entry of this.where.values()) {
      first = Math.min(first, entry.order)
      last = Math.max(last, entry.order)
    }
    return first === Infinity ? null : { first, last }
  }

  /** The jobs waiting and their places, in the order they will be sent (paused batches in their places). */
  jobsInOrder(): { jobId: string; order: number }[] {
    const all = [...this.where.values()].sort(compare)
    const seen = new Set<string>()
    const jobs: { jobId: string; order: number }[] = []
    for (const entry of all) {
      if (seen.has(entry.jobId)) continue
      seen.add(entry.jobId)
      jobs.push({ jobId: entry.jobId, order: entry.order })
    }
    return jobs
  }

  /** How many of a lane's tasks can be sent once it opens (paused batches not counted). */
  waitingIn(lane: string): number {
    return this.lines.get(lane)?.length ?? 0
  }

  /** How many tasks of all lanes can be sent once their lanes open (paused batches not counted). */
  waiting(): number {
    let count = 0
    for (const line of this.lines.values()) count += line.length
    return count
  }

  /** Into its line, or among its paused batch's tasks. */
  private place(entry: QueuedSend): void {
    const parked = entry.groupId === null ? undefined : this.parked.get(entry.groupId)
    insertSorted(parked ?? this.lineOf(entry.lane), entry)
  }

  private lineOf(lane: string): QueuedSend[] {
    let line = this.lines.get(lane)
    if (!line) {
      line = []
      this.lines.set(lane, line)
    }
    return line
  }
}

function insertSorted(line: QueuedSend[], entry: QueuedSend): void {
  const last = line[line.length - 1]
  if (!last || before(last, entry)) {
    line.push(entry)
    return
  }
  let low = 0
  let high = line.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (before(line[mid] as QueuedSend, entry)) low = mid + 1
    else high = mid
  }
  line.splice(low, 0, entry)
}
