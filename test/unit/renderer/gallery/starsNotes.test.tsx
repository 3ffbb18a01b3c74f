import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { GalleryScreen } from '@renderer/features/gallery/GalleryScreen'
import { i18n } from '@renderer/i18n'
import type { GalleryDetail } from '@shared/schemas/gallery'
import { NOTE_MAX } from '@shared/schemas/gallery'
import { stubScreenSize } from './fixtures'
import { connect, item, Refusal, type Backend } from './imports/harness'

/** What `gallery.get` answers for an image: the app's own, with the stars and note given. */
const detailOf = (
  id: string,
  marks: { rating?: number; note?: string; verdict?: 'kept' | 'rejected' | null } = {}
): GalleryDetail => ({
  ...item(Number(id.slice(1))),
  jobStatus: 'succeeded',
  jobKind: 'image',
  mime: 'image/png',
  bytes: 2048,
  sizeLabel: '1024x1024',
  revisedPrompt: null,
  params: {},
  seed: null,
  endpoint: '/v3/images/generations',
  profileId: 'demo',
  profileName: 'Demo gateway',
  usage: null,
  imageUsage: null,
  billingUnit: 'image',
  imagesInJob: 1,
  createdAt: 1,
  fromAddress: false,
  rating: marks.rating ?? 0,
  note: marks.note ?? '',
  verdict: marks.verdict ?? null
})

const gone = new Refusal({ code: 'not_found', message: 'That image is no longer in the gallery.' })

/** The backend's marks as the commands left them, and what it was sent. */
function galleryWithMarks(refuse: { rating?: boolean; note?: boolean; verdict?: boolean } = {}): Backend {
  const ratings = new Map<string, number>()
  const verdicts = new Map<string, 'kept' | 'rejected' | null>()
  const notes = new Map<string, string>([['r1', 'Warmer light.']])
  return connect({
    'gallery.query': () => ({
      items: [0, 1, 2].map((i) => ({ ...item(i), rating: ratings.get(`r${i}`) ?? 0 })),
      nextCursor: null,
      matching: 3
    }),
    'gallery.get': ({ id }) =>
      detailOf(String(id), {
        rating: ratings.get(String(id)),
        note: notes.get(String(id)),
        verdict: verdicts.get(String(id)) ?? null
      }),
    'results.setVerdict': (input) => {
      if (refuse.verdict) return gone
      const { ids, verdict } = input as { ids: string[]; verdict: 'kept' | 'rejected' | null }
      for (const id of ids) verdicts.set(id, verdict)
      return { changed: ids.length }
    },
    'gallery.setRating': (input) => {
      if (refuse.rating) return gone
      const { selection, rating } = input as { selection: { ids: string[] }; rating: number }
      for (const id of selection.ids) ratings.set(id, rating)
      return { changed: selection.ids.length }
    },
    'gallery.setNote': (input) => {
      if (refuse.note) return gone
      const { id, note } = input as { id: string; note: string }
      notes.set(id, note)
      return { id, note }
    }
  })
}

const sent = (backend: Backend, name: string): Record<string, unknown>[] =>
  backend.calls.filter((call) => call.name === name).map((call) => call.input)

/** The line under the note that says whether it is saved (the panel has other status lines). */
const noteStatus = (details: HTMLElement): HTMLElement =>
  within(
    within(details).getByRole('textbox', { name: 'Note' }).closest('.detail-note') as HTMLElement
  ).getByRole('status')
const noteStatusSoon = async (details: HTMLElement): Promise<HTMLElement> => {
  await waitFor(() => expect(noteStatus(details)).not.toHaveTextContent(/^$/))
  return noteStatus(details)
}

async function openDetails(prompt = 'prompt 0'): Promise<{ grid: HTMLElement; details: HTMLElement }> {
  render(<GalleryScreen />)
  const grid = await screen.findByRole('listbox', { name: 'Images' })
  fireEvent.click(await within(grid).findByRole('option', { name: prompt }))
  const details = await screen.findByRole('complementary', { name: 'Image details' })
  await within(details).findByRole('group', { name: 'Stars' })
  return { grid, details }
}

