import type { Stamp } from './hlc'
import type { Segment, Snapshot } from './layout'
import type { ReplicaJournal, ReplicaSaved } from './replica'
import { ReplicatedState, type Change } from './state'

/**
 * The replica journal in memory: the smallest complete journal, for tests (a "crash" is a new `Replica`
 * opened on the same journal, which holds exactly what the completed steps recorded).
 */
export class MemoryJournal implements ReplicaJournal {
  private readonly state = new ReplicatedState()
  private clock: Stamp | null = null
  private outbox: Change[] = []
  private pending: Segment | null = null
  private nextSeq = 1
  private readonly applied: Record<string, number> = {}

  constructor(private readonly device: string) {}

  load(): ReplicaSaved {
    return structuredClone({
      clock: this.clock,
      state: this.state.toJSON(),
      outbox: this.outbox,
      pending: this.pending,
      nextSeq: this.nextSeq,
      applied: this.applied
    })
  }

  edited(changes: Change[], clock: Stamp): void {
    for (const change of changes) this.state.apply(change)
    this.outbox.push(...structuredClone(changes))
    this.clock = clock
  }

  sealed(segment: Segment): void {
    this.outbox = this.outbox.slice(segment.changes.length)
    this.pending = structuredClone(segment)
    this.nextSeq = segment.seq + 1
  }

  pushed(seq: number): void {
    this.pending = null
    this.applied[this.device] = seq
  }

  pulled(device: string, seq: number, changes: Change[], clock: Stamp | null): void {
    for (const change of changes) this.state.apply(change)
    this.applied[device] = seq
    if (clock !== null) this.clock = clock
  }

  adopted(snapshot: Snapshot): void {
    this.state.merge(snapshot.state)
    for (const [device, seq] of Object.entries(snapshot.vector)) {
      if (device !== this.device) this.applied[device] = Math.max(this.applied[device] ?? 0, seq)
    }
    if (this.clock === null || snapshot.clock > this.clock) this.clock = snapshot.clock
  }
}
