import type { ApiClient } from '../../src/shared/client'
import type { JobView } from '../../src/shared/schemas/jobs'
import { PARTNER_B, V2_TASK, V3_URL, type JobFamily } from '../../test/helpers/jobFamilies'

/**
 * The soak's batches (issue 25): groups of priced jobs sent with a cap of their own, steered while the
 * backend is killed again and again (paused, resumed, failed rows retried, caps raised, the whole queue
 * paused and resumed). Caps are only ever raised, so at every restart what each batch spent and still
 * holds must be within its cap as the database says it is now: P50's "a kill never lets spend pass a cap".
 */

/** Families with a price per image: their estimate is exact, so a cap is a hard line. */
export const BATCH_FAMILIES: readonly JobFamily[] = [V3_URL, V2_TASK, PARTNER_B]

const PRICES: Record<string, string> = {
  'studio-image-v3': '0.04',
  'studio-image-async': '0.04',
  'wan-image': '0.05'
}
const MICROS = 1_000_000
const priceOf = (family: JobFamily): number =>
  Math.round(Number(PRICES[String(family.request('').body.model)] ?? '0') * MICROS)

export type SteerKind = 'pause' | 'resume' | 'retryFailed' | 'raiseCap' | 'pauseQueue' | 'resumeQueue'
const STEERS: readonly SteerKind[] = [
  'pause',
  'resume',
  'retryFailed',
  'raiseCap',
  'pauseQueue',
  'resumeQueue'
]

export interface BatchFigures {
  batches: number
  steers: number
  /** Times a batch's spent plus held was found above its cap (must stay 0). */
  capBreaches: number
  /** Jobs still waiting for budget at the end (their batch's cap was reached: not unfinished work). */
  waitingForBudget: number
  /** Rows marked [[fail]] that ended failed, as the gateway was told to make them. */
  failedAsTold: number
}

export class BatchSoak {
  readonly figures: BatchFigures = {
    batches: 0,
    steers: 0,
    capBreaches: 0,
    waitingForBudget: 0,
    failedAsTold: 0
  }
  /** Groups the backend acknowledged, with the price of one of their jobs. */
  private readonly groups = new Map<string, number>()

  constructor(private readonly random: () => number) {}

  /** The profile's prices: only batch families are priced, so the other jobs go as before. */
  async setUp(api: ApiClient, profileId: string): Promise<void> {
    const models = Object.fromEntries(
      Object.entries(PRICES).map(([model, price]) => [model, { unit: 'image' as const, price }])
    )
    await api.invoke('prices.set', { profileId, table: { version: 1, currency: 'USD', models } })
  }

  /**
   * A batch of 3–8 jobs of one priced family, about one in five failing at the gateway (v2 tasks), with a
   * cap that lets some through; resolves with its prompts once the backend acknowledged it.
   */
  async submit(api: ApiClient, prompt: string): Promise<string[]> {
    const family = BATCH_FAMILIES[Math.floor(this.random() * BATCH_FAMILIES.length)] as JobFamily
    const count = 3 + Math.floor(this.random() * 6)
    const price = priceOf(family)
    const prompts = Array.from({ length: count }, (_, index) =>
      family === V2_TASK && this.random() < 0.2 ? `${prompt} #${index} [[fail]]` : `${prompt} #${index}`
    )
    const fit = Math.floor(this.random() * (count + 1))
    const { group } = await api.invoke('jobs.submitGroup', {
      name: prompt,
      screen: 'images',
      capMicros: fit * price,
      requests: prompts.map((text) => family.request(text))
    })
    this.groups.set(group.id, price)
    this.figures.batches += 1
    return prompts
  }

  /** One steering action on a batch acknowledged earlier (or on the whole queue); errors are the kill's. */
  async steer(api: ApiClient): Promise<void> {
    const ids = [...this.groups.keys()]
    const id = ids[Math.floor(this.random() * ids.length)]
    const kind = STEERS[Math.floor(this.random() * STEERS.length)] as SteerKind
    if (kind === 'pauseQueue') await api.invoke('queue.pause', {})
    else if (kind === 'resumeQueue') await api.invoke('queue.resume', {})
    else if (id === undefined) return
    else if (kind === 'pause') await api.invoke('groups.pause', { id })
    else if (kind === 'resume') await api.invoke('groups.resume', { id })
    else if (kind === 'retryFailed') await api.invoke('groups.retryFailed', { id })
    else {
      const cap = await api.invoke('groups.cap', { id })
      const more = (1 + Math.floor(this.random() * 3)) * (this.groups.get(id) ?? 0)
      await api.invoke('groups.setCap', { id, capMicros: (cap.capMicros ?? 0) + more })
    }
    this.figures.steers += 1
  }

  /** Every batch within its cap as stored now: spent and still held together. Returns the breaches found. */
  async checkCaps(api: ApiClient, log: (line: string) => void): Promise<number> {
    let breaches = 0
    for (const id of this.groups.keys()) {
      const cap = await api.invoke('groups.cap', { id })
      if (cap.capMicros === null || cap.spentMicros + cap.reservedMicros <= cap.capMicros) continue
      breaches += 1
      log(`  batch ${id}: spent ${cap.spentMicros} + held ${cap.reservedMicros} > cap ${cap.capMicros}`)
    }
    this.figures.capBreaches += breaches
    return breaches
  }

  /** Before the last count: the queue and every batch sending again, so only the caps hold anything back. */
  async release(api: ApiClient): Promise<void> {
    await api.invoke('queue.resume', {})
    for (const group of await api.invoke('groups.list', { limit: 500 }))
      if (group.pausedAt !== null) await api.invoke('groups.resume', { id: group.id })
  }
}

/** Not sent because it would pass a cap (jobs/claims.ts writes why on its task): waiting, not unfinished. */
export const waitsForBudget = (job: JobView): boolean =>
  job.status === 'pending' &&
  job.tasks.some((task) => task.status === 'pending' && task.error?.code === 'budget')
