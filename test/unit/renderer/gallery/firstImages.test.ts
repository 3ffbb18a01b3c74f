import { afterEach, describe, expect, it, vi } from 'vitest'
import { firstImagesShown } from '@renderer/features/gallery/actions'
import { useGalleryStore } from '@renderer/features/gallery/store'
import { useAppStore } from '@renderer/store/app'
import { connect, Refusal, type Backend } from './imports/harness'

/** Every image preloaded, with what the gallery held at that moment and a way to let it finish. */
const preloads = vi.hoisted(() => [] as { url: string; itemsShown: number; finish: () => void }[])
vi.mock('@renderer/media/preload', () => ({
  preloadImage: (url: string) =>
    new Promise<void>((finish) => {
      preloads.push({ url, itemsShown: useGalleryStore.getState().items.length, finish })
    })
}))

const settled = async (promise: Promise<void>): Promise<boolean> => {
  let done = false
  void promise.then(() => (done = true))
  await Promise.resolve()
  await Promise.resolve()
  return done
}

/**
 * A first visit at scale: the first screen's thumbnails are asked for as the page arrives, before the grid
 * has the page, and what the screen reads besides (boards, team locations) waits for them.
 */
describe('the gallery’s first screen of images', () => {
  let backend: Backend | null = null
  afterEach(() => {
    backend?.off()
    preloads.length = 0
    vi.useRealTimers()
    useAppStore.getState().setScreen('chat')
  })

  it('asks for the first twelve thumbnails the moment the page arrives, before the grid has it', async () => {
    useAppStore.getState().setScreen('chat')
    backend = connect({}, 40)
    useAppStore.getState().setScreen('gallery')
    await vi.waitFor(() => expect(useGalleryStore.getState().items).toHaveLength(40))
    const items = useGalleryStore.getState().items
    expect(preloads.map((p) => p.url)).toEqual(
      items.slice(0, 12).map((item) => `/media/${item.mediaId}_thumb`)
    )
    expect(preloads.every((p) => p.itemsShown === 0)).toBe(true)
  })

  it('lets the rest of the screen in once those thumbnails are in, and not before', async () => {
    useAppStore.getState().setScreen('chat')
    backend = connect({}, 5)
    useAppStore.getState().setScreen('gallery')
    const shown = firstImagesShown()
    await vi.waitFor(() => expect(preloads).toHaveLength(5))
    expect(await settled(shown)).toBe(false)
    preloads.slice(0, 4).forEach((p) => p.finish())
    expect(await settled(shown)).toBe(false)
    preloads[4]?.finish()
    await vi.waitFor(async () => expect(await settled(shown)).toBe(true))
  })

  it('waits no longer than a moment for thumbnails that do not come', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    useAppStore.getState().setScreen('chat')
    backend = connect({}, 5)
    useAppStore.getState().setScreen('gallery')
    const shown = firstImagesShown()
    // Only the page's answer to wait for, no time passing (waitFor would move the fake clock on).
    await vi.advanceTimersByTimeAsync(0)
    expect(preloads).toHaveLength(5)
    await vi.advanceTimersByTimeAsync(590)
    expect(await settled(shown)).toBe(false)
    await vi.advanceTimersByTimeAsync(20)
    expect(await settled(shown)).toBe(true)
  })

  it('holds nothing back when the page cannot be read', async () => {
    useAppStore.getState().setScreen('chat')
    backend = connect({ 'gallery.query': () => new Refusal({ code: 'internal', message: 'no' }) }, 5)
    useAppStore.getState().setScreen('gallery')
    const shown = firstImagesShown()
    await vi.waitFor(() => expect(useGalleryStore.getState().error).not.toBeNull())
    expect(await settled(shown)).toBe(true)
    expect(preloads).toHaveLength(0)
  })
})
