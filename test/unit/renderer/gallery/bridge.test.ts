import { afterEach, describe, expect, it, vi } from 'vitest'
import { useGalleryStore } from '@renderer/features/gallery/store'
import { useAppStore } from '@renderer/store/app'
import { job, result } from '../../../helpers/jobViews'
import { connect, item, type Backend } from './imports/harness'

/**
 * The first page is asked for the moment the Gallery is chosen: in the same task as the click, before
 * React renders the screen and before the board list and the rest its mount asks for.
 */
describe('choosing the Gallery', () => {
  let backend: Backend | null = null
  afterEach(() => {
    backend?.off()
    useAppStore.getState().setScreen('chat')
  })
  const queries = (): number => backend?.calls.filter((call) => call.name === 'gallery.query').length ?? 0

  it('asks for the first page at once, and only once', () => {
    useAppStore.getState().setScreen('chat')
    backend = connect()
    useAppStore.getState().setScreen('gallery')
    // Synchronous: no render, no effect, no timer has run yet.
    expect(backend.calls.map((call) => call.name)).toEqual(['gallery.query'])
    expect(useGalleryStore.getState().stale).toBe(false)
    useAppStore.getState().setScreen('gallery')
    expect(queries()).toBe(1)
  })

  it('asks nothing when the images are current, a search is being typed, or another tab is shown', () => {
    useAppStore.getState().setScreen('chat')
    backend = connect()
    for (const patch of [{ stale: false }, { typing: true }, { tab: 'batches' as const }]) {
      useGalleryStore.setState({ stale: true, typing: false, tab: 'images', ...patch })
      useAppStore.getState().setScreen('gallery')
      useAppStore.getState().setScreen('settings')
    }
    expect(queries()).toBe(0)
  })
})

describe('a job’s news while the gallery shows images', () => {
  let backend: Backend | null = null
  afterEach(() => {
    backend?.off()
    useAppStore.getState().setScreen('chat')
  })

  it('marks the list stale for a newer stored image, follows a shown one’s favourite, and ignores the rest', async () => {
    useAppStore.getState().setScreen('chat')
    backend = connect({}, 3)
    useAppStore.getState().setScreen('gallery')
    await vi.waitFor(() => expect(useGalleryStore.getState().items).toHaveLength(3))
    const shown = useGalleryStore.getState().items[0]
    if (!shown) throw new Error('no image shown')
    // A poll's news: nothing stored yet.
    backend.emit('jobs.updated', job({ id: 'j-new', results: [result({ id: 'r-new', status: 'pending' })] }))
    expect(useGalleryStore.getState().stale).toBe(false)
    // A shown image starred elsewhere.
    backend.emit(
      'jobs.updated',
      job({ id: shown.jobId, results: [result({ id: shown.id, status: 'stored', favorite: true })] })
    )
    expect(useGalleryStore.getState().items[0]?.favorite).toBe(true)
    expect(useGalleryStore.getState().stale).toBe(false)
    // An image stored after the newest shown.
    backend.emit(
      'jobs.updated',
      job({
        id: 'j-new',
        results: [result({ id: 'r-new', status: 'stored', createdAt: shown.createdAt + 1 })]
      })
    )
    expect(useGalleryStore.getState().stale).toBe(true)
  })
  const stored = (id: string, createdAt: number): ReturnType<typeof job> =>
    job({ id: `j-${id}`, results: [result({ id, status: 'stored', createdAt })] })

  it('marks the list stale for an image stored late that belongs among those shown', async () => {
    useAppStore.getState().setScreen('chat')
    // Images r0…r2 shown, more pages below: createdAt 1,000,000 down to 999,998.
    backend = connect({
      'gallery.query': () => ({ items: [0, 1, 2].map(item), nextCursor: 'more', matching: 10 })
    })
    useAppStore.getState().setScreen('gallery')
    await vi.waitFor(() => expect(useGalleryStore.getState().items).toHaveLength(3))
    // Older than the last loaded: paging brings it in its turn.
    backend.emit('jobs.updated', stored('r-older', 999_990))
    expect(useGalleryStore.getState().stale).toBe(false)
    // Made before the newest shown, stored after it (its download finished last): it belongs in the list.
    backend.emit('jobs.updated', stored('r-between', 999_999))
    expect(useGalleryStore.getState().stale).toBe(true)
  })

  it('marks a searched list stale for any image not shown, since a search lists newest stored first', async () => {
    useAppStore.getState().setScreen('chat')
    backend = connect({
      'gallery.query': () => ({ items: [0, 1, 2].map(item), nextCursor: 'more', matching: 10 })
    })
    useGalleryStore.setState({ form: { ...useGalleryStore.getState().form, text: 'fox' } })
    useAppStore.getState().setScreen('gallery')
    await vi.waitFor(() => expect(useGalleryStore.getState().items).toHaveLength(3))
    backend.emit('jobs.updated', stored('r-older', 999_990))
    expect(useGalleryStore.getState().stale).toBe(true)
  })
})
