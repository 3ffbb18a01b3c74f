import type { IncomingMessage } from 'node:http'
import type { Accounts } from './accounts'
import type { Clock } from './clock'
import type { KeyConfig } from './config'
import type { FaultStep } from './faults'
import type { Wire } from './http/wire'
import type { HostedFiles } from './images/files'
import type { ImageRenderer } from './images/render'
import type { ImageTaskMeta } from './images/v2-tasks'
import type { TaskStore } from './tasks/task-store'
import type { VideoMeta } from './tasks/video'
import type { PrefixCache } from './text/tokens'

export interface Timing {
  taskQueuedMs: number
  taskRunningMs: number
  partialDelayMs: number
  chatChunkDelayMs: number
}

export type FieldNames = 'default' | 'alternative'

export interface HostedResult {
  fileId: string
  url: string
}

/** Shared by all requests of one emulator. */
export interface EmulatorState {
  accounts: Accounts
  clock: Clock
  timing: Timing
  fieldNames: FieldNames
  /** The opt-in video cancel route is served (not in the spec). */
  cancelRoute: boolean
  urlTtlMs: number
  files: HostedFiles
  images: ImageRenderer
  imageTasks: TaskStore<HostedResult, ImageTaskMeta>
  videoTasks: TaskStore<HostedResult, VideoMeta>
  prefixCache: PrefixCache
}

/** One authenticated request to a tenant endpoint. */
export interface RequestContext {
  state: EmulatorState
  req: IncomingMessage
  url: URL
  tenant: string
  /** Tenant-relative path. */
  path: string
  /** Captures of the route pattern (e.g. a task id). */
  params: string[]
  raw: Buffer
  key: KeyConfig
  step: FaultStep | undefined
  wire: Wire
}

export type Handler = (ctx: RequestContext) => Promise<void>
