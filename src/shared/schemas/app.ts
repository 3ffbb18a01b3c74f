import { z } from 'zod'

export const Empty = z.object({}).strict()

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  dataDir: z.string(),
  host: z.enum(['electron', 'web']),
  platform: z.string(),
  /** The user the backend runs as: who a team image says shared it, unless Settings names someone. */
  userName: z.string()
})
export type AppInfo = z.infer<typeof AppInfo>

export const OpenExternalInput = z.object({ url: z.string().max(4096) }).strict()

/** `opened: false` tells a browser-tab renderer to open the (already vetted) link itself. */
export const OpenExternalResult = z.object({ opened: z.boolean(), allowed: z.boolean() })

/**
 * A fault of the disk the data folder lives on, as the last failed write found it, or null while writes
 * succeed (RELIABILITY P47): shown once, as a banner, not on every job it holds up.
 */
export const StorageState = z
  .object({
    fault: z.enum(['full', 'readOnly', 'io']),
    /** The data folder: what the user frees space on or makes writable. */
    path: z.string()
  })
  .nullable()
export type StorageState = z.infer<typeof StorageState>
