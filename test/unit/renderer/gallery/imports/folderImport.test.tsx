import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { GalleryScreen } from '@renderer/features/gallery/GalleryScreen'
import { followImport, RELOAD_EVERY_MS } from '@renderer/features/gallery/imports/folder'
import { useImportsStore } from '@renderer/features/gallery/imports/store'
import { useGalleryStore } from '@renderer/features/gallery/store'
import { i18n } from '@renderer/i18n'
import type { ImportSkip } from '@shared/schemas/imports'
import { stubScreenSize } from '../fixtures'
import { connect, progressOf, Refusal, type Backend } from './harness'

const FOLDER = '/home/me/Pictures/old'
const tray = (): HTMLElement => screen.getByRole('region', { name: 'Imports' })
// The card names the folder by its own name; the whole path is its title's tooltip.
const card = (): HTMLElement => within(tray()).getByRole('listitem', { name: 'Import of old' })

async function startFolder(folder: string): Promise<void> {
  render(<GalleryScreen />)
  await screen.findByRole('listbox', { name: 'Images' })
  fireEvent.click(screen.getByRole('button', { name: 'Import…' }))
  const dialog = screen.getByRole('dialog', { name: 'Import images' })
  fireEvent.change(within(dialog).getByLabelText('Folder (full path)'), { target: { value: folder } })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Import folder' }))
}

