import type { CrashProbe } from '../crashPoints'
import type { EventBus } from '../contract/events'
import type { Db } from '../db/connection'
import type { Library } from '../library'
import type { Logger } from '../log'
import type { ModelCatalogStore } from '../profiles/catalog'
import type { GatewayConnections } from '../profiles/connections'
import type { ProfileRepository } from '../profiles/repository'
import type { JobEngine } from '../jobs/engine'
import type { JobRepository } from '../jobs/repository'
import type { SettingsStore } from '../settings/store'

/** A desktop notification; the Electron shell shows it with the OS, the web host leaves it to the page. */
export interface Notice {
  title: string
  body: string
}

/**
 * Everything a feature's command handlers may use, built once by `createBackend`. Each feature adds its
 * handlers from its own `services/<feature>.ts`, so features never edit each other's files.
 */
export interface ServiceContext {
  dataDir: string
  db: Db
  bus: EventBus
  logger: Logger
  settings: SettingsStore
  profiles: ProfileRepository
  catalog: ModelCatalogStore
  connections: GatewayConnections
  library: Library
  jobs: JobRepository
  engine: JobEngine
  /** Present in the desktop shell; absent in the web host (the page shows its own toast). */
  notify: ((notice: Notice) => void) | null
  /** Test-only crash points (`crashPoints.ts`); absent in production. */
  probe?: CrashProbe
}
