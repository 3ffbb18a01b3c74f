import { z } from 'zod'

export const Empty = z.object({}).strict()

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  dataDir: z.string(),
  host: z.enum(['electron', 'web']),
  platform: z.string()
})
export type AppInfo = z.infer<typeof AppInfo>

export const OpenExternalInput = z.object({ url: z.string().max(4096) }).strict()

/** `opened: false` tells a browser-tab renderer to open the (already vetted) link itself. */
export const OpenExternalResult = z.object({ opened: z.boolean(), allowed: z.boolean() })