describe('Gallery › importing a folder', () => {
  stubScreenSize(beforeAll, afterAll)
  let backend: Backend | null = null
  afterEach(() => backend?.off())

  it('follows the progress events to the end in the tray, and lists what was skipped and why', async () => {
    backend = connect({ 'gallery.importFolder': () => progressOf() })
    await startFolder(FOLDER)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(backend.calls.find((c) => c.name === 'gallery.importFolder')?.input).toEqual({ folder: FOLDER })

    act(() => backend?.emit('gallery.importProgress', progressOf({ total: 40 })))
    expect(within(card()).getByText('Counting files… 40 found so far')).toBeInTheDocument()
    expect(within(card()).getByText('Import of old')).toHaveAttribute('title', FOLDER)
    const bar = within(card()).getByRole('progressbar', { name: 'Import of old progress' })
    expect(bar).not.toHaveAttribute('aria-valuenow')

    act(() =>
      backend?.emit('gallery.importProgress', progressOf({ total: 120, counted: true, done: 30, added: 28 }))
    )
    expect(within(card()).getByText('30 of 120 files · 28 added')).toBeInTheDocument()
    expect(bar).toHaveAttribute('aria-valuenow', '30')
    expect(bar).toHaveAttribute('aria-valuemax', '120')

    const skippedFiles: ImportSkip[] = [
      { name: 'cat.png', reason: 'duplicate' },
      { name: 'notes/readme.txt', reason: 'notAnImage' },
      { name: 'broken.jpg', reason: 'damaged' }
    ]
    const queriesBefore = backend.calls.filter((c) => c.name === 'gallery.query').length
    act(() =>
      backend?.emit(
        'gallery.importProgress',
        progressOf({
          status: 'succeeded',
          total: 120,
          counted: true,
          done: 120,
          added: 117,
          skipped: 3,
          skippedFiles,
          finishedAt: 2
        })
      )
    )
    expect(within(card()).getByText('Imported 117 images; 3 files skipped.')).toBeInTheDocument()
    expect(within(card()).queryByRole('progressbar')).toBeNull()
    expect(within(card()).getByText('Show the 3 skipped files')).toBeInTheDocument()
    expect(within(card()).getByText('cat.png: already in the gallery')).toBeInTheDocument()
    expect(within(card()).getByText('notes/readme.txt: not a PNG, JPEG or WebP image')).toBeInTheDocument()
    expect(within(card()).getByText('broken.jpg: damaged or cut short')).toBeInTheDocument()
    // The images it brought show in the grid.
    await waitFor(() =>
      expect(backend?.calls.filter((c) => c.name === 'gallery.query').length).toBeGreaterThan(queriesBefore)
    )

    fireEvent.click(within(card()).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('region', { name: 'Imports' })).toBeNull()
  })

  it('counts the skipped files beyond the ones listed by name', async () => {
    backend = connect()
    render(<GalleryScreen />)
    await screen.findByRole('listbox', { name: 'Images' })
    const listed = Array.from({ length: 500 }, (_, i): ImportSkip => ({
      name: `f${i}.png`,
      reason: 'duplicate'
    }))
    act(() =>
      backend?.emit(
        'gallery.importProgress',
        progressOf({
          status: 'succeeded',
          counted: true,
          total: 700,
          done: 700,
          added: 0,
          skipped: 700,
          skippedFiles: listed
        })
      )
    )
    expect(within(card()).getByText('Show the 700 skipped files')).toBeInTheDocument()
    expect(within(card()).getByText('and 200 more')).toBeInTheDocument()
  })

  it('cancels a running import, and says what stays', async () => {
    backend = connect({
      'gallery.importFolder': () => progressOf(),
      'gallery.cancelImport': () => ({ cancelled: true })
    })
    await startFolder(FOLDER)
    act(() =>
      backend?.emit('gallery.importProgress', progressOf({ total: 50, counted: true, done: 10, added: 9 }))
    )
    fireEvent.click(within(card()).getByRole('button', { name: 'Cancel import' }))
    await waitFor(() => expect(backend?.calls.some((c) => c.name === 'gallery.cancelImport')).toBe(true))
    expect(backend.calls.find((c) => c.name === 'gallery.cancelImport')?.input).toEqual({ importId: 'i1' })
    act(() =>
      backend?.emit(
        'gallery.importProgress',
        progressOf({ status: 'cancelled', total: 50, counted: true, done: 12, added: 11, finishedAt: 2 })
      )
    )
    expect(
      within(card()).getByText('Cancelled. 11 images imported before it stopped stay in the gallery.')
    ).toBeInTheDocument()
  })

  it('shows the backend’s words next to the folder field, in the language shown', async () => {
    backend = connect({
      'gallery.importFolder': (input) =>
        new Refusal(
          input.folder === 'Pictures'
            ? {
                code: 'invalid_input',
                message: 'Type the full path of a folder, for example /home/me/Exports.',
                words: { code: 'folderNotAbsolute' }
              }
            : {
                code: 'invalid_input',
                message: 'That folder does not exist. Create it first, or pick another.',
                words: { code: 'folderMissing' }
              }
        )
    })
    await startFolder('Pictures')
    const field = screen.getByLabelText('Folder (full path)')
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Type the full path of a folder/))
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('dialog', { name: 'Import images' })).toBeInTheDocument()

    await act(() => i18n.changeLanguage('zh-CN'))
    fireEvent.change(field, { target: { value: '/nowhere' } })
    fireEvent.click(screen.getByRole('button', { name: '导入文件夹' }))
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('这个文件夹不存在。请先创建它，或换一个文件夹。')
    )
    expect(useImportsStore.getState().folders).toEqual({})
  })

  it('reloads the grid while a folder runs at most every few seconds, and at its end', () => {
    backend = connect()
    const stale = (): boolean => useGalleryStore.getState().stale
    const step = (patch: Parameters<typeof progressOf>[0], at: number): boolean => {
      useGalleryStore.setState({ stale: false })
      followImport(progressOf({ importId: 'reload', counted: true, total: 100, ...patch }), at)
      return stale()
    }
    expect(step({ done: 1, added: 0 }, 0)).toBe(false)
    expect(step({ done: 5, added: 4 }, 10)).toBe(true)
    expect(step({ done: 9, added: 8 }, 10 + RELOAD_EVERY_MS - 1)).toBe(false)
    expect(step({ done: 20, added: 19 }, 10 + RELOAD_EVERY_MS)).toBe(true)
    expect(step({ done: 100, added: 60, status: 'succeeded' }, 10 + RELOAD_EVERY_MS + 1)).toBe(true)
  })

  it('picks a running import up again when the gallery opens (after a reload or an outage)', async () => {
    backend = connect({
      'gallery.imports': () => [progressOf({ importId: 'i9', total: 10, counted: true, done: 4, added: 4 })]
    })
    render(<GalleryScreen />)
    expect(await screen.findByText('4 of 10 files · 4 added')).toBeInTheDocument()
  })
})
