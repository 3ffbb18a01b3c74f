import { act, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { GalleryGrid } from '@renderer/features/gallery/GalleryGrid'
import { PAGE, useGalleryStore } from '@renderer/features/gallery/store'
import { useAppStore } from '@renderer/store/app'
import { createApiClient } from '@shared/client'
import type { GalleryItem } from '@shared/schemas/gallery'
import { MAX_LIST_HEIGHT } from '@renderer/media/tallList'
import { stubScreenSize } from './fixtures'
import { testInfo, testSettings } from '../connection'

/** Every thumbnail render, by media id: a tile rendered again shows up here twice. */
const thumbRenders = vi.hoisted(() => [] as string[])
vi.mock('@renderer/ui/MediaThumb', () => ({
  MediaThumb: ({ mediaId }: { mediaId: string }) => {
    thumbRenders.push(mediaId)
    return <img alt="" src={`/media/${mediaId}_thumb`} />
  }
}))

const TOTAL = 100_000

const item = (i: number): GalleryItem => ({
  id: `r${i}`,
  jobId: `j${i}`,
  mediaId: `m${i}`,
  width: 1024 + (i % 3) * 256,
  height: 1024,
  model: 'studio-image-v3',
  prompt: `prompt ${i}`,
  favorite: false,
  rating: 0,
  createdAt: 1_000_000 - i
})
/** The app connected to a backend that answers through `invoke`. */
function connect(invoke: (...args: never[]) => Promise<never>): void {
  useAppStore.getState().setConnection(
    {
      api: createApiClient({ invoke, subscribe: () => () => undefined }),
      host: 'web',
      mediaUrl: (id) => id
    },
    testInfo({ version: '1' }),
    testSettings({ exportNameTemplate: '{date}_{model}' })
  )
}

const range = (from: number, length: number): GalleryItem[] =>
  Array.from({ length }, (_, k) => item(from + k))

/** The first page of a gallery of `total` images in the store, nothing loading. */
function firstPageOf(total: number): void {
  useGalleryStore.setState({
    items: range(0, 120),
    pages: {},
    matching: total,
    nextCursor: '120',
    loading: false,
    stale: false
  })
}

/** The grid's scroller moved to `top` (jsdom scrolls nothing itself: the element says where it is). */
async function scrollTo(container: HTMLElement, top: number): Promise<void> {
  const scroller = container.querySelector('.gallery-scroll') as HTMLElement
  Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: top })
  await act(async () => {
    scroller.dispatchEvent(new Event('scroll'))
    await new Promise((resolve) => setTimeout(resolve, 50))
  })
}

describe('gallery grid rows at 100,000 images', () => {
  stubScreenSize(beforeAll, afterAll)

  it('does not render the rows on screen again when a page lands far below them', async () => {
    // The backend is never needed: the first page is in the store and nothing else is asked for in time.
    const invoke = vi.fn(() => new Promise<never>(() => undefined))
    connect(invoke)
    useGalleryStore.setState({ items: range(0, 120), pages: {}, matching: TOTAL, nextCursor: '120' })
    render(<GalleryGrid />)
    const grid = await screen.findByRole('listbox')
    await waitFor(() => expect(within(grid).getAllByRole('option').length).toBeGreaterThan(10))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    const before = thumbRenders.length
    expect(before).toBeGreaterThan(10)

    // A jump's page lands 60,000 images down, as it does while the scrollbar is dragged.
    const far = 200
    await act(async () => {
      useGalleryStore.setState((state) => ({ pages: { ...state.pages, [far]: range(far * PAGE, PAGE) } }))
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    expect(thumbRenders.slice(before)).toEqual([])
    expect(within(grid).getByRole('option', { name: 'prompt 0' })).toBeInTheDocument()
  })

  it('reaches the last image of a million, though no browser lays out a list that tall', async () => {
    const invoke = vi.fn((..._args: unknown[]) => new Promise<never>(() => undefined))
    connect(invoke)
    const MILLION = 1_000_000
    firstPageOf(MILLION)
    const { container } = render(<GalleryGrid />)
    const grid = await screen.findByRole('listbox')
    await waitFor(() => expect(within(grid).getAllByRole('option').length).toBeGreaterThan(10))
    // Squares four to a row in 1000 px: a quarter of a million rows, some 52 million pixels of list.
    const height = Number.parseFloat(grid.style.height)
    expect(height).toBe(MAX_LIST_HEIGHT)

    // The scrollbar dragged to its very end.
    await scrollTo(container, height - 800)
    // The page asked for is the last one, and the rows drawn sit inside the element, on its last screen.
    const asked = invoke.mock.calls.map((call) => JSON.stringify(call))
    expect(asked.some((call) => call.includes(`"offset":${Math.floor((MILLION - 1) / PAGE) * PAGE}`))).toBe(
      true
    )
    const tops = [...grid.querySelectorAll<HTMLElement>('.gallery-row')].map((row) =>
      Number(/translateY\(([-\d.]+)px\)/.exec(row.style.transform)?.[1])
    )
    expect(tops.length).toBeGreaterThan(2)
    expect(Math.max(...tops)).toBeLessThanOrEqual(height)
    expect(tops.some((top) => top >= height - 800 && top < height)).toBe(true)
  })

  it('follows a zoomed page that lays out less than it asked for, and still reaches the end', async () => {
    const invoke = vi.fn((..._args: unknown[]) => new Promise<never>(() => undefined))
    connect(invoke)
    firstPageOf(1_000_000)
    // At 200 % a browser gives the element half the room: its content ends there, whatever was asked.
    const got = MAX_LIST_HEIGHT / 2
    const scrollHeight = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (
      this: HTMLElement
    ) {
      return this.classList.contains('gallery-scroll') ? got : 0
    })
    try {
      const { container } = render(<GalleryGrid />)
      const grid = await screen.findByRole('listbox')
      // Asked for the cap first; read back in a later frame, the element's height follows what it got.
      await waitFor(() => expect(Number.parseFloat(grid.style.height)).toBe(got))
      expect(scrollHeight).toHaveBeenCalled()

      await scrollTo(container, got - 800)
      const asked = invoke.mock.calls.map((call) => JSON.stringify(call))
      expect(asked.some((call) => call.includes(`"offset":${Math.floor(999_999 / PAGE) * PAGE}`))).toBe(true)
    } finally {
      scrollHeight.mockRestore()
    }
  })
})
