import { z } from 'zod'

/** docs/GATEWAY.md §2.9: the image result set shared by v1, edits, v3, partner-a and partner-b answers. */

export const ImageItem = z.looseObject({
  url: z.string().optional(),
  b64_json: z.string().optional(),
  size: z.string().optional(),
  revised_prompt: z.string().optional(),
  /** Ark may put a per-image failure in place of the image (docs/GATEWAY.md §2.9). */
  error: z.looseObject({ code: z.string().optional(), message: z.string().optional() }).optional()
})
export type ImageItem = z.output<typeof ImageItem>

/** Ark's SDK says `created_at` where its docs say `created`; both are read into `created`. */
export const withCreated = <T extends { created?: number | undefined; created_at?: number | undefined }>(
  value: T
) => ({
  ...value,
  created: value.created ?? value.created_at
})

export const ImageResultSet = z
  .looseObject({
    created: z.number().optional(),
    created_at: z.number().optional(),
    data: z.array(ImageItem),
    usage: z.looseObject({}).nullish()
  })
  .transform(withCreated)
export type ImageResultSet = z.output<typeof ImageResultSet>

/** One image of a synchronous answer (or of a stream), as the task engine stores it. */
export interface SyncItem {
  index: number
  url?: string | undefined
  b64?: string | undefined
  size?: string | undefined
  revisedPrompt?: string | undefined
  error?: { code?: string | undefined; message?: string | undefined } | undefined
}

/** What a synchronous answer leaves: its images and its usage. */
export interface SyncResult {
  items: SyncItem[]
  usage: unknown
}

export const toItems = (data: readonly ImageItem[]): SyncItem[] =>
  data.map((item, index) => ({
    index,
    url: item.url,
    b64: item.b64_json,
    size: item.size,
    revisedPrompt: item.revised_prompt,
    error: item.error
  }))

/** The images and usage of an image result set. */
export const resultOf = (set: { data: readonly ImageItem[]; usage?: unknown }): SyncResult => ({
  items: toItems(set.data),
  usage: set.usage ?? null
})
