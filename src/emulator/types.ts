import type { ModelEntry } from './accounts'
import type { EmulatorConfigInput } from './config'
import type { FieldNames, Timing } from './context'
import type { FaultController } from './faults'
import type { RequestLogEntry } from './request-log'

export interface EmulatorOptions {
  /** TCP port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number
  /** Tenants, models and keys; default `defaultConfig()`. Validated, defaults filled in. */
  config?: EmulatorConfigInput
  /** Task and streaming pace; defaults are fast for tests (`TEST_TIMING`), the demo uses `DEMO_TIMING`. */
  timing?: Partial<Timing>
  /** Lifetime of hosted result URLs (tasks, partner-b, `url` results); default 24 h. */
  urlTtlMs?: number
  /** `alternative` switches the field names and paths docs/GATEWAY.md §6 lists as alternatives. */
  fieldNames?: FieldNames
  /**
   * Serve a cancel call for video tasks: `DELETE /v1/videos/generations/tasks/{id}` (alternative names:
   * `/v1/videos/tasks/{id}`). Off by default: the spec shows no cancel endpoint, and the emulator is the
   * reference of the spec. Tests and demos of a gateway that has one turn it on.
   */
  cancelRoute?: boolean
  /** Rendered images kept in memory; default 64. */
  imageCacheSize?: number
  /**
   * Serve the `/__emulator/*` control routes (default true: tests and the CLI script faults with them).
   * The app's in-process demo gateway turns them off, so nothing outside the app can script its replies.
   */
  control?: boolean
}

export interface EmulatorKeys {
  ordinary: string
  /** Lacks permission for some models (403 when calling them; the listing omits them). */
  noPermission: string
  /** Balance 0: 402 on billed calls. */
  noBalance: string
  /** Belongs to another tenant: 401 on this tenant's base URL. */
  otherTenant: string
}

export interface RunningEmulator {
  /** `http://127.0.0.1:PORT` */
  origin: string
  /** Base URL of the first tenant, e.g. `http://127.0.0.1:PORT/t/acme`. */
  baseUrl: string
  tenantUrl(tenant: string): string
  /** The first key of each role in the config ('' when the config has none). */
  keys: EmulatorKeys
  /** The model listing of the ordinary key. */
  models: ModelEntry[]
  faults: FaultController
  /** Every request in arrival order (control calls to `/__emulator/` excepted). Never holds a key. */
  requestLog: RequestLogEntry[]
  clearLog(): void
  setBalance(key: string, balance: number): void
  getBalance(key: string): number
  /**
   * Requests per minute for `key` over a sliding 60 s window of the emulator clock; `null` lifts the limit.
   * Setting a limit starts a fresh window. Throws for an unknown key or a value that is not a positive
   * integer.
   */
  setRateLimit(key: string, perMinute: number | null): void
  /** The key's requests per minute, or null when unlimited. */
  getRateLimit(key: string): number | null
  /**
   * Billed requests `key` may still make (0 refuses the next one); `null` removes the quota. Throws for an
   * unknown key or a value that is not a non-negative integer.
   */
  setQuota(key: string, quota: number | null): void
  /** Billed requests the key has left, or null without a quota. */
  getQuota(key: string): number | null
  /** Moves the emulator's clock forward: task states and URL expiry follow. */
  advance(ms: number): void
  /** Closes the server and every socket, including stalled and hanging ones. */
  stop(): Promise<void>
}
