import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { BatchesView } from '@renderer/features/gallery/batches/BatchesView'
import { useBatchSheetStore } from '@renderer/features/gallery/batches/store'
import { useGalleryStore } from '@renderer/features/gallery/store'
import { i18n } from '@renderer/i18n'
import { useAppStore } from '@renderer/store/app'
import { reviewBatchInGallery } from '@renderer/store/handoff'
import { receiveGalleryHandoffs } from '@renderer/features/gallery/handoffs'
import { createApiClient } from '@shared/client'
import type { BatchSheet, SheetJob } from '@shared/schemas/batches'
import { groupView, sheetImage, sheetJob } from '../../../../helpers/jobViews'
import { stubScreenSize } from '../fixtures'
import { testInfo, testSettings } from '../../connection'

/** Every job of these tests had seed 7 and cost $0.04. */
const job = (...[id, prompt, model, patch]: Parameters<typeof sheetJob>): SheetJob =>
  sheetJob(id, prompt, model, { seed: 7, costMicros: 40_000, currency: 'USD', ...patch })

const group = groupView({ id: 'g1', name: 'Autumn posters', jobIds: ['j1', 'j2', 'j3'] })
const sheet: BatchSheet = {
  group,
  jobs: [
    job('j1', 'a red kite', 'studio-image-v3', { results: [sheetImage('r1'), sheetImage('r2')] }),
    job('j2', 'a red kite', 'wan-image', { results: [sheetImage('r3', 'rejected')] }),
    job('j3', 'a paper boat', 'studio-image-v3', {
      status: 'failed',
      error: { code: 'content_policy_violation', message: 'This prompt was refused by the safety system.' },
      results: []
    })
  ]
}

let calls: { name: string; input: Record<string, unknown> }[] = []

