import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { GalleryScreen } from '@renderer/features/gallery/GalleryScreen'
import { useGalleryStore } from '@renderer/features/gallery/store'
import type { ImportReport } from '@shared/schemas/imports'
import { IMPORT_MAX_BYTES } from '@shared/schemas/library'
import { stubScreenSize } from '../fixtures'
import { connect, deferred, fileOf, Refusal, type Backend } from './harness'

type Sent = { files: { name: string; data: string | null }[] }

/** The backend's verdict on a call: names with "dup" are in the gallery already, "notes" are not images. */
function judge({ files }: Sent): ImportReport {
  const report: ImportReport = { added: [], skipped: [] }
  for (const file of files) {
    if (file.data === null) report.skipped.push({ name: file.name, reason: 'tooLarge' })
    else if (file.name.includes('dup')) report.skipped.push({ name: file.name, reason: 'duplicate' })
    else if (file.name.includes('notes')) report.skipped.push({ name: file.name, reason: 'notAnImage' })
    else report.added.push(`new-${file.name}`)
  }
  return report
}

const sentOf = (backend: Backend): Sent[] =>
  backend.calls.filter((call) => call.name === 'gallery.importFiles').map((call) => call.input as Sent)

const queries = (backend: Backend): number => backend.calls.filter((c) => c.name === 'gallery.query').length

async function openGallery(): Promise<HTMLElement> {
  render(<GalleryScreen />)
  return screen.findByRole('listbox', { name: 'Images' })
}

describe('Gallery › importing images picked, dropped or pasted', () => {
  stubScreenSize(beforeAll, afterAll)
  let backend: Backend | null = null
  afterEach(() => backend?.off())

  it('sends picked files 20 at a time, one call after another, and reports every skipped file with why', async () => {
    const first = deferred<ImportReport>()
    let call = 0
    backend = connect({
      'gallery.importFiles': (input) => {
        call += 1
        return call === 1 ? first.promise.then(() => judge(input as Sent)) : judge(input as Sent)
      }
    })
    await openGallery()
    fireEvent.click(screen.getByRole('button', { name: 'Import…' }))
    const dialog = screen.getByRole('dialog', { name: 'Import images' })
    const files = [
      ...Array.from({ length: 22 }, (_, i) => fileOf(`photo-${i}.png`)),
      fileOf('dup-cat.png'),
      fileOf('notes.png'),
      fileOf('poster.png')
    ]
    fireEvent.change(within(dialog).getByLabelText('Choose images…'), { target: { files } })
    expect(screen.queryByRole('dialog')).toBeNull()

    // The first call holds 20 files and the next waits for its answer.
    await waitFor(() => expect(sentOf(backend as Backend).map((sent) => sent.files.length)).toEqual([20]))
    expect(screen.getByText('Importing 20 of 25…')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Importing images' })).toBeInTheDocument()
    const before = queries(backend)
    await act(async () => {
      first.resolve({ added: [], skipped: [] })
      await first.promise
    })

    const notice = await screen.findByText('23 imported, 2 skipped.')
    expect(sentOf(backend).map((sent) => sent.files.length)).toEqual([20, 5])
    expect(sentOf(backend)[1]?.files.map((file) => file.name)).toEqual([
      'photo-20.png',
      'photo-21.png',
      'dup-cat.png',
      'notes.png',
      'poster.png'
    ])
    // The bytes travel as base64.
    expect(sentOf(backend)[0]?.files[0]?.data).toBe(
      Buffer.from(Uint8Array.from({ length: 16 }, (_, i) => i)).toString('base64')
    )
    const box = notice.closest('.gallery-notice') as HTMLElement
    expect(within(box).getByText('dup-cat.png: already in the gallery')).toBeInTheDocument()
    expect(within(box).getByText('notes.png: not a PNG, JPEG or WebP image')).toBeInTheDocument()
    expect(screen.queryByText(/Importing/)).toBeNull()
    // The new images are the newest: the grid is asked for its first page again.
    await waitFor(() => expect(queries(backend as Backend)).toBeGreaterThan(before))
  })

  it('sends a file over 48 MB by its name only, and says it was too large', async () => {
    backend = connect({ 'gallery.importFiles': (input) => judge(input as Sent) })
    await openGallery()
    const huge = fileOf('huge.png')
    Object.defineProperty(huge, 'size', { value: IMPORT_MAX_BYTES + 1 })
    fireEvent.click(screen.getByRole('button', { name: 'Import…' }))
    fireEvent.change(screen.getByLabelText('Choose images…'), { target: { files: [huge, fileOf('ok.png')] } })
    expect(await screen.findByText('1 imported, 1 skipped.')).toBeInTheDocument()
    expect(sentOf(backend)[0]?.files[0]).toEqual({ name: 'huge.png', data: null })
    expect(screen.getByText('huge.png: over 48 MB')).toBeInTheDocument()
  })

  it('imports images dropped on the gallery', async () => {
    backend = connect({ 'gallery.importFiles': (input) => judge(input as Sent) })
    const grid = await openGallery()
    const dataTransfer = { files: [fileOf('a.png'), fileOf('b.webp', 16, 'image/webp')], types: ['Files'] }
    fireEvent.dragOver(grid, { dataTransfer })
    expect(screen.getByText('Drop images to import them')).toBeInTheDocument()
    fireEvent.drop(grid, { dataTransfer })
    expect(await screen.findByText('2 images imported.')).toBeInTheDocument()
    expect(sentOf(backend)[0]?.files.map((file) => file.name)).toEqual(['a.png', 'b.webp'])
    expect(screen.queryByText('Drop images to import them')).toBeNull()
  })

  it('imports an image pasted on the gallery, but leaves a paste into a text field alone', async () => {
    backend = connect({ 'gallery.importFiles': (input) => judge(input as Sent) })
    await openGallery()
    const paste = (target: EventTarget): void => {
      const event = new Event('paste', { bubbles: true, cancelable: true })
      Object.defineProperty(event, 'clipboardData', {
        value: { files: [fileOf('image.png')], types: ['Files'] }
      })
      act(() => {
        target.dispatchEvent(event)
      })
    }
    const search = screen.getByRole('searchbox', { name: 'Search prompts' })
    search.focus()
    paste(search)
    expect(sentOf(backend)).toEqual([])

    search.blur()
    paste(document.body)
    expect(await screen.findByText('1 image imported.')).toBeInTheDocument()
    expect(sentOf(backend)[0]?.files.map((file) => file.name)).toEqual(['image.png'])
  })

  it('says what came in before a call failed, and why it stopped', async () => {
    let call = 0
    backend = connect({
      'gallery.importFiles': (input) => {
        call += 1
        if (call === 2)
          return new Refusal({ code: 'transport', message: 'The connection to the app was lost.' })
        return judge(input as Sent)
      }
    })
    await openGallery()
    fireEvent.click(screen.getByRole('button', { name: 'Import…' }))
    const files = Array.from({ length: 23 }, (_, i) => fileOf(`p${i}.png`))
    fireEvent.change(screen.getByLabelText('Choose images…'), { target: { files } })
    expect(await screen.findByText('20 images imported. 3 files were not sent.')).toBeInTheDocument()
    expect(screen.getByText('The connection to the app was lost.')).toBeInTheDocument()
    expect(useGalleryStore.getState().notice).toMatchObject({ type: 'imported', added: 20, notSent: 3 })
  })
})
