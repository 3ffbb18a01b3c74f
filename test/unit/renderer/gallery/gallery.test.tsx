import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { GalleryScreen } from '@renderer/features/gallery/GalleryScreen'
import {
  EMPTY_SELECTION,
  isSelected,
  selectAll,
  selectedCount,
  selectRange,
  toContract,
  toggle
} from '@renderer/features/gallery/selection'
import {
  EMPTY_FORM,
  isFiltered,
  positions,
  toFilter,
  useGalleryStore
} from '@renderer/features/gallery/store'
import { useAppStore } from '@renderer/store/app'
import { useHandoffStore } from '@renderer/store/handoff'
import { createApiClient, type Transport } from '@shared/client'
import type { GalleryItem } from '@shared/schemas/gallery'
import { facetsOf, galleryDetail, stubScreenSize } from './fixtures'
import { testInfo, testSettings } from '../connection'

const TOTAL = 5000

const item = (i: number): GalleryItem => ({
  id: `r${i}`,
  jobId: `j${Math.floor(i / 2)}`,
  mediaId: `${String(i).padStart(32, '0')}`,
  width: 1024,
  height: 1024,
  model: 'studio-image-v3',
  prompt: `prompt ${i}`,
  favorite: i === 1,
  rating: 0,
  createdAt: 1_000_000 - i
})

const facets = facetsOf(TOTAL)

let calls: { name: string; input: Record<string, unknown> }[] = []
/** What `gallery.get` answers on top of its default detail. */
let detailPatch: Record<string, unknown> = {}

function setup(): void {
  calls = []
  detailPatch = {}
  const invoke = vi.fn((name: string, input: Record<string, unknown>) => {
    calls.push({ name, input })
    const ok = (value: unknown): Promise<unknown> => Promise.resolve({ ok: true, value })
    if (name === 'gallery.query') {
      const start = typeof input.cursor === 'string' ? Number(input.cursor) : Number(input.offset ?? 0)
      const limit = Number(input.limit)
      const items = Array.from({ length: Math.min(limit, TOTAL - start) }, (_, k) => item(start + k))
      const next = start + items.length
      return ok({
        items,
        nextCursor: next < TOTAL ? String(next) : null,
        matching: input.cursor ? null : TOTAL
      })
    }
    if (name === 'gallery.facets') return ok(facets)
    if (name === 'gallery.delete') return ok({ deleted: 3, filesRemoved: 2, filesKept: 1 })
    if (name === 'gallery.get')
      return ok(
        galleryDetail({
          id: String(input.id),
          width: 1024,
          height: 1024,
          sizeLabel: '1024x1024',
          prompt: 'a red fox',
          revisedPrompt: 'a red fox in snow',
          params: { model: 'studio-image-v3', prompt: 'a red fox', seed: 7 },
          seed: 7,
          model: 'studio-image-v3',
          endpoint: '/v3/images/generations',
          profileId: 'demo',
          usage: { total_tokens: 300 },
          imagesInJob: 2,
          ...detailPatch
        })
      )
    return ok({})
  })
  const transport: Transport = { invoke, subscribe: () => () => undefined }
  useAppStore
    .getState()
    .setConnection(
      { api: createApiClient(transport), host: 'web', mediaUrl: (id) => `/media/${id}` },
      testInfo({ version: '1' }),
      testSettings()
    )
  useGalleryStore.setState({
    tab: 'images',
    form: EMPTY_FORM,
    items: [],
    pages: {},
    visible: [0, 0],
    matching: null,
    nextCursor: null,
    stale: true,
    loading: false,
    selection: EMPTY_SELECTION,
    anchor: null,
    detailId: null,
    dialog: null,
    notice: null,
    exports: {}
  })
}

