import type { TFunction } from 'i18next'
import { descriptorOf } from '@shared/gateway/endpoints'
import { JobRequest, type JobView, type ResultView, type TaskLocalStatus } from '@shared/schemas/jobs'
import { imagesPerTask } from '../jobs/status'
import { errorLine } from '../ui/errorWords'
import { currentT, endpointWords, languageOf } from '../ui/words'
import { dateFormat, numberFormat } from '../ui/intl'

/**
 * One place in a job's image grid: an image, one still to come, or one that will not come. A failed slot's
 * message is the backend's (or the gateway's) words as they came; `notKept` stands in when there are none.
 */
export type Slot =
  | { kind: 'image'; key: string; position: number; result: ResultView }
  | { kind: 'downloading'; key: string; position: number; result: ResultView }
  | { kind: 'failed'; key: string; position: number; message: string; result: ResultView | null }
  | { kind: 'waiting'; key: string; position: number }
  | { kind: 'missing'; key: string; position: number }

/** How many images a stored request asks for: the number of slots its group shows while it runs. */
export function expectedImages(raw: unknown): number {
  const parsed = JobRequest.safeParse(raw)
  return parsed.success ? descriptorOf(parsed.data.endpoint).imagesOf(parsed.data) : 1
}

const LIVE: readonly TaskLocalStatus[] = ['pending', 'submitting', 'queued', 'running']

/**
 * The grid of a job: one slot per expected image of each task (a v2 "Images: N" group has N tasks of one
 * image; a partner-a group has one task of `max_images`), filled as results arrive in any order. While a
 * task runs its missing images wait; a cut stream shows what never came; a task that failed outright has
 * no slots (the job's error says why).
 */
export function slotsOf(job: JobView, t: TFunction = currentT): Slot[] {
  const perTask = imagesPerTask(job.request)
  const slots: Slot[] = []
  const tasks = [...job.tasks].sort((a, b) => a.seq - b.seq)
  for (const task of tasks) {
    const results = job.results.filter((r) => r.taskId === task.id)
    const indexes = new Set<number>(results.map((r) => r.index))
    for (let i = 0; i < perTask; i++) indexes.add(i)
    for (const index of [...indexes].sort((a, b) => a - b)) {
      const key = `${task.id}:${index}`
      const position = slots.length + 1
      const result = results.find((r) => r.index === index)
      if (result) {
        if (result.status === 'stored' && result.mediaId) slots.push({ kind: 'image', key, position, result })
        else if (result.status === 'pending') slots.push({ kind: 'downloading', key, position, result })
        else
          slots.push({
            kind: 'failed',
            key,
            position,
            result,
            // In the reader's language: our words by code, the gateway's own text as it came.
            message: result.error ? errorLine(t, result.error) : t('media.slot.notKept')
          })
      } else if (LIVE.includes(task.status)) slots.push({ kind: 'waiting', key, position })
      else if (task.status === 'incomplete') slots.push({ kind: 'missing', key, position })
    }
  }
  return slots
}

export const isLive = (job: JobView): boolean => job.status === 'pending' || job.status === 'running'

/**
 * A one-line summary of whatever usage object the gateway sent (its shape differs per endpoint), its
 * numbers as the language in use writes them.
 */
export function usageSummary(usage: unknown, t: TFunction = currentT): string | null {
  if (typeof usage !== 'object' || usage === null) return null
  const u = usage as Record<string, unknown>
  const format = numberFormat(languageOf(t))
  const figure = (key: 'images' | 'tokens' | 'outputTokens', count: number): string =>
    t(`media.usage.${key}`, { count, n: format.format(count) })
  const parts: string[] = []
  if (typeof u['generated_images'] === 'number') parts.push(figure('images', u['generated_images']))
  if (typeof u['total_tokens'] === 'number') parts.push(figure('tokens', u['total_tokens']))
  else if (typeof u['output_tokens'] === 'number') parts.push(figure('outputTokens', u['output_tokens']))
  return parts.length > 0 ? parts.join(t('media.usage.separator')) : null
}

/**
 * The usage that belongs to one image: what the gateway reported for the request that made it alone (a
 * task of a v2 group, a job of one image), or null when usage came only for several images together (a
 * group, a v3 "n: 3"): that figure is the job's, said once with the job, never again under each image.
 */
export function imageUsageOf(job: JobView, result: ResultView): { usage: unknown } | null {
  if (job.results.filter((r) => r.taskId === result.taskId).length !== 1) return null
  const usage = job.tasks.find((task) => task.id === result.taskId)?.usage ?? null
  if (usage !== null) return { usage }
  return job.tasks.length === 1 ? { usage: job.usage } : null
}

/** Stored images of a job in grid order (the viewer pages through these). */
export const imagesOf = (job: JobView): ResultView[] =>
  slotsOf(job).flatMap((slot) => (slot.kind === 'image' ? [slot.result] : []))

/** The endpoint's name in a designer's words and the language in use ("Streaming groups", 流式组图). */
export const endpointLabel = (path: string, t: TFunction = currentT): string => endpointWords(t, path)

/** Today: the time; earlier: the day and the time; as the language in use writes them. */
export function when(time: number, t: TFunction = currentT, now = Date.now()): string {
  const date = new Date(time)
  const sameDay = new Date(now).toDateString() === date.toDateString()
  const language = languageOf(t)
  const clock = dateFormat(language, { hour: '2-digit', minute: '2-digit' }).format(date)
  if (sameDay) return clock
  return `${dateFormat(language, { month: 'short', day: 'numeric' }).format(date)} ${clock}`
}
