import { Accounts } from './accounts'
import { Clock } from './clock'
import { defaultConfig, parseConfig } from './config'
import type { EmulatorState, Timing } from './context'
import { Faults } from './faults'
import { HostedFiles } from './images/files'
import { ImageRenderer } from './images/render'
import { RequestLog } from './request-log'
import { EmulatorServer } from './server'
import { TaskStore } from './tasks/task-store'
import { PrefixCache } from './text/tokens'
import type { EmulatorOptions, RunningEmulator } from './types'

export type { EmulatorKeys, EmulatorOptions, RunningEmulator } from './types'
export type { ModelEntry } from './accounts'
export type { EmulatorConfig, EmulatorConfigInput, KeyConfig, ModelConfig, TenantConfig } from './config'
export type { FieldNames, Timing } from './context'
export type { FaultController, FaultStep } from './faults'
export type { BodySummary } from './http/body'
export type { RequestLogEntry } from './request-log'
export { configSchema, defaultConfig, parseConfig } from './config'
export { ENDPOINTS } from './endpoints'

/** Fast enough for tests, slow enough that a poller sees `queued` and `running`. */
export const TEST_TIMING: Timing = {
  taskQueuedMs: 40,
  taskRunningMs: 80,
  partialDelayMs: 20,
  chatChunkDelayMs: 0
}

/** Human pace for the offline demo gateway. */
export const DEMO_TIMING: Timing = {
  taskQueuedMs: 2_000,
  taskRunningMs: 6_000,
  partialDelayMs: 1_500,
  chatChunkDelayMs: 30
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Starts the gateway emulator on 127.0.0.1. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const config = options.config === undefined ? defaultConfig() : parseConfig(options.config)
  const clock = new Clock()
  let origin = ''
  const accounts = new Accounts(config, clock)
  const state: EmulatorState = {
    accounts,
    clock,
    timing: { ...TEST_TIMING, ...options.timing },
    fieldNames: options.fieldNames ?? 'default',
    cancelRoute: options.cancelRoute ?? false,
    urlTtlMs: options.urlTtlMs ?? DAY_MS,
    files: new HostedFiles(clock, () => origin),
    images: new ImageRenderer(options.imageCacheSize ?? 64),
    imageTasks: new TaskStore(clock, 'imgtask_'),
    videoTasks: new TaskStore(clock, 'vtask_'),
    prefixCache: new PrefixCache()
  }
  const faults = new Faults()
  const log = new RequestLog()
  const server = new EmulatorServer({ state, faults, log, control: options.control ?? true })
  const port = await server.listen(options.port ?? 0)
  origin = `http://127.0.0.1:${port}`
  const tenantUrl = (tenant: string): string => `${origin}/t/${tenant}`
  const ordinary = config.keys.find((k) => k.role === 'ordinary')
  return {
    origin,
    baseUrl: tenantUrl(ordinary?.tenant ?? config.tenants[0]?.id ?? 'default'),
    tenantUrl,
    keys: {
      ordinary: accounts.firstKeyWithRole('ordinary'),
      noPermission: accounts.firstKeyWithRole('noPermission'),
      noBalance: accounts.firstKeyWithRole('noBalance'),
      otherTenant: accounts.firstKeyWithRole('otherTenant')
    },
    models: ordinary ? accounts.listModels(ordinary) : [],
    faults,
    requestLog: log.entries,
    clearLog: () => log.clear(),
    setBalance: (key, balance) => accounts.setBalance(key, balance),
    getBalance: (key) => accounts.balance(key),
    setRateLimit: (key, perMinute) => accounts.setRateLimit(key, perMinute),
    getRateLimit: (key) => accounts.rateLimit(key),
    setQuota: (key, quota) => accounts.setQuota(key, quota),
    getQuota: (key) => accounts.quota(key),
    advance: (ms) => clock.advance(ms),
    stop: () => server.stop()
  }
}
