import { beforeEach, describe, expect, it } from 'vitest'
import { loadFirstPage } from '@renderer/features/queue/queries'
import { ALL_TASKS, filterKey } from '@renderer/features/queue/model'
import { useQueueStore } from '@renderer/features/queue/store'
import { connect, job, resetStores } from './fixtures'

beforeEach(() => resetStores())

/** A full first page (there may be older jobs), and nothing older. */
const full = Array.from({ length: 50 }, (_, i) =>
  job({ id: `j${i}`, prompt: `shot ${i}`, status: 'succeeded', createdAt: 10_000 - i })
)

describe('the Queue screen’s pages', () => {
  it('asks for a filter’s first page when it has none, never again while it is here, and again after a failure', async () => {
    let fail = false
    const { connection, invoke } = connect({
      'jobs.list': (input) => {
        if (fail) throw new Error('The app could not reach its backend.')
        return (input as { before?: number }).before === undefined ? full : []
      }
    })
    const asks = (): unknown[] => invoke.mock.calls.filter(([name]) => name === 'jobs.list')

    await loadFirstPage(connection.api, ALL_TASKS)
    expect(asks()).toEqual([['jobs.list', { limit: 50 }]])
    expect(useQueueStore.getState().pages[filterKey(ALL_TASKS)]).toMatchObject({
      exhausted: false,
      error: null
    })

    // Opened again with the first page here: no ask (an older page would be one more on every opening).
    await loadFirstPage(connection.api, ALL_TASKS)
    expect(asks()).toHaveLength(1)

    // Another filter has no page yet: its own first page.
    const attention = { ...ALL_TASKS, status: 'attention' as const }
    await loadFirstPage(connection.api, attention)
    expect(asks()).toHaveLength(2)

    // A first page that failed is asked for again at the next opening.
    useQueueStore.setState({ pages: {} })
    fail = true
    await loadFirstPage(connection.api, ALL_TASKS)
    expect(useQueueStore.getState().pages[filterKey(ALL_TASKS)]?.error).toBeTruthy()
    fail = false
    await loadFirstPage(connection.api, ALL_TASKS)
    expect(asks()).toHaveLength(4)
    expect(asks()[3]).toEqual(['jobs.list', { limit: 50 }])
    expect(useQueueStore.getState().pages[filterKey(ALL_TASKS)]?.error).toBeNull()
  })
})