describe('Gallery › stars and notes', () => {
  stubScreenSize(beforeAll, afterAll)
  let backend: Backend | null = null
  afterEach(async () => {
    backend?.off()
    backend = null
    await i18n.changeLanguage('en')
  })

  it('gives stars from the details, shows them on the tile, and takes them off with the lit star', async () => {
    backend = galleryWithMarks()
    const { grid, details } = await openDetails()
    const stars = within(details).getByRole('group', { name: 'Stars' })
    expect(within(stars).getByText('No stars')).toBeInTheDocument()
    expect(within(stars).queryAllByRole('radio', { checked: true })).toEqual([])

    fireEvent.click(within(stars).getByRole('radio', { name: '3 stars' }))
    expect(within(stars).getByRole('radio', { name: '3 stars' })).toBeChecked()
    expect(within(grid).getByRole('option', { name: 'prompt 0, 3 stars' })).toHaveTextContent('★ 3')
    await waitFor(() =>
      expect(sent(backend as Backend, 'gallery.setRating')).toEqual([
        { selection: { kind: 'ids', ids: ['r0'] }, rating: 3 }
      ])
    )

    // The lit star again: no stars, on the tile too.
    fireEvent.click(within(stars).getByRole('radio', { name: '3 stars' }))
    expect(within(stars).queryAllByRole('radio', { checked: true })).toEqual([])
    expect(within(grid).getByRole('option', { name: 'prompt 0' })).not.toHaveTextContent('★')
    await waitFor(() => expect(sent(backend as Backend, 'gallery.setRating').at(-1)?.rating).toBe(0))
  })

  it('moves the stars by keys in the group: arrows, then 0 to take them off, never past five', async () => {
    backend = galleryWithMarks()
    const { details } = await openDetails()
    const stars = within(details).getByRole('group', { name: 'Stars' })
    const first = within(stars).getByRole('radio', { name: '1 star' })
    first.focus()
    fireEvent.keyDown(first, { key: 'ArrowRight' })
    expect(within(stars).getByRole('radio', { name: '1 star' })).toBeChecked()
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' })
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' })
    expect(within(stars).getByRole('radio', { name: '5 stars' })).toBeChecked()
    expect(document.activeElement).toBe(within(stars).getByRole('radio', { name: '5 stars' }))
    fireEvent.keyDown(document.activeElement as Element, { key: '0' })
    expect(within(stars).queryAllByRole('radio', { checked: true })).toEqual([])
    await waitFor(() =>
      expect(sent(backend as Backend, 'gallery.setRating').map((input) => input.rating)).toEqual([1, 5, 0])
    )
    // How to take them off is said to whoever cannot see the hover title.
    expect(stars).toHaveAccessibleDescription(/press 0, to take the stars off/)
  })

  it('rates the tile the keys are on, or the whole selection when that tile is in it, like Lightroom', async () => {
    backend = galleryWithMarks()
    render(<GalleryScreen />)
    const grid = await screen.findByRole('listbox', { name: 'Images' })
    const second = await within(grid).findByRole('option', { name: 'prompt 1' })
    fireEvent.keyDown(second, { key: '4' })
    expect(within(grid).getByRole('option', { name: 'prompt 1, 4 stars' })).toBeInTheDocument()
    expect(await screen.findByText('Gave 1 image 4 stars.')).toBeInTheDocument()

    fireEvent.keyDown(within(grid).getByRole('option', { name: 'prompt 0' }), { key: ' ' })
    fireEvent.keyDown(within(grid).getByRole('option', { name: 'prompt 2' }), { key: ' ' })
    fireEvent.keyDown(within(grid).getByRole('option', { name: 'prompt 2' }), { key: '2' })
    expect(within(grid).getByRole('option', { name: 'prompt 0, 2 stars' })).toBeInTheDocument()
    expect(within(grid).getByRole('option', { name: 'prompt 1, 4 stars' })).toBeInTheDocument()
    expect(await screen.findByText('Gave 2 images 2 stars.')).toBeInTheDocument()
    expect(sent(backend, 'gallery.setRating').at(-1)).toEqual({
      selection: { kind: 'ids', ids: ['r0', 'r2'] },
      rating: 2
    })
    fireEvent.keyDown(within(grid).getByRole('option', { name: 'prompt 0, 2 stars' }), { key: '0' })
    expect(await screen.findByText('Took the stars off 2 images.')).toBeInTheDocument()

    // A digit typed in a text field is the field's, and a chord is someone else's shortcut.
    const search = screen.getByLabelText('Search prompts')
    fireEvent.keyDown(search, { key: '5' })
    fireEvent.keyDown(within(grid).getByRole('option', { name: 'prompt 1, 4 stars' }), {
      key: '5',
      ctrlKey: true
    })
    expect(sent(backend, 'gallery.setRating')).toHaveLength(3)
  })

  it('puts the stars back and says why when the backend refuses them', async () => {
    backend = galleryWithMarks({ rating: true })
    const { grid, details } = await openDetails()
    fireEvent.click(within(details).getByRole('radio', { name: '2 stars' }))
    // Under a loaded full run the refusal's words and the stars put back can land in separate renders, a
    // second apart: each is waited for on its own, with room.
    const patient = { timeout: 5000 }
    expect(
      await screen.findAllByText('That image is no longer in the gallery.', {}, patient)
    ).not.toHaveLength(0)
    await waitFor(
      () => expect(within(details).queryAllByRole('radio', { checked: true })).toEqual([]),
      patient
    )
    expect(within(grid).getByRole('option', { name: 'prompt 0' })).toBeInTheDocument()
  })

  it('saves a note on leaving the field and after a pause in typing, and says it is saved', async () => {
    backend = galleryWithMarks()
    const { details } = await openDetails('prompt 1')
    const note = within(details).getByRole('textbox', { name: 'Note' })
    await waitFor(() => expect(note).toHaveValue('Warmer light.'))
    fireEvent.change(note, { target: { value: 'Warmer light; crop tighter.' } })
    fireEvent.blur(note)
    expect(await noteStatusSoon(details)).toHaveTextContent('Saved')
    expect(sent(backend, 'gallery.setNote')).toEqual([{ id: 'r1', note: 'Warmer light; crop tighter.' }])

    // Typing and stopping: one save, with what was typed last.
    fireEvent.change(note, { target: { value: 'Warmer light; crop' } })
    expect(noteStatus(details)).toBeEmptyDOMElement()
    fireEvent.change(note, { target: { value: 'Warmer light; crop at the horizon.' } })
    await waitFor(() => expect(sent(backend as Backend, 'gallery.setNote')).toHaveLength(2), {
      timeout: 3000
    })
    expect(sent(backend, 'gallery.setNote')[1]).toEqual({
      id: 'r1',
      note: 'Warmer light; crop at the horizon.'
    })
    expect(await within(details).findByText('Saved')).toBeInTheDocument()
    // Leaving the field with nothing new sends nothing.
    fireEvent.blur(note)
    await act(() => Promise.resolve())
    expect(sent(backend, 'gallery.setNote')).toHaveLength(2)
  })

  it('keeps a note that is too long, says by how much, and sends nothing until it fits', async () => {
    backend = galleryWithMarks()
    const { details } = await openDetails()
    const note = within(details).getByRole('textbox', { name: 'Note' })
    fireEvent.change(note, { target: { value: 'x'.repeat(NOTE_MAX - 100) } })
    expect(within(details).getByText('3,900 of 4,000 characters')).toBeInTheDocument()
    fireEvent.change(note, { target: { value: 'x'.repeat(NOTE_MAX + 12) } })
    fireEvent.blur(note)
    expect(note).toHaveAttribute('aria-invalid', 'true')
    expect(note).toHaveAccessibleDescription(
      'A note can be up to 4,000 characters; this one has 4,012. Shorten it and it saves.'
    )
    await act(() => Promise.resolve())
    expect(sent(backend, 'gallery.setNote')).toEqual([])
    fireEvent.change(note, { target: { value: 'x'.repeat(NOTE_MAX) } })
    fireEvent.blur(note)
    await waitFor(() => expect(sent(backend as Backend, 'gallery.setNote')).toHaveLength(1))
    expect(note).not.toHaveAttribute('aria-invalid')
  })

  it('shows why a note could not be saved, and keeps the words typed', async () => {
    backend = galleryWithMarks({ note: true })
    const { details } = await openDetails()
    const note = within(details).getByRole('textbox', { name: 'Note' })
    fireEvent.change(note, { target: { value: 'For the spring campaign.' } })
    fireEvent.blur(note)
    expect(await within(details).findByText('That image is no longer in the gallery.')).toBeInTheDocument()
    expect(note).toHaveValue('For the spring campaign.')
    expect(noteStatus(details)).not.toHaveTextContent('Saved')
  })

  it('saves an unsaved note before the details show another image', async () => {
    backend = galleryWithMarks()
    const { grid, details } = await openDetails()
    fireEvent.change(within(details).getByRole('textbox', { name: 'Note' }), {
      target: { value: 'Hero shot.' }
    })
    fireEvent.click(within(grid).getByRole('option', { name: 'prompt 2' }))
    await waitFor(() =>
      expect(sent(backend as Backend, 'gallery.setNote')).toEqual([{ id: 'r0', note: 'Hero shot.' }])
    )
  })

  it('takes a teammate’s note brought by a sync, unless words typed here are not saved yet', async () => {
    let note = ''
    backend = connect({
      'gallery.get': ({ id }) => detailOf(String(id), { note }),
      // Never answered: the words typed stay unsaved.
      'gallery.setNote': () => new Promise(() => undefined)
    })
    const { details } = await openDetails()
    const field = within(details).getByRole('textbox', { name: 'Note' })
    note = 'from Ben'
    act(() =>
      backend?.emit('team.synced', { locationId: 'loc', outcome: { pushed: 0, pulled: 1, added: 0 } })
    )
    await waitFor(() => expect(field).toHaveValue('from Ben'))

    fireEvent.change(field, { target: { value: 'mine, typing' } })
    note = 'from Ben, second'
    act(() =>
      backend?.emit('team.synced', { locationId: 'loc', outcome: { pushed: 0, pulled: 1, added: 0 } })
    )
    const reads = (): number => backend?.calls.filter((call) => call.name === 'gallery.get').length ?? 0
    await waitFor(() => expect(reads()).toBe(3))
    await act(() => Promise.resolve())
    expect(field).toHaveValue('mine, typing')
  })

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh-CN')
    backend = galleryWithMarks()
    render(<GalleryScreen />)
    const grid = await screen.findByRole('listbox', { name: '图片' })
    fireEvent.click(await within(grid).findByRole('option', { name: 'prompt 0' }))
    const details = await screen.findByRole('complementary', { name: '图片详情' })
    const stars = await within(details).findByRole('group', { name: '星级' })
    fireEvent.click(within(stars).getByRole('radio', { name: '4 星' }))
    expect(within(grid).getByRole('option', { name: 'prompt 0，4 星' })).toBeInTheDocument()
    fireEvent.keyDown(within(grid).getByRole('option', { name: 'prompt 1' }), { key: '5' })
    expect(await screen.findByText('已给 1 张图片评为 5 星。')).toBeInTheDocument()
    const note = within(details).getByRole('textbox', { name: '备注' })
    fireEvent.change(note, { target: { value: '主图' } })
    fireEvent.blur(note)
    expect(await within(details).findByText('已保存')).toBeInTheDocument()
  })

  it('keeps or rejects from the details; the pressed one pressed again takes the mark off', async () => {
    backend = galleryWithMarks()
    const { details } = await openDetails()
    const group = within(details).getByRole('group', { name: 'Keep or reject' })
    const keep = within(group).getByRole('button', { name: 'Keep' })
    const reject = within(group).getByRole('button', { name: 'Reject' })
    expect([keep, reject].map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'false'])
    fireEvent.click(keep)
    expect(keep).toHaveAttribute('aria-pressed', 'true')
    fireEvent.click(reject)
    expect([keep, reject].map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'true'])
    fireEvent.click(reject)
    expect(reject).toHaveAttribute('aria-pressed', 'false')
    await waitFor(() =>
      expect(sent(backend as Backend, 'results.setVerdict')).toEqual([
        { ids: ['r0'], verdict: 'kept' },
        { ids: ['r0'], verdict: 'rejected' },
        { ids: ['r0'], verdict: null }
      ])
    )
  })

  it('puts the mark back and says why when the backend refuses it', async () => {
    backend = galleryWithMarks({ verdict: true })
    const { details } = await openDetails()
    const keep = within(details).getByRole('button', { name: 'Keep' })
    fireEvent.click(keep)
    await waitFor(() => expect(keep).toHaveAttribute('aria-pressed', 'false'))
    expect(await within(details).findByText('That image is no longer in the gallery.')).toBeInTheDocument()
  })
})
