import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { UsageView } from '@renderer/features/gallery/UsageView'
import { i18n } from '@renderer/i18n'
import { useAppStore } from '@renderer/store/app'
import { useProfilesStore } from '@renderer/store/profiles'
import { createApiClient } from '@shared/client'
import type { AppError } from '@shared/result'
import type { JobGroupView } from '@shared/schemas/jobGroups'
import type { SpendSummaryRow } from '@shared/schemas/money'
import { profile } from '../queue/fixtures'
import { groupView } from '../../../helpers/jobViews'
import { testInfo, testSettings } from '../connection'

type By = 'day' | 'month' | 'model' | 'profile' | 'group'

const row = (key: string, patch: Partial<SpendSummaryRow> = {}): SpendSummaryRow => ({
  key,
  currency: 'USD',
  sends: 0,
  estimateMicros: 0,
  actualMicros: 0,
  actualSends: 0,
  estimateOfActualMicros: 0,
  reservedMicros: 0,
  countedMicros: 0,
  keptImages: 0,
  ...patch
})

/**
 * Three sends in USD on 2 May: two came back costing $0.09 against their $0.08 estimate, one is still
 * running at its $0.04 estimate. Two more on 1 May cost exactly their $0.08. One send in CNY on 2 May, on
 * another gateway with its own price table, cost ¥1.20 against ¥1.50.
 */
const may2 = row('2025-05-02', {
  sends: 3,
  estimateMicros: 120_000,
  actualMicros: 90_000,
  actualSends: 2,
  estimateOfActualMicros: 80_000,
  reservedMicros: 40_000,
  countedMicros: 130_000
})
const may1 = row('2025-05-01', {
  sends: 2,
  estimateMicros: 80_000,
  actualMicros: 80_000,
  actualSends: 2,
  estimateOfActualMicros: 80_000,
  countedMicros: 80_000
})
const yuan = row('2025-05-02', {
  currency: 'CNY',
  sends: 1,
  estimateMicros: 1_500_000,
  actualMicros: 1_200_000,
  actualSends: 1,
  estimateOfActualMicros: 1_500_000,
  countedMicros: 1_200_000
})
const dollars = {
  sends: 5,
  estimateMicros: 200_000,
  actualMicros: 170_000,
  actualSends: 4,
  estimateOfActualMicros: 160_000,
  reservedMicros: 40_000,
  countedMicros: 210_000
}

const SPENT: Record<By, SpendSummaryRow[]> = {
  day: [may2, yuan, may1],
  month: [],
  // Three images of studio-image-v3 kept: $0.21 spent on it is $0.07 a kept image.
  model: [row('studio-image-v3', { ...dollars, keptImages: 3 }), { ...yuan, key: 'seedream-4' }],
  profile: [row('demo', dollars), { ...yuan, key: 'studio' }],
  group: [
    { ...may2, key: 'g1' },
    { ...may1, key: 'g-gone' }
  ]
}

const group = (id: string, name: string): JobGroupView => groupView({ id, name })

const NO_USAGE = {
  total: { key: 'total', label: 'Total', jobs: 0, tokens: 0, images: 0, otherJobs: 0 },
  byDay: [],
  byModel: [],
  byProfile: [],
  timeZone: 'UTC'
}

let calls: { name: string; input: Record<string, unknown> }[] = []

/** A backend whose ledger holds `spent`; batch "g1" exists (an older one, "g-old", only by `groups.get`). */
function connectLedger(spent: Record<By, SpendSummaryRow[]>): void {
  calls = []
  const fail = (error: AppError): Promise<unknown> => Promise.resolve({ ok: false, error })
  const invoke = vi.fn((name: string, input: Record<string, unknown>) => {
    calls.push({ name, input })
    const ok = (value: unknown): Promise<unknown> => Promise.resolve({ ok: true, value })
    if (name === 'spend.summary') return ok(spent[input.by as By])
    if (name === 'usage.report') return ok(NO_USAGE)
    if (name === 'groups.list') return ok([group('g1', 'Autumn posters')])
    if (name === 'groups.get')
      return input.id === 'g-old'
        ? ok(group('g-old', 'Spring lookbook'))
        : fail({ code: 'not_found', message: 'That batch is gone.' })
    return fail({ code: 'test', message: `${name} not stubbed` })
  })
  useAppStore.getState().setConnection(
    {
      api: createApiClient({ invoke, subscribe: () => () => undefined }),
      host: 'web',
      mediaUrl: (id) => `/media/${id}`
    },
    testInfo({ version: '1' }),
    testSettings()
  )
}

