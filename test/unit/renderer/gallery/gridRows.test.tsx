import { act, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { GalleryGrid } from '@renderer/features/gallery/GalleryGrid'
import { PAGE, useGalleryStore } from '@renderer/features/gallery/store'
import { useAppStore } from '@renderer/store/app'
import { createApiClient } from '@shared/client'
import type { GalleryItem } from '@shared/schemas/gallery'
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
const range = (from: number, length: number): GalleryItem[] =>
  Array.from({ length }, (_, k) => item(from + k))

describe('gallery grid rows at 100,000 images', () => {
  stubScreenSize(beforeAll, afterAll)

  it('does not render the rows on screen again when a page lands far below them', async () => {
    // The backend is never needed: the first page is in the store and nothing else is asked for in time.
    const invoke = vi.fn(() => new Promise<never>(() => undefined))
    useAppStore.getState().setConnection(
      {
        api: createApiClient({ invoke, subscribe: () => () => undefined }),
        host: 'web',
        mediaUrl: (id) => id
      },
      testInfo({ version: '1' }),
      testSettings({ exportNameTemplate: '{date}_{model}' })
    )
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
})
