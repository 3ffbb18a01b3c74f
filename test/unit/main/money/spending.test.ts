import { afterEach, describe, expect, it } from 'vitest'
import { Budget } from '../../../../src/main/money/budget'
import { SpendLedger } from '../../../../src/main/money/ledger'
import { PriceStore } from '../../../../src/main/money/priceStore'
import { Spending } from '../../../../src/main/money/spending'
import type { SendToAdmit } from '../../../../src/main/jobs/spendGate'
import { PriceTable } from '../../../../src/shared/money'
import type { JobRequest } from '../../../../src/shared/schemas/jobs'
import { localTime, moneyDb } from './moneyDb'

let cleanup: (() => void) | null = null
afterEach(() => {
  cleanup?.()
  cleanup = null
})

const AT = localTime(2025, 3, 7)

function spending(name: string, groupCaps: Record<string, number> = {}) {
  const made = moneyDb(name)
  const prices = new PriceStore(made.db, () => AT)
  prices.set(
    'demo',
    PriceTable.parse({
      version: 1,
      currency: 'USD',
      models: {
        'studio-image-v3': { unit: 'image', price: '0.04' },
        'studio-image-async': { unit: 'image', price: '0.05' },
        'studio-image-compat': { unit: 'tokens', inputPerMillion: '2', outputPerMillion: '40' }
      }
    })
  )
  const ledger = new SpendLedger(made.db, () => AT)
  const budget = new Budget(
    made.db,
    ledger,
    (id) => groupCaps[id] ?? null,
    () => AT
  )
  const announced: string[] = []
  const gate = new Spending({
    prices,
    ledger,
    budget,
    now: () => AT,
    profileName: (id) => (id === 'demo' ? 'Demo gateway' : null),
    onTotals: (profileId) => announced.push(profileId)
  })
  cleanup = () => {
    gate.stop()
    made.cleanup()
  }
  return { ...made, prices, ledger, budget, gate, announced }
}

const v3 = (n = 1): JobRequest => ({
  endpoint: 'imagesV3',
  body: { model: 'studio-image-v3', prompt: 'a boat', n }
})

const send = (taskId: string, request: JobRequest, groupId: string | null = null): SendToAdmit => ({
  taskId,
  jobId: `job-${taskId}`,
  groupId,
  profileId: 'demo',
  model: request.body.model,
  request
})

function admitAndReserve(gate: Spending, what: SendToAdmit): boolean {
  const admission = gate.admit(what)
  if (admission.ok) admission.reserve()
  return admission.ok
}

describe('the engine’s spending gate [P50]', () => {
  it('reserves each task’s share of its job’s estimate, exact per image', () => {
    const { gate, ledger } = spending('share')
    expect(admitAndReserve(gate, send('one', v3(3)))).toBe(true)
    expect(ledger.row('one')).toMatchObject({ estimate_micros: 120_000, exact: 1, state: 'reserved' })
    // A v2 "Images: 3" job is three tasks of one image each.
    const v2: JobRequest = {
      endpoint: 'imagesV2',
      body: { model: 'studio-image-async', prompt: 'p' },
      count: 3
    }
    expect(admitAndReserve(gate, send('v2a', v2))).toBe(true)
    expect(ledger.row('v2a')).toMatchObject({ estimate_micros: 50_000, exact: 1 })
  })

  it('holds a job that would pass a batch cap, saying which cap with its figures', () => {
    const { gate, ledger } = spending('held', { g: 100_000 })
    expect(admitAndReserve(gate, send('a', v3(), 'g'))).toBe(true)
    expect(admitAndReserve(gate, send('b', v3(), 'g'))).toBe(true)
    const held = gate.admit(send('c', v3(), 'g'))
    expect(held.ok).toBe(false)
    if (held.ok) return
    expect(held.error).toEqual({
      code: 'budget',
      message:
        "This job ($0.04) would take this batch past its cap of $0.10. Raise the batch's cap to send the rest.",
      words: {
        code: 'budgetBatch',
        values: {
          gateway: 'Demo gateway',
          estimate: '$0.04',
          cap: '$0.10',
          estimateMicros: 40_000,
          capMicros: 100_000,
          currency: 'USD'
        }
      }
    })
    expect(ledger.row('c')).toBeNull()
  })

  it('holds a job without a price under a cap, and sends one freely without a cap, reserving nothing', () => {
    const { gate, ledger, budget } = spending('unpriced')
    const unpriced: JobRequest = { endpoint: 'imagesV3', body: { model: 'no-such-model', prompt: 'p' } }
    expect(admitAndReserve(gate, send('free', unpriced))).toBe(true)
    expect(ledger.row('free')).toBeNull()
    budget.setCap('demo', 'day', 5_000_000)
    const held = gate.admit(send('capped', unpriced))
    expect(held.ok ? null : held.error.words?.code).toBe('budgetNoPrice')
  })

  it('settles per image at what was delivered, per token at the usage reported', () => {
    const { gate, ledger } = spending('settle')
    admitAndReserve(gate, send('img', v3(4)))
    gate.settle('img', { request: v3(4), usage: null, results: 3 })
    expect(ledger.row('img')).toMatchObject({ estimate_micros: 160_000, actual_micros: 120_000 })

    const compat: JobRequest = { endpoint: 'imagesV1', body: { model: 'studio-image-compat', prompt: 'p' } }
    admitAndReserve(gate, send('tok', compat))
    expect(ledger.row('tok')?.exact).toBe(0)
    gate.settle('tok', { request: compat, usage: { input_tokens: 1_000, output_tokens: 4_000 }, results: 1 })
    // 1,000 × 2 + 4,000 × 40 per million: 0.162.
    expect(ledger.row('tok')?.actual_micros).toBe(162_000)
  })

  it('keeps the estimate of a task that ended without results, unless its usage says nothing was billed', () => {
    const { gate, ledger } = spending('end')
    admitAndReserve(gate, send('kept', v3()))
    admitAndReserve(gate, send('free', v3()))
    gate.end('kept', { status: 'failed' })
    gate.end('free', { input_tokens: 0, output_tokens: 0 })
    expect(ledger.row('kept')).toMatchObject({ state: 'settled', actual_micros: null })
    expect(ledger.row('free')).toMatchObject({ state: 'settled', actual_micros: 0 })
    expect(ledger.dayTotals('demo', 'USD', '2025-03-07').spentMicros).toBe(40_000)
  })

  it('releases, discards, and announces each changed profile once, after the turn', async () => {
    const { gate, ledger, announced } = spending('release')
    admitAndReserve(gate, send('a', v3()))
    admitAndReserve(gate, send('b', v3()))
    expect(gate.release('a')).toBe(true)
    expect(gate.release('a')).toBe(false)
    expect(gate.discardJob('job-b')).toBe(true)
    expect(ledger.dayTotals('demo', 'USD', '2025-03-07')).toEqual({ spentMicros: 0, reservedMicros: 0 })
    expect(announced).toEqual([])
    await new Promise((resolve) => setImmediate(resolve))
    expect(announced).toEqual(['demo'])
  })
})
