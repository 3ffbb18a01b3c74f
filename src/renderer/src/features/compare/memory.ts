import { z } from 'zod'
import type { ApiClient } from '@shared/client'
import type { LastUsedEntry } from '@shared/schemas/lastUsed'
import { GEN_ENDPOINTS, type GenEndpoint } from '../../jobs/imageForm/form'
import { MAX_MODELS, choiceKey, type Choice } from './plan'
import { SHAPES, type Shape } from './shapes'
import type { CompareRun } from './store'

/**
 * The last compare as the backend keeps it (the `compare` entry of ui.lastUsed): the form (prompt, shape,
 * ticked models) and the run (its id and which job each column shows). The jobs themselves are ordinary
 * jobs, so after a restart the grid reads them back and they carry on as any job does. Flat maps keyed by
 * position, as the entry allows; read back through zod, so a hand-edited or older entry restores what
 * still reads and nothing else.
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
  runId: z.string().optional().catch(undefined),
  runPrompt: z.string().catch(''),
  startedAt: z.number().catch(0),
  cells: Positional(ChoiceText).catch([]),
  jobs: Positional(z.string()).catch([])
})

const positional = (items: readonly string[]): Record<string, string> =>
  Object.fromEntries(items.map((item, index) => [String(index), item]))

export interface Remembered {
  prompt: string
  shape: Shape
  chosen: Choice[]
  run: CompareRun | null
}

export function toParams(memory: Remembered): Params {
  const run = memory.run
  return {
    prompt: memory.prompt,
    shape: memory.shape,
    chosen: positional(memory.chosen.map(choiceKey)),
    ...(run
      ? {
          runId: run.id,
          runPrompt: run.prompt,
          startedAt: run.startedAt,
          cells: positional(run.cells.map(choiceKey)),
          // A column the backend refused has no job: it is not kept (there is nothing to read back).
          jobs: positional(run.cells.map((cell) => cell.jobId ?? ''))
        }
      : {})
  }
}

export function fromParams(params: Params): Remembered {
  const memory = Memory.parse(params)
  const cells = memory.cells.flatMap((cell, index) => {
    const jobId = memory.jobs[index]
    return jobId ? [{ ...cell, jobId, error: null }] : []
  })
  return {
    prompt: memory.prompt,
    shape: memory.shape,
    chosen: memory.chosen.slice(0, MAX_MODELS),
    run:
      memory.runId && cells.length > 0
        ? { id: memory.runId, prompt: memory.runPrompt, startedAt: memory.startedAt, cells }
        : null
  }
}

/** Saves the compare; a failure to save loses only the memory, never the jobs (they are already kept). */
export async function remember(api: ApiClient, memory: Remembered): Promise<void> {
  await api.call('ui.lastUsed.remember', {
    screen: 'compare',
    model: memory.run?.cells[0]?.model ?? memory.chosen[0]?.model ?? '',
    params: toParams(memory)
  })
}

/** The last compare the backend kept, or null (none, or it could not be read). */
export async function recall(api: ApiClient): Promise<Remembered | null> {
  const result = await api.call('ui.lastUsed.get', {})
  const entry = result.ok ? result.value.compare : undefined
  return entry ? fromParams(entry.params) : null
}