/** Each body row of a table as its header cell and figures, as read on screen. */
function rowsOf(region: HTMLElement): string[][] {
  return within(region)
    .getAllByRole('row')
    .slice(1)
    .map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''))
}

const summaryCalls = (): Record<string, unknown>[] =>
  calls.filter((c) => c.name === 'spend.summary').map((c) => c.input)

beforeEach(async () => {
  // Today is 3 May 2025 (local time): the last 30 days run from 4 April.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(2025, 4, 3, 12))
  useProfilesStore.setState({
    profiles: [profile(), profile({ id: 'studio', kind: 'remote', name: 'Studio North' })],
    catalogs: {}
  })
  connectLedger(SPENT)
  await i18n.changeLanguage('en')
})
afterEach(() => vi.useRealTimers())

describe('Usage in money', () => {
  it('totals what the period spent in each currency, with the actual cost beside the estimate', async () => {
    render(<UsageView />)
    const totals = await screen.findByRole('group', { name: 'Spending totals' })
    const cards = [...totals.children].map((card) => [...card.children].map((part) => part.textContent))
    expect(cards).toEqual([
      ['Spent', '$0.21', '5 sends · including $0.04 for jobs still running', 'Actual vs estimate: +$0.01'],
      ['Spent', 'CN¥1.20', '1 send', 'Actual vs estimate: -CN¥0.30']
    ])
    // The period the view shows, asked of the ledger as local days; every key at once, batches the top ones.
    expect(
      summaryCalls().map(({ by, from, limit }) => `${String(by)} ${String(from)} ${String(limit)}`)
    ).toEqual([
      'day 2025-04-04 2000',
      'model 2025-04-04 2000',
      'profile 2025-04-04 2000',
      'group 2025-04-04 50'
    ])
  })

  it('lists each day, model and gateway with sends, spent, estimate, actual and the difference', async () => {
    render(<UsageView />)
    const days = await screen.findByRole('region', { name: 'Spending by day' })
    expect(
      within(days)
        .getAllByRole('columnheader')
        .map((th) => th.textContent)
    ).toEqual(['Day', 'Sends', 'Spent', 'Estimate', 'Actual', 'Difference'])
    expect(rowsOf(days)).toEqual([
      ['Fri, May 2, 2025', '3', '$0.13', '$0.12', '$0.09 (2 of 3 sends)', '+$0.01'],
      ['Fri, May 2, 2025', '1', 'CN¥1.20', 'CN¥1.50', 'CN¥1.20', '-CN¥0.30'],
      ['Thu, May 1, 2025', '2', '$0.08', '$0.08', '$0.08', '$0.00']
    ])
    // Only the actual costs known are compared: the send still running is not counted as a saving.
    expect(within(days).getByTitle(/actual cost of 2 of these sends is known/)).toHaveTextContent(
      '(2 of 3 sends)'
    )
    const models = screen.getByRole('region', { name: 'Spending by model' })
    expect(
      within(models)
        .getAllByRole('columnheader')
        .slice(-2)
        .map((th) => th.textContent)
    ).toEqual(['Kept', 'Per kept image'])
    expect(rowsOf(models)).toEqual([
      ['studio-image-v3', '5', '$0.21', '$0.20', '$0.17 (4 of 5 sends)', '+$0.01', '3', '$0.07'],
      ['seedream-4', '1', 'CN¥1.20', 'CN¥1.50', 'CN¥1.20', '-CN¥0.30', '0', '—']
    ])
    expect(within(models).getByTitle(/No image of this model is kept yet/)).toHaveTextContent('—')
    expect(rowsOf(screen.getByRole('region', { name: 'Spending by gateway' }))).toEqual([
      ['Demo gateway', '5', '$0.21', '$0.20', '$0.17 (4 of 5 sends)', '+$0.01'],
      ['Studio North', '1', 'CN¥1.20', 'CN¥1.50', 'CN¥1.20', '-CN¥0.30']
    ])
  })

  it('shows a dash, not zero, where no actual cost is known yet', async () => {
    connectLedger({
      ...SPENT,
      profile: [
        row('demo', { sends: 2, estimateMicros: 80_000, reservedMicros: 80_000, countedMicros: 80_000 })
      ]
    })
    render(<UsageView />)
    const gateways = await screen.findByRole('region', { name: 'Spending by gateway' })
    expect(rowsOf(gateways)).toEqual([['Demo gateway', '2', '$0.08', '$0.08', '—', '—']])
    const unknown = within(gateways).getAllByTitle('The gateway has not reported what these cost yet')
    expect(unknown.map((cell) => cell.textContent)).toEqual(['—', '—'])
  })

  it('names batches, and says which one was deleted rather than showing its id', async () => {
    render(<UsageView />)
    const batches = await screen.findByRole('region', { name: 'Spending by batch' })
    await waitFor(() =>
      expect(rowsOf(batches)).toEqual([
        ['Autumn posters', '3', '$0.13', '$0.12', '$0.09 (2 of 3 sends)', '+$0.01'],
        ['Deleted batch', '2', '$0.08', '$0.08', '$0.08', '$0.00']
      ])
    )
    expect(within(batches).queryByText(/g-gone|g1/)).toBeNull()
    // The recent batches come in one list; only one not in it is asked for alone.
    expect(calls.filter((c) => c.name === 'groups.list').map((c) => c.input)).toEqual([{ limit: 100 }])
    expect(calls.filter((c) => c.name === 'groups.get').map((c) => c.input)).toEqual([{ id: 'g-gone' }])
  })

  it('names a batch older than the recent list by asking for it', async () => {
    connectLedger({ ...SPENT, group: [{ ...may1, key: 'g-old' }] })
    render(<UsageView />)
    const batches = await screen.findByRole('region', { name: 'Spending by batch' })
    expect(within(batches).getByRole('rowheader', { name: 'Spring lookbook' })).toBeInTheDocument()
  })

  it('draws spending per day for each currency, with a summary a screen reader speaks', async () => {
    render(<UsageView />)
    const dollarsChart = await screen.findByRole('img', {
      name: 'Spending per day from Fri, Apr 4, 2025 to Sat, May 3, 2025: $0.21 in all, most on Fri, May 2, 2025 ($0.13).'
    })
    expect(
      screen.getByRole('img', {
        name: 'Spending per day from Fri, Apr 4, 2025 to Sat, May 3, 2025: CN¥1.20 in all, most on Fri, May 2, 2025 (CN¥1.20).'
      })
    ).toBeInTheDocument()
    // Each currency's chart says which it is, as two sit side by side; a bar for each day that spent.
    expect(screen.getByRole('heading', { name: 'Spending per day in USD' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Spending per day in CNY' })).toBeInTheDocument()
    const bars = [...dollarsChart.querySelectorAll('rect')]
    expect(bars.map((bar) => bar.textContent)).toEqual(['Thu, May 1, 2025: $0.08', 'Fri, May 2, 2025: $0.13'])
    // Thirty days, one slot each; the busiest day is the full height.
    expect(dollarsChart.getAttribute('viewBox')).toBe('0 0 300 100')
    expect(bars.map((bar) => Number(bar.getAttribute('height')))).toEqual([(80 / 130) * 100, 100])
  })

  it('asks the ledger for the period chosen, and for everything for all time', async () => {
    render(<UsageView />)
    await screen.findByRole('group', { name: 'Spending totals' })
    calls = []
    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: '7' } })
    await waitFor(() => expect(summaryCalls()).toHaveLength(4))
    expect(summaryCalls().every((input) => input.from === '2025-04-27')).toBe(true)
    calls = []
    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: 'all' } })
    await waitFor(() => expect(summaryCalls()).toHaveLength(4))
    expect(summaryCalls().every((input) => !('from' in input))).toBe(true)
    // All time charts from the first day that spent.
    expect(
      await screen.findByRole('img', { name: /^Spending per day from Thu, May 1, 2025 to Sat, May 3, 2025:/ })
    ).toBeInTheDocument()
  })

  it('says calmly where prices are set when nothing was spent', async () => {
    connectLedger({ day: [], month: [], model: [], profile: [], group: [] })
    render(<UsageView />)
    expect(
      await screen.findByText(
        'No spending in this period: costs show here once a gateway’s prices are set in Settings › Gateways › Prices.'
      )
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Spending' })).toBeInTheDocument()
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.queryByRole('region', { name: 'Spending by day' })).toBeNull()
    // No batch to name: nothing asked.
    expect(calls.some((c) => c.name.startsWith('groups.'))).toBe(false)
  })

  it('says what failed when the ledger cannot answer', async () => {
    const fail = vi.fn(() =>
      Promise.resolve({ ok: false, error: { code: 'internal', message: 'Disk gone.' } })
    )
    useAppStore.getState().setConnection(
      {
        api: createApiClient({ invoke: fail, subscribe: () => () => undefined }),
        host: 'web',
        mediaUrl: (id) => id
      },
      testInfo({ version: '1' }),
      testSettings()
    )
    render(<UsageView />)
    const spending = await screen.findByRole('region', { name: 'Spending' })
    expect(await within(spending).findByText(/Disk gone/)).toBeInTheDocument()
  })

  it('counts money in Chinese, with amounts, days and words as Chinese writes them', async () => {
    await act(async () => i18n.changeLanguage('zh-CN'))
    render(<UsageView />)
    expect(await screen.findByRole('heading', { name: '花费' })).toBeInTheDocument()
    const totals = await screen.findByRole('group', { name: '花费合计' })
    expect(totals.children[0]).toHaveTextContent(
      '已花费US$0.215 次发送 · 其中 US$0.04 属于仍在进行中的任务实际比预计：+US$0.01'
    )
    expect(totals.children[1]).toHaveTextContent('已花费¥1.201 次发送实际比预计：-¥0.30')
    const days = screen.getByRole('region', { name: '每日花费' })
    expect(
      within(days)
        .getAllByRole('columnheader')
        .map((th) => th.textContent)
    ).toEqual(['日期', '发送次数', '已花费', '预计费用', '实际费用', '差额'])
    expect(rowsOf(days)[0]).toEqual([
      '2025年5月2日周五',
      '3',
      'US$0.13',
      'US$0.12',
      'US$0.09 （3 次中的 2 次）',
      '+US$0.01'
    ])
    const batches = screen.getByRole('region', { name: '各批量任务花费' })
    expect(await within(batches).findByRole('rowheader', { name: '已删除的批量任务' })).toBeInTheDocument()
    expect(
      screen.getByRole('img', {
        name: '2025年4月4日周五至2025年5月3日周六的每日花费：共 US$0.21，2025年5月2日周五最多（US$0.13）。'
      })
    ).toBeInTheDocument()
  })

  it('says in Chinese where prices are set when nothing was spent', async () => {
    await act(async () => i18n.changeLanguage('zh-CN'))
    connectLedger({ day: [], month: [], model: [], profile: [], group: [] })
    render(<UsageView />)
    expect(
      await screen.findByText(
        '这段时间没有花费：在“设置 › 网关 › 价格”中为网关设置价格后，费用会显示在这里。'
      )
    ).toBeInTheDocument()
  })
})