/** Connects the screen to a backend that answers with `invoke`. */
function connectWith(invoke: Transport['invoke']): void {
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

describe('gallery selection model', () => {
  const items = Array.from({ length: 10 }, (_, i) => item(i))
  it('toggles, ranges and selects all in the filter minus exceptions', () => {
    let s = toggle(EMPTY_SELECTION, 'r2')
    s = selectRange(s, items, 2, 5)
    expect(['r2', 'r3', 'r4', 'r5'].every((id) => isSelected(s, id))).toBe(true)
    expect(selectedCount(s, 10)).toBe(4)
    expect(toContract(s, 10)).toEqual({ kind: 'ids', ids: ['r2', 'r3', 'r4', 'r5'] })
    const all = toggle(selectAll(toFilter({ ...EMPTY_FORM, model: 'm' })), 'r1')
    expect(selectedCount(all, 10)).toBe(9)
    expect(toContract(all, 10)).toEqual({ kind: 'filter', filter: { models: ['m'] }, except: ['r1'] })
    expect(toContract(EMPTY_SELECTION, 10)).toBeNull()
  })

  it('sends picked ids in grid order, ids no longer shown after them in the order they were picked', () => {
    let s = toggle(toggle(toggle(toggle(EMPTY_SELECTION, 'r9'), 'gone-b'), 'r3'), 'gone-a')
    s = toggle(s, 'r5')
    // r9 is known only from a page loaded by position (a jump): position 300 + 9, after r3 and r5.
    const shown = { items: items.slice(0, 6), pages: { 1: [item(9)] } }
    expect(toContract(s, 10, positions(shown))).toEqual({
      kind: 'ids',
      ids: ['r3', 'r5', 'r9', 'gone-b', 'gone-a']
    })
  })

  it('turns the form into a contract filter, "To" including its whole day', () => {
    const filter = toFilter({
      ...EMPTY_FORM,
      text: ' fox ',
      fromDate: '2025-05-01',
      toDate: '2025-05-01',
      favoritesOnly: true
    })
    expect(filter.text).toBe('fox')
    expect(filter.favoritesOnly).toBe(true)
    expect((filter.to ?? 0) - (filter.from ?? 0)).toBe(86_400_000)
    expect(new Date(filter.from ?? 0).getHours()).toBe(0)
  })

  it('shows a board through the filter, and keeps it when the filters are cleared', () => {
    expect(toFilter({ ...EMPTY_FORM, boardId: 'b1' })).toEqual({ boardIds: ['b1'] })
    expect(isFiltered({ ...EMPTY_FORM, boardId: 'b1' })).toBe(false)
    useGalleryStore.setState({ form: { ...EMPTY_FORM, boardId: 'b1', text: 'fox' } })
    useGalleryStore.getState().resetForm()
    expect(useGalleryStore.getState().form).toEqual({ ...EMPTY_FORM, boardId: 'b1' })
    useGalleryStore.setState({ form: EMPTY_FORM })
  })
})

describe('gallery screen', () => {
  stubScreenSize(beforeAll, afterAll)
  beforeEach(setup)

  it('renders only the rows on screen, with thumbnails only, for 5,000 images', async () => {
    render(<GalleryScreen />)
    const grid = await screen.findByRole('listbox', { name: 'Images' })
    await waitFor(() => expect(within(grid).getAllByRole('option').length).toBeGreaterThan(10))
    const options = within(grid).getAllByRole('option')
    // 1000 px wide: 5 columns of 168+ px; 800 px tall: 5 rows on screen, plus 2 of overscan.
    expect(options.length).toBeLessThanOrEqual(5 * 8)
    expect(options[0]).toHaveAttribute('aria-setsize', String(TOTAL))
    const sources = Array.from(grid.querySelectorAll('img')).map((img) => img.getAttribute('src'))
    expect(sources.every((src) => src?.startsWith('/media/') && src.endsWith('_thumb'))).toBe(true)
    expect(screen.getByText('5,000 images')).toBeInTheDocument()
    // Only the first page was fetched: nothing near the end was needed yet.
    expect(calls.filter((c) => c.name === 'gallery.query')).toHaveLength(1)
  })

  it('loads the page a jump lands on (by position), not every page before it', async () => {
    render(<GalleryScreen />)
    const grid = await screen.findByRole('listbox', { name: 'Images' })
    await within(grid).findByRole('option', { name: 'prompt 0' })
    const scroller = document.querySelector('.gallery-scroll') as HTMLElement
    await act(async () => {
      scroller.scrollTop = 1_000_000
      fireEvent.scroll(scroller)
      await Promise.resolve()
    })
    expect(await within(grid).findByRole('option', { name: 'prompt 4999' })).toBeInTheDocument()
    const queries = calls.filter((c) => c.name === 'gallery.query')
    expect(queries.some((c) => c.input.cursor !== undefined)).toBe(false)
    expect(queries.slice(1).map((c) => c.input.offset)).toEqual([4800])
  })

  it('opens the detail on click, ranges on shift-click, and deletes only after confirmation', async () => {
    render(<GalleryScreen />)
    const grid = await screen.findByRole('listbox', { name: 'Images' })
    const first = await within(grid).findByRole('option', { name: 'prompt 0' })
    fireEvent.click(first)
    const details = await screen.findByRole('complementary', { name: 'Image details' })
    expect(await within(details).findByText('a red fox in snow')).toBeInTheDocument()
    expect(within(details).getByText('studio-image-v3')).toBeInTheDocument()
    expect(details.querySelector('img')?.getAttribute('src')).toBe(`/media/${'0'.repeat(32)}`)
    fireEvent.click(within(details).getByRole('button', { name: 'Open in Queue' }))
    expect(useHandoffStore.getState().shownJob).toEqual({ jobId: 'job-1' })
    expect(useAppStore.getState().screen).toBe('queue')

    fireEvent.click(within(grid).getByRole('option', { name: 'prompt 3' }), { shiftKey: true })
    expect(
      within(grid)
        .getAllByRole('option', { selected: true })
        .map((o) => o.getAttribute('aria-label'))
    ).toEqual(['prompt 0', 'prompt 1', 'prompt 2', 'prompt 3'])
    fireEvent.click(within(grid).getByRole('option', { name: 'prompt 1' }), { ctrlKey: true })
    expect(screen.getByText('3 selected images of 5,000')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Delete selected…' }))
    const confirm = screen.getByRole('alertdialog', { name: 'Delete 3 images?' })
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep them' }))
    expect(calls.some((c) => c.name === 'gallery.delete')).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected…' }))
    // Delete waits for the answer of what it would do to a team (none here: the command is not answered).
    const remove = within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete 3 images' })
    await waitFor(() => expect(remove).toBeEnabled())
    fireEvent.click(remove)
    await screen.findByText(/Deleted 3 images \(2 files removed; 1 file kept/)
    expect(calls.find((c) => c.name === 'gallery.delete')?.input).toEqual({
      selection: { kind: 'ids', ids: ['r0', 'r2', 'r3'] },
      confirm: true
    })
  })

  it('clears the selection on Escape, but not on the Escape that closes another dialog', async () => {
    render(<GalleryScreen />)
    const grid = await screen.findByRole('listbox', { name: 'Images' })
    fireEvent.click(await within(grid).findByRole('option', { name: 'prompt 0' }))
    fireEvent.click(within(grid).getByRole('option', { name: 'prompt 2' }), { shiftKey: true })
    expect(screen.getByText('3 selected images of 5,000')).toBeInTheDocument()
    // The keyboard help (or any dialog of the shell) is open over the gallery: its Escape closes it alone.
    const help = document.createElement('dialog')
    const close = document.createElement('button')
    help.append(close)
    document.body.append(help)
    fireEvent.keyDown(close, { key: 'Escape' })
    expect(screen.getByText('3 selected images of 5,000')).toBeInTheDocument()
    help.remove()
    fireEvent.keyDown(within(grid).getByRole('option', { name: 'prompt 2' }), { key: 'Escape' })
    await waitFor(() => expect(screen.queryByText('3 selected images of 5,000')).toBeNull())
  })

  it('names endpoints in the filter and the detail as a designer knows them, not by their paths', async () => {
    render(<GalleryScreen />)
    const filter = await screen.findByRole('combobox', { name: 'Endpoint' })
    await waitFor(() =>
      expect(within(filter).getByRole('option', { name: 'Per image (5000)' })).toHaveValue(
        '/v3/images/generations'
      )
    )
    expect(within(filter).queryByText(/\/v3\//)).toBeNull()
    const grid = await screen.findByRole('listbox', { name: 'Images' })
    fireEvent.click(await within(grid).findByRole('option', { name: 'prompt 0' }))
    const details = await screen.findByRole('complementary', { name: 'Image details' })
    const term = await within(details).findByText('Endpoint')
    expect(term.nextElementSibling).toHaveTextContent(/^Per image$/)
  })

  it('shows usage per image only when the gateway reported it for that image alone', async () => {
    const openDetail = async (): Promise<HTMLElement> => {
      const grid = await screen.findByRole('listbox', { name: 'Images' })
      fireEvent.click(await within(grid).findByRole('option', { name: 'prompt 0' }))
      const details = await screen.findByRole('complementary', { name: 'Image details' })
      await within(details).findByText('a red fox in snow')
      return details
    }
    // A job of three images with 783 tokens for all of them: none of it is this image's.
    detailPatch = { usage: { total_tokens: 783 }, billingUnit: 'token', imagesInJob: 3, imageUsage: null }
    const { unmount } = render(<GalleryScreen />)
    let details = await openDetail()
    expect(within(details).queryByText(/783/)).toBeNull()
    expect(
      within(details).getByText(/Reported for the whole job \(3 images\), not per image/)
    ).toBeInTheDocument()
    unmount()

    // A v2 task made this image alone and the gateway reported its usage.
    detailPatch = {
      usage: { total_tokens: 783 },
      billingUnit: 'token',
      imagesInJob: 3,
      imageUsage: { total_tokens: 261 }
    }
    useGalleryStore.setState({ detailId: null, stale: true, items: [], pages: {} })
    render(<GalleryScreen />)
    details = await openDetail()
    expect(within(details).getByText('261 tokens')).toBeInTheDocument()
    expect(within(details).queryByText(/783/)).toBeNull()
  })

  it('gives the gateway copy an expiry only where the gateway or its spec states one', async () => {
    const expiryOf = async (patch: Record<string, unknown>): Promise<string> => {
      detailPatch = patch
      useGalleryStore.setState({ detailId: null, stale: true, items: [], pages: {} })
      const { unmount } = render(<GalleryScreen />)
      const grid = await screen.findByRole('listbox', { name: 'Images' })
      fireEvent.click(await within(grid).findByRole('option', { name: 'prompt 0' }))
      const details = await screen.findByRole('complementary', { name: 'Image details' })
      const term = await within(details).findByText('Gateway’s copy')
      const text = term.nextElementSibling?.textContent ?? ''
      unmount()
      return text
    }
    const now = Date.now()
    // partner-b passes the provider's temporary address through: about 24 hours, as the spec says.
    const partnerB = await expiryOf({ endpoint: '/v1/images/partner-b', fromAddress: true, createdAt: now })
    expect(partnerB).toMatch(/^Expires around .+: the gateway keeps it about 24 hours; ours is kept$/)
    // A v2 task's address: the gateway states no lifetime, so none is made up.
    const v2 = await expiryOf({ endpoint: '/v2/images/generations', fromAddress: true, createdAt: now })
    expect(v2).toBe('The gateway states no expiry; ours is kept')
    const bytes = await expiryOf({ endpoint: '/v1/images/partner-b', fromAddress: false })
    expect(bytes).toBe('None: the image arrived as data; ours is kept')
  })

  it('exports everything in the filter after "Select all", with the filter sent as is', async () => {
    render(<GalleryScreen />)
    await screen.findByRole('listbox', { name: 'Images' })
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'studio-image-v3' } })
    await waitFor(() =>
      expect(calls.filter((c) => c.name === 'gallery.query').at(-1)?.input.filter).toEqual({
        models: ['studio-image-v3']
      })
    )
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Select all in filter' }))
    })
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'prompt 2' }), {
      ctrlKey: true
    })
    fireEvent.click(screen.getByRole('button', { name: 'Export selected…' }))
    const dialog = screen.getByRole('dialog', { name: 'Export images' })
    expect(within(dialog).getByLabelText('The 4,999 selected images')).toBeChecked()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start export' }))
    await waitFor(() => expect(calls.some((c) => c.name === 'gallery.export')).toBe(true))
    expect(calls.find((c) => c.name === 'gallery.export')?.input).toMatchObject({
      format: 'zip',
      language: 'en',
      selection: { kind: 'filter', filter: { models: ['studio-image-v3'] }, except: ['r2'] }
    })
  })

  it('offers only choices that hold something, and sends the profile chosen (issue 26)', async () => {
    render(<GalleryScreen />)
    await screen.findByRole('listbox', { name: 'Images' })
    fireEvent.click(screen.getByRole('button', { name: 'Export all…' }))
    const dialog = screen.getByRole('dialog', { name: 'Export images' })
    // Nothing is selected: "the 0 selected images" is no choice, so it is not offered.
    expect(within(dialog).queryByLabelText(/selected image/)).toBeNull()
    expect(within(dialog).getByLabelText(/images in this view$/)).toBeChecked()
    expect(within(dialog).getByRole('radio', { name: /^Full:/ })).toBeChecked()
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Public:/ }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start export' }))
    await waitFor(() => expect(calls.some((c) => c.name === 'gallery.export')).toBe(true))
    expect(calls.find((c) => c.name === 'gallery.export')?.input).toMatchObject({
      format: 'zip',
      profile: 'public',
      selection: { kind: 'filter' }
    })
  })

  it('shows a progress bar while the first page of a big gallery loads', async () => {
    connectWith((name) =>
      name === 'gallery.query'
        ? new Promise(() => undefined)
        : Promise.resolve({ ok: true, value: name === 'gallery.facets' ? facets : [] })
    )
    render(<GalleryScreen />)
    expect(await screen.findByRole('progressbar', { name: 'Loading the gallery' })).toBeInTheDocument()
    expect(screen.getByText('Loading images…')).toBeInTheDocument()
  })

  it('says so when there is nothing yet', async () => {
    connectWith((name) =>
      Promise.resolve({
        ok: true,
        value:
          name === 'gallery.query'
            ? { items: [], nextCursor: null, matching: 0 }
            : { ...facets, total: 0, models: [], endpoints: [], profiles: [] }
      })
    )
    render(<GalleryScreen />)
    expect(await screen.findByText('No images yet')).toBeInTheDocument()
  })
})
