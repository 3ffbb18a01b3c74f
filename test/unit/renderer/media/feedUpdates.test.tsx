import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { JobView } from '@shared/schemas/jobs'
import { ResultsList } from '@renderer/media/ResultsList'
import { useJobsStore } from '@renderer/store/jobs'
import { fakeBackend, jobView, resultView } from '../images/harness'
import { stubLayout } from '../queue/fixtures'

/** A streamed group of three images, running. */
const group = (patch: Partial<JobView> = {}): JobView =>
  jobView({
    id: 'j1',
    prompt: 'three kites',
    request: {
      endpoint: 'partnerA',
      body: {
        model: 'seedream-stream',
        prompt: 'three kites',
        size: '1024x1024',
        sequential_image_generation: 'auto',
        sequential_image_generation_options: { max_images: 3 }
      },
      stream: true
    },
    ...patch
  })

const image = (index: number, favorite = false): ReturnType<typeof resultView> =>
  resultView({ id: `r${index}`, index, width: 1024, height: 1024, favorite })

/**
 * Each card follows its own job and each slot draws again only when what it shows changed (issue 17): these
 * check that nothing a slot shows is left behind by that.
 */
describe('the results feed as a streamed group arrives', () => {
  let restore: () => void = () => {}
  beforeAll(() => {
    restore = stubLayout()
  })
  afterAll(() => restore())

  it('shows each image as it arrives, follows favourites and the group finishing, and opens the job as it is now', async () => {
    fakeBackend({ 'jobs.list': () => [] })
    const onOpen = vi.fn()
    useJobsStore.getState().upsertMany([group()])
    render(
      <ResultsList
        kind="image"
        title="Results"
        empty={{ title: 'none', text: 'none' }}
        actions={{ onOpen, onRemix: () => {}, onCopyPrompt: () => {} }}
      />
    )
    const card = await screen.findByRole('article', { name: /three kites/ })
    expect(within(card).getAllByRole('listitem', { name: /Generating/ })).toHaveLength(3)

    // A streamed image arrives with its job as it is now (jobs.partial).
    act(() => useJobsStore.getState().upsert(group({ results: [image(0)] })))
    const first = await within(card).findByRole('button', { name: /^Image 1 of 3, .*open full view/ })
    expect(within(card).getAllByRole('listitem', { name: /Generating/ })).toHaveLength(2)
    expect(first.querySelector('img')?.getAttribute('loading')).toBe('eager')

    // The full update after it: the first image favourited meanwhile, a second one in.
    act(() => useJobsStore.getState().upsert(group({ results: [image(0, true), image(1)], updatedAt: 2 })))
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: /Favorite image 1 of 3/ })).toHaveAttribute(
        'aria-pressed',
        'true'
      )
    )
    expect(within(card).getByRole('button', { name: /^Image 2 of 3, .*open full view/ })).toBeInTheDocument()

    // Finished: no slot waits any more, and images load lazily again.
    const done = group({
      status: 'succeeded',
      tasks: [{ ...group().tasks[0]!, status: 'succeeded' }],
      results: [image(0, true), image(1), image(2)],
      updatedAt: 3
    })
    act(() => useJobsStore.getState().upsert(done))
    await waitFor(() =>
      expect(within(card).queryAllByRole('listitem', { name: /Generating/ })).toHaveLength(0)
    )
    expect(
      within(card)
        .getByRole('button', { name: /^Image 1 of 3, .*open full view/ })
        .querySelector('img')
    ).toHaveAttribute('loading', 'lazy')

    fireEvent.click(within(card).getByRole('button', { name: /^Image 1 of 3, .*open full view/ }))
    expect(onOpen).toHaveBeenCalledWith(done, expect.objectContaining({ id: 'r0' }))
  })
})
