import {
  actualCost,
  estimateJob,
  formatMoney,
  reportedTokens,
  requestFacts,
  type ModelPrice,
  type PriceTable
} from '../../shared/money'
import { descriptorOf } from '../../shared/gateway/endpoints'
import type { JobError } from '../../shared/schemas/jobs'
import { say, type SentenceCode } from '../../shared/sentences'
import type { Admission, Delivered, SendToAdmit, SpendGate } from '../jobs/spendGate'
import type { Budget, BudgetCheck } from './budget'
import { dayKey, nextMidnight } from './calendar'
import type { SpendLedger } from './ledger'
import type { PriceStore } from './priceStore'

/** Words of a job held by each cap. */
const HELD_BY: Readonly<Record<'day' | 'month' | 'batch', SentenceCode>> = {
  day: 'budgetDay',
  month: 'budgetMonth',
  batch: 'budgetBatch'
}

/** Held jobs look again at least this often for a new day (ours): a sleeping laptop or a set clock misses a timer. */
const NEW_DAY_LOOK_MS = 15 * 60_000

/** The model's price in the table, or undefined (own keys only: a model id is the user's text). */
const priceOf = (table: PriceTable | null, model: string): ModelPrice | undefined =>
  table && Object.hasOwn(table.models, model) ? table.models[model] : undefined

/**
 * The engine's side of money (RELIABILITY P50), over the price tables, the caps and the ledger: before a
 * task is claimed, its estimate (the job's, shared among its tasks) is checked against every cap that
 * applies and reserved; after, the reservation is settled at what the answer cost, kept at its estimate, or
 * released. A send with no price reserves nothing and is held only where a cap applies. Totals that
 * changed are announced once the transaction that changed them is over, one announcement per profile.
 */
