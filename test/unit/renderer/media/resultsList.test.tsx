import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JobView } from '@shared/schemas/jobs'
import { ResultsList } from '@renderer/media/ResultsList'
import { useJobsStore } from '@renderer/store/jobs'
import { fakeBackend, jobView, resultView } from '../images/harness'
import { stubLayout } from '../queue/fixtures'

const TOTAL = 500
const ACTIONS = { onOpen: () => {}, onRemix: () => {}, onCopyPrompt: () => {} }

/** A finished job of one 16:9 image, `n` minutes after the first (newest last made, newest first shown). */
const job = (n: number): JobView =>
  jobView({
    id: `j${n}`,
    prompt: `job number ${n}`,
    status: 'succeeded',
    createdAt: 1_700_000_000_000 + n * 60_000,
    request: {
      endpoint: 'imagesV3',
      body: { model: 'gpt-image', prompt: `job number ${n}`, size: '2048x1152' }
    },
    tasks: [{ ...jobView({ id: 'x', request: {} }).tasks[0]!, status: 'succeeded' }],
    results: [resultView({ id: `r${n}`, index: 0, jobId: `j${n}`, width: 2048, height: 1152 })]
  })

const cards = (): HTMLElement[] => screen.queryAllByRole('article')

describe('the results feed', () => {
  // happy-dom lays nothing out: every element gets a screen's size, so the virtualizer has a window.
  let restore: () => void = () => {}
  beforeAll(() => {
    restore = stubLayout()
  })
  afterAll(() => restore())

  it('holds only a screenful of job cards in the DOM at 500 jobs, and follows the scroll', async () => {
    fakeBackend({ 'jobs.list': () => [] })
    useJobsStore.getState().upsertMany(Array.from({ length: TOTAL }, (_, i) => job(i)))
    const { container } = render(
      <ResultsList kind="image" title="Results" empty={{ title: 'none', text: 'none' }} actions={ACTIONS} />
    )
    await waitFor(() => expect(cards().length).toBeGreaterThan(0))
    // An 800 px screen holds about three cards of one 16:9 row; four more either side at most.
    expect(cards().length).toBeLessThanOrEqual(12)
    expect(screen.getByRole('article', { name: /job number 499/ })).toBeInTheDocument()
    expect(screen.queryByRole('article', { name: /job number 0$/ })).toBeNull()
    // The list is as tall as every card would be, so the scrollbar is right from the start.
    const list = container.querySelector<HTMLElement>('.job-list')
    expect(parseFloat(list?.style.height ?? '0')).toBeGreaterThan(TOTAL * 200)

    // Scrolled to the middle: the cards there, and still only a screenful.
    const scroller = container.querySelector<HTMLElement>('.results')
    if (!scroller) throw new Error('no feed')
    act(() => {
      scroller.scrollTop = parseFloat(list?.style.height ?? '0') / 2
      fireEvent.scroll(scroller)
    })
    await waitFor(() => expect(screen.queryByRole('article', { name: /job number 499/ })).toBeNull())
    expect(cards().length).toBeGreaterThan(0)
    expect(cards().length).toBeLessThanOrEqual(12)
    const shown = cards().map((card) =>
      Number(/job number (\d+)/.exec(card.getAttribute('aria-label') ?? '')?.[1])
    )
    expect(Math.min(...shown)).toBeGreaterThan(150)
    expect(Math.max(...shown)).toBeLessThan(350)
  })

  it('loads the next older page as the end of the feed comes near, without a click', async () => {
    const page = (before?: number): JobView[] => {
      const top = before === undefined ? 40 : Math.round((before - 1_700_000_000_000) / 60_000)
      return Array.from({ length: 20 }, (_, i) => job(top - 1 - i)).filter(
        (j) => j.createdAt >= 1_700_000_000_000
      )
    }
    const backend = fakeBackend({
      'jobs.list': (input) => page((input as { before?: number }).before)
    })
    render(
      <ResultsList kind="image" title="Results" empty={{ title: 'none', text: 'none' }} actions={ACTIONS} />
    )
    await waitFor(() => expect(cards().length).toBeGreaterThan(0))
    // The first page is 20 jobs; the screen holds a few of them, so nothing more is fetched yet.
    expect(backend.calls.filter((c) => c.name === 'jobs.list')).toHaveLength(1)
    const scroller = document.querySelector<HTMLElement>('.results')
    if (!scroller) throw new Error('no feed')
    act(() => {
      scroller.scrollTop = 1_000_000
      fireEvent.scroll(scroller)
    })
    // Page after page from where the last ended, until the backend has no older jobs (the third answer is empty).
    const befores = (): unknown[] =>
      backend.calls.filter((c) => c.name === 'jobs.list').map((c) => (c.input as { before?: number }).before)
    await waitFor(() => expect(befores()).toEqual([undefined, job(20).createdAt, job(0).createdAt]))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(befores()).toHaveLength(3)
  })
})
