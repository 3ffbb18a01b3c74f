import { afterEach, describe, expect, it } from 'vitest'
import { useGalleryStore } from '@renderer/features/gallery/store'
import { useAppStore } from '@renderer/store/app'
import { connect, type Backend } from './imports/harness'

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
