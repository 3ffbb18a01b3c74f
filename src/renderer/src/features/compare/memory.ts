import { z } from 'zod'
import type { ApiClient } from '@shared/client'
import type { LastUsedEntry } from '@shared/schemas/lastUsed'
import { GEN_ENDPOINTS, type GenEndpoint } from '../../jobs/imageForm/form'
import { MAX_MODELS, choiceKey, type Choice } from './plan'
import { SHAPES, type Shape } from './shapes'

/**
 * The last compare as the backend keeps it (the `compare` entry of ui.lastUsed): the form (prompt, shape,
 * ticked models) and the id of the run's job group. Which jobs the run holds is the group's to say, so
 * after a restart the grid reads the group and its jobs back and they carry on as any job does. Flat maps
 * keyed by position, as the entry allows; read back through zod, so a hand-edited or older entry restores
 * what still reads and nothing else.
 */

type Params = LastUsedEntry['params']

const ChoiceText = z.string().transform((text, ctx): Choice => {
  const [endpoint, ...rest] = text.split('|')
  const model = rest.join('|')
  if (!GEN_ENDPOINTS.includes(endpoint as GenEndpoint) || model === '') {
    ctx.addIssue({ code: 'custom', message: 'not a model on an image endpoint' })
    return z.NEVER
  }
  return { endpoint: endpoint as GenEndpoint, model }
})

const Positional = <T extends z.ZodType>(item: T) =>
  z.record(z.string(), z.unknown()).transform((map) =>
    Object.keys(map)
      .sort((a, b) => Number(a) - Number(b))
      .flatMap((key) => {
        const parsed = item.safeParse(map[key])
        return parsed.success ? [parsed.data] : []
      })
  )

const Memory = z.object({
  prompt: z.string().catch(''),
  shape: z.enum(SHAPES).catch('default'),
  chosen: Positional(ChoiceText).catch([]),
  runId: z.string().min(1).optional().catch(undefined)
})

const positional = (items: readonly string[]): Record<string, string> =>
  Object.fromEntries(items.map((item, index) => [String(index), item]))

export interface Remembered {
  prompt: string
  shape: Shape
  chosen: Choice[]
  /** The job group of the last run, or null before the first. */
  runId: string | null
}

export function toParams(memory: Remembered): Params {
  return {
    prompt: memory.prompt,
    shape: memory.shape,
    chosen: positional(memory.chosen.map(choiceKey)),
    ...(memory.runId ? { runId: memory.runId } : {})
  }
}

export function fromParams(params: Params): Remembered {
  const memory = Memory.parse(params)
  return {
    prompt: memory.prompt,
    shape: memory.shape,
    chosen: memory.chosen.slice(0, MAX_MODELS),
    runId: memory.runId ?? null
  }
}

/** Saves the compare; a failure to save loses only the memory, never the jobs (they are already kept). */
export async function remember(api: ApiClient, memory: Remembered): Promise<void> {
  await api.call('ui.lastUsed.remember', {
    screen: 'compare',
    model: memory.chosen[0]?.model ?? '',
    params: toParams(memory)
  })
}

/** The last compare the backend kept, or null (none, or it could not be read). */
export async function recall(api: ApiClient): Promise<Remembered | null> {
  const result = await api.call('ui.lastUsed.get', {})
  const entry = result.ok ? result.value.compare : undefined
  return entry ? fromParams(entry.params) : null
}