function connect(): void {
  calls = []
  const invoke = vi.fn((name: string, input: Record<string, unknown>) => {
    calls.push({ name, input })
    const ok = (value: unknown): Promise<unknown> => Promise.resolve({ ok: true, value })
    if (name === 'groups.list') return ok([group])
    if (name === 'batches.sheet') return ok(sheet)
    if (name === 'results.setVerdict') return ok({ changed: (input.ids as string[]).length })
    if (name === 'groups.cap')
      return ok({ groupId: 'g1', currency: null, capMicros: null, spentMicros: 0, reservedMicros: 0 })
    if (name === 'boards.list') return ok([{ id: 'b1', name: 'Picks', count: 3, cover: [], createdAt: 1 }])
    if (name === 'boards.add')
      return ok({ changed: 1, board: { id: 'b1', name: 'Picks', count: 4, cover: [], createdAt: 1 } })
    if (name === 'gallery.export')
      return ok({
        exportId: 'e1',
        format: 'zip',
        status: 'running',
        done: 0,
        total: 1,
        skipped: 0,
        bytesWritten: 0,
        path: null,
        downloadName: null,
        error: null,
        startedAt: 1,
        finishedAt: null
      })
    return Promise.resolve({ ok: false, error: { code: 'test', message: `${name} not stubbed` } })
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

const tile = (name: RegExp): HTMLElement => screen.getByRole('button', { name })

describe('Gallery › Batches: a batch culled on its contact sheet', () => {
  stubScreenSize(beforeAll, afterAll)
  // jsdom paints no frames: the focus that follows a mark runs at once.
  beforeAll(() => vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => run(0)))
  afterAll(() => vi.unstubAllGlobals())
  beforeEach(async () => {
    useBatchSheetStore.setState({ batches: null, openId: null, sheet: null, show: 'all', grouping: 'prompt' })
    connect()
    await i18n.changeLanguage('en')
  })

  it('opens from the Queue\'s "Review images" on the Batches tab, every job shown under its prompt', async () => {
    const off = receiveGalleryHandoffs()
    reviewBatchInGallery('g1')
    off()
    expect(useGalleryStore.getState().tab).toBe('batches')
    expect(useAppStore.getState().screen).toBe('gallery')
    render(<BatchesView />)
    expect(await screen.findByRole('heading', { name: 'Autumn posters' })).toBeInTheDocument()
    expect(screen.getByText('3 jobs · 3 images · 0 kept · 1 rejected · 1 failed')).toBeInTheDocument()
    const grid = screen.getByRole('group', { name: 'Contact sheet of Autumn posters' })
    expect(
      within(grid)
        .getAllByRole('heading')
        .map((h) => h.textContent)
    ).toEqual(['a red kite3 · 0 kept', 'a paper boat1 · 0 kept'])
    // The failed job keeps its place, with the gateway's words.
    expect(within(grid).getByText('This prompt was refused by the safety system.')).toBeInTheDocument()
    expect(tile(/a red kite — wan-image · seed 7 — Rejected/)).toBeInTheDocument()
    expect(calls.filter((c) => c.name === 'batches.sheet').map((c) => c.input)).toEqual([{ id: 'g1' }])
  })

  it('keeps with P and rejects with X from the keyboard, each mark moving on to the next image', async () => {
    useBatchSheetStore.getState().open('g1')
    render(<BatchesView />)
    const first = await screen.findByRole('button', {
      name: /a red kite — studio-image-v3 · seed 7 · image 1 of 2 — Not marked/
    })
    expect(first).toHaveAttribute('tabindex', '0')
    act(() => first.focus())
    fireEvent.keyDown(first, { key: 'p' })
    await waitFor(() => expect(calls.some((c) => c.name === 'results.setVerdict')).toBe(true))
    expect(calls.find((c) => c.name === 'results.setVerdict')?.input).toEqual({
      ids: ['r1'],
      verdict: 'kept'
    })
    const second = screen.getAllByRole('button', { name: /a red kite — studio-image-v3/ })[1] as HTMLElement
    expect(second).toHaveFocus()
    fireEvent.keyDown(second, { key: 'x' })
    await waitFor(() =>
      expect(calls.filter((c) => c.name === 'results.setVerdict').map((c) => c.input)).toEqual([
        { ids: ['r1'], verdict: 'kept' },
        { ids: ['r2'], verdict: 'rejected' }
      ])
    )
    expect(screen.getByText('3 jobs · 3 images · 1 kept · 2 rejected · 1 failed')).toBeInTheDocument()
    // U clears the mark of the image the keyboard is on; arrows move without marking.
    const third = tile(/wan-image · seed 7 — Rejected/)
    expect(third).toHaveFocus()
    fireEvent.keyDown(third, { key: 'ArrowLeft' })
    expect(screen.getAllByRole('button', { name: /a red kite — studio-image-v3/ })[1]).toHaveFocus()
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'u' })
    await waitFor(() =>
      expect(calls.filter((c) => c.name === 'results.setVerdict').at(-1)?.input).toEqual({
        ids: ['r2'],
        verdict: null
      })
    )
  })

  // A busy machine draws late: keys pressed before the frames that focus their tiles must still mark the
  // image each key was meant for. A late frame once took the keyboard back to a tile already left.
  it('marks the right image when keys come faster than frames', async () => {
    const frames: FrameRequestCallback[] = []
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => frames.push(run))
    const drawFrames = (): void =>
      act(() => {
        for (const run of frames.splice(0)) run(0)
      })
    try {
      useBatchSheetStore.getState().open('g1')
      render(<BatchesView />)
      const first = await screen.findByRole('button', { name: /image 1 of 2 — Not marked/ })
      act(() => first.focus())
      fireEvent.keyDown(first, { key: 'ArrowRight' })
      fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'p' })
      drawFrames()
      fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'x' })
      drawFrames()
      await waitFor(() =>
        expect(calls.filter((c) => c.name === 'results.setVerdict').map((c) => c.input)).toEqual([
          { ids: ['r2'], verdict: 'kept' },
          { ids: ['r3'], verdict: 'rejected' }
        ])
      )
      // X moved on to the tile after the wan-image one: the keyboard is where the sheet says it is.
      const focusKey = useBatchSheetStore.getState().focusKey
      expect(focusKey).not.toBe(null)
      expect(document.activeElement).toHaveAttribute('data-tile', focusKey)
      expect(tile(/wan-image · seed 7/)).not.toHaveFocus()
    } finally {
      vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => run(0))
    }
  })

  it('filters to the failed jobs and to the kept images, with how many each holds', async () => {
    useBatchSheetStore.getState().open('g1')
    render(<BatchesView />)
    await screen.findByRole('heading', { name: 'Autumn posters' })
    fireEvent.click(screen.getByRole('radio', { name: 'Failed 1' }))
    const grid = screen.getByRole('group', { name: 'Contact sheet of Autumn posters' })
    expect(
      within(grid)
        .getAllByRole('button')
        .filter((b) => b.classList.contains('sheet-tile-main')).length
    ).toBe(1)
    expect(within(grid).getByText('This prompt was refused by the safety system.')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('radio', { name: 'Kept 0' }))
    expect(screen.getByText('Nothing kept yet. Press P on an image to keep it.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add 0 kept images to a board…' })).toBeDisabled()
  })

  it('puts the kept images on a board in one action, and exports the batch with its rows', async () => {
    useBatchSheetStore.getState().open('g1')
    render(<BatchesView />)
    const first = await screen.findByRole('button', {
      name: /studio-image-v3 · seed 7 · image 1 of 2 — Not marked/
    })
    act(() => first.focus())
    fireEvent.keyDown(first, { key: 'k' })
    fireEvent.click(await screen.findByRole('button', { name: 'Add 1 kept image to a board…' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Picks/ }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to board' }))
    await screen.findByText('1 image added to Picks.')
    expect(calls.find((c) => c.name === 'boards.add')?.input).toEqual({
      boardId: 'b1',
      selection: { kind: 'ids', ids: ['r1'] }
    })

    fireEvent.click(screen.getByRole('button', { name: 'Export batch…' }))
    const exporting = await screen.findByRole('dialog', { name: 'Export “Autumn posters”' })
    // Only choices that hold something, the kept ones first.
    expect(
      within(exporting)
        .getAllByRole('radio', { name: /image/ })
        .map((r) => r.parentElement?.textContent)
    ).toEqual(['The 1 kept image', 'All 3 images of the batch'])
    fireEvent.click(within(exporting).getByRole('button', { name: 'Start export' }))
    await waitFor(() => expect(calls.some((c) => c.name === 'gallery.export')).toBe(true))
    expect(calls.find((c) => c.name === 'gallery.export')?.input).toMatchObject({
      selection: { kind: 'ids', ids: ['r1'] },
      format: 'zip',
      batchId: 'g1'
    })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Export “Autumn posters”' })).toBeNull())
  })
})
