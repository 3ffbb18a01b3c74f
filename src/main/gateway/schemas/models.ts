import { z } from 'zod'
import { ModelEntry } from '../../../shared/gateway/requests'

/**
 * The listing (docs/GATEWAY.md §2.1). One malformed entry must not hide every other model, so entries are
 * checked one by one and the unusable ones dropped.
 */
export const ModelList = z
  .looseObject({
    object: z.string().optional(),
    data: z.array(z.unknown())
  })
  .transform((list) => ({
    ...list,
    data: list.data.flatMap((entry) => {
      const parsed = ModelEntry.safeParse(entry)
      return parsed.success ? [parsed.data] : []
    })
  }))
export type ModelList = z.output<typeof ModelList>