export class Spending implements SpendGate {
  private readonly changed = new Set<string>()
  private readonly names = new Map<string, string>()
  /**
   * This turn's refusals, by what decides them (profile, batch, estimate): a pass of the queue that meets
   * thousands of jobs waiting for one cap checks it once. Forgotten at any write to the ledger, any change
   * of caps or prices (`budgetChanged`), and the end of the turn; a job allowed is always checked afresh.
   */
  private readonly refusals = new Map<string, Extract<Admission, { ok: false }>>()
  private announcing: ReturnType<typeof setImmediate> | null = null
  private newDayTimer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly deps: {
      prices: PriceStore
      ledger: SpendLedger
      budget: Budget
      /** Wall-clock ms: the local day and month a reservation counts in. */
      now: () => number
      /** A profile's name for the words of a held job. */
      profileName: (profileId: string) => string | null
      /** A profile's spent or reserved totals changed (after the change is committed). */
      onTotals?: (profileId: string) => void
      /** A new local day began while jobs waited for a day or month cap. */
      onNewDay?: () => void
    }
  ) {}

  admit(send: SendToAdmit): Admission {
    const at = this.deps.now()
    const table = this.deps.prices.get(send.profileId)
    const estimate = estimateJob(send.request, priceOf(table, send.model))
    // The job's estimate is shared among its tasks (a v2 "Images: 3" job is three tasks of one image each).
    const tasks = Math.max(1, descriptorOf(send.request.endpoint).tasksOf?.(send.request) ?? 1)
    const micros = estimate.unknown ? null : Math.ceil(estimate.micros / tasks)
    const currency = table?.currency ?? null
    const key = `${send.profileId}\n${send.groupId ?? ''}\n${micros ?? `?${send.model}`}`
    const known = this.refusals.get(key)
    if (known) return known
    const verdict = this.deps.budget.check(send.profileId, send.groupId, { micros, currency }, at)
    if (!verdict.allowed) {
      if (verdict.scope !== 'batch') this.lookForNewDay(at)
      const refused = { ok: false as const, error: this.heldError(send, verdict, micros, currency) }
      if (this.refusals.size === 0) queueMicrotask(() => this.refusals.clear())
      this.refusals.set(key, refused)
      return refused
    }
    return {
      ok: true,
      reserve: () => {
        if (micros === null || currency === null) return
        this.deps.ledger.reserve({
          taskId: send.taskId,
          jobId: send.jobId,
          groupId: send.groupId,
          profileId: send.profileId,
          model: send.model,
          currency,
          estimateMicros: micros,
          exact: !estimate.unknown && estimate.exact && micros * tasks === estimate.micros,
          at
        })
        this.touched(send.profileId)
      }
    }
  }

  /**
   * Per image and per video, what was delivered; per second, the request's length; per token, the usage the
   * gateway reported. With no usable figure (the price was removed meanwhile, usage names no tokens) the
   * estimate stays what was spent.
   */
  settle(taskId: string, delivered: Delivered): void {
    const row = this.deps.ledger.row(taskId)
    if (!row || row.state !== 'reserved') return
    const table = this.deps.prices.get(row.profile_id)
    const price = table?.currency === row.currency ? priceOf(table, row.model) : undefined
    const facts = requestFacts(delivered.request)
    const actual = price
      ? actualCost(delivered.usage, price, delivered.results, { size: facts.size, seconds: facts.seconds })
      : null
    this.deps.ledger.settle(taskId, actual?.micros ?? null)
    this.touched(row.profile_id)
  }

  /**
   * No results, but the gateway had the work: what it billed is not known, so the estimate is kept as spent.
   * Only usage that reports tokens and reports none of them says nothing was billed (a gateway that
   * refunds failed tasks says so this way); then the send cost nothing.
   */
  end(taskId: string, usage: unknown): void {
    const tokens = reportedTokens(usage)
    const nothing = tokens !== null && tokens.input + tokens.output === 0
    const row = this.deps.ledger.settle(taskId, nothing ? 0 : null)
    if (row) this.touched(row.profile_id)
  }

  release(taskId: string): boolean {
    const row = this.deps.ledger.release(taskId)
    if (row) this.touched(row.profile_id)
    return row !== null
  }

  discardJob(jobId: string): boolean {
    const rows = this.deps.ledger.releaseJob(jobId)
    for (const row of rows) this.touched(row.profile_id)
    return rows.length > 0
  }

  /** Caps or prices of a profile changed: its totals are announced too (what they are counted in may differ). */
  profileChanged(profileId: string): void {
    this.refusals.clear()
    this.touched(profileId)
  }

  budgetChanged(): void {
    this.refusals.clear()
  }

  /** Stops the timers (the backend is closing). */
  stop(): void {
    if (this.announcing) clearImmediate(this.announcing)
    if (this.newDayTimer) clearTimeout(this.newDayTimer)
    this.announcing = null
    this.newDayTimer = null
  }

  /** The words of a held job: which cap, in English with its figures, and as a sentence the renderer words. */
  private heldError(
    send: SendToAdmit,
    verdict: Extract<BudgetCheck, { allowed: false }>,
    micros: number | null,
    currency: string | null
  ): JobError {
    const gateway = this.gatewayName(send.profileId)
    // Only figures that stay put while the job waits (not what is spent so far), so a job waiting through
    // many retries has its words written once.
    const said =
      micros === null || currency === null
        ? say('budgetNoPrice', { model: send.model, gateway })
        : say(HELD_BY[verdict.scope], {
            gateway,
            estimate: formatMoney(micros, currency, 'en'),
            cap: formatMoney(verdict.capMicros, currency, 'en'),
            estimateMicros: micros,
            capMicros: verdict.capMicros,
            currency
          })
    return { code: 'budget', message: said.english, words: { code: said.code, values: { ...said.values } } }
  }

  /** The profile's name, looked up once per turn: a pass of the queue may hold thousands of its jobs. */
  private gatewayName(profileId: string): string {
    let name = this.names.get(profileId)
    if (name === undefined) {
      if (this.names.size === 0) queueMicrotask(() => this.names.clear())
      name = this.deps.profileName(profileId) ?? profileId
      this.names.set(profileId, name)
    }
    return name
  }

  private touched(profileId: string): void {
    this.refusals.clear()
    if (!this.deps.onTotals) return
    this.changed.add(profileId)
    // After the transaction in progress commits: the renderer never hears of totals that were rolled back.
    this.announcing ??= setImmediate(() => {
      this.announcing = null
      const profiles = [...this.changed]
      this.changed.clear()
      for (const profileId of profiles) this.deps.onTotals?.(profileId)
    })
  }

  /**
   * Jobs held by a day or month cap go again once the local day (and so maybe the month) turns: a timer to
   * the next midnight, looking again at least every 15 minutes in case the machine slept or its clock moved.
   */
  private lookForNewDay(at: number): void {
    if (this.newDayTimer || !this.deps.onNewDay) return
    const heldOn = dayKey(at)
    const wait = Math.min(Math.max(0, nextMidnight(at) - at) + 1_000, NEW_DAY_LOOK_MS)
    this.newDayTimer = setTimeout(() => {
      this.newDayTimer = null
      const now = this.deps.now()
      if (dayKey(now) !== heldOn) this.deps.onNewDay?.()
      else this.lookForNewDay(now)
    }, wait)
    this.newDayTimer.unref()
  }
}
