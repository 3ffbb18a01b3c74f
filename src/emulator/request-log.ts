import type { BodySummary } from './http/body'

export interface RequestLogEntry {
  /** 1, 2, 3… in arrival order. */
  seq: number
  method: string
  /** Path relative to the tenant base (`/v1/models`), or the full path for `/files/…` and unknown routes. */
  path: string
  tenant: string | null
  /** Whether an Authorization header was present; the key itself is never logged. */
  authPresent: boolean
  /** Role of the key from the config when it was valid for the tenant, else null. */
  keyRole: string | null
  idempotencyKey: string | null
  /** Status sent; null while no status line has gone out, 0 when the connection was reset before one. */
  status: number | null
  bodySummary: BodySummary
  /** The fault step applied, in short, or null. */
  fault: string | null
  /** Epoch ms of arrival. */
  startedAt: number
}

export class RequestLog {
  readonly entries: RequestLogEntry[] = []
  private seq = 0

  add(entry: Omit<RequestLogEntry, 'seq'>): RequestLogEntry {
    this.seq += 1
    const full = { seq: this.seq, ...entry }
    this.entries.push(full)
    return full
  }

  clear(): void {
    // Cleared in place: callers hold the array given out as `requestLog`.
    this.entries.length = 0
  }
}
