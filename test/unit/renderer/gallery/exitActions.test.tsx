import { act, createEvent, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { DetailPanel } from '@renderer/features/gallery/DetailPanel'
import { GalleryScreen } from '@renderer/features/gallery/GalleryScreen'
import { i18n } from '@renderer/i18n'
import type { ExitFile, GalleryDetail } from '@shared/schemas/gallery'
import { stubScreenSize } from './fixtures'
import { galleryDetail } from './fixtures'
import { connect, type Backend } from './imports/harness'

/** An image the app made: a partner-b job with a seed. */
const made = (id: string): GalleryDetail =>
  galleryDetail({
    id,
    jobId: `job-of-${id}`,
    mediaId: '7'.repeat(32),
    mime: 'image/jpeg',
    prompt: 'a paper boat on a still pond',
    params: { model: 'wan', prompt: 'a paper boat on a still pond', size: '1536x1024', seed: 42 },
    profileName: 'Team gateway',
    createdAt: Date.UTC(2025, 4, 1, 9, 30)
  })

const imageFile = (id: string): ExitFile => ({
  fileName: `a paper boat on a still pond-${id.slice(0, 8)}.jpg`,
  mime: 'image/jpeg',
  sidecar: false
})

/** What the page put on the clipboard: each item's types, resolved. */
interface Written {
  types: Record<string, Blob>
}

let backend: Backend | null = null
const written: Written[] = []
const write = vi.fn(async (items: { parts: Record<string, Blob | Promise<Blob>> }[]) => {
  for (const item of items) {
    const types: Record<string, Blob> = {}
    for (const [type, part] of Object.entries(item.parts)) types[type] = await part
    written.push({ types })
  }
})
const drawn: string[] = []

/**
 * The details of `detail`, whose file leaves as `file`: said by `gallery.get` itself, which reads the file
 * once. `gallery.exitFile` answers too, so a panel that still asked it would be seen doing so.
 */
function show(detail: GalleryDetail, file: ExitFile | null, label = 'Image details'): HTMLElement {
  backend = connect({ 'gallery.get': () => ({ ...detail, exit: file }), 'gallery.exitFile': () => file })
  render(<DetailPanel id={detail.id} />)
  return screen.getByRole('complementary', { name: label })
}

/** The commands the panel sent that read the image's file: `gallery.get` once, nothing else. */
const fileReads = (): string[] =>
  (backend?.calls ?? [])
    .map((call) => call.name)
    .filter((name) => name === 'gallery.get' || name === 'gallery.exitFile')

/** Starts dragging `source`, and answers what the page put in the drag. */
function dragStart(source: HTMLElement): { data: Map<string, string>; effectAllowed: string } {
  const data = new Map<string, string>()
  const event = createEvent.dragStart(source, {
    dataTransfer: { setData: (type: string, value: string) => void data.set(type, value) }
  })
  fireEvent(source, event)
  return { data, effectAllowed: (event as DragEvent).dataTransfer?.effectAllowed ?? '' }
}

describe('Gallery › Save as…, drag-out and Copy image (issue 26)', () => {
  beforeAll(() => {
    // What the browser gives a page: an async clipboard, ClipboardItem, image decoding and a canvas.
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { write } })
    vi.stubGlobal(
      'ClipboardItem',
      class {
        constructor(readonly parts: Record<string, Blob | Promise<Blob>>) {}
      }
    )
    vi.spyOn(HTMLImageElement.prototype, 'decode').mockImplementation(function (this: HTMLImageElement) {
      drawn.push(`${this.crossOrigin ?? ''} ${this.src}`)
      return Promise.resolve()
    })
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      () => ({ drawImage: vi.fn() }) as unknown as CanvasRenderingContext2D
    )
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done, type) =>
      done(new Blob(['pixels'], { type: type ?? 'image/png' }))
    )
  })
  afterAll(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })
  beforeEach(() => {
    written.length = 0
    drawn.length = 0
    write.mockClear()
  })
  afterEach(() => backend?.off())

  it('offers Save as… as a link to the image’s copy, named as the backend names it', async () => {
    const panel = show(made('5e6f7a8b-save'), imageFile('5e6f7a8b-save'))
    const link = await within(panel).findByRole('link', { name: 'Save as…' })
    expect(link).toHaveAttribute('href', '/copies/5e6f7a8b-save')
    await waitFor(() => expect(link).toHaveAttribute('download', 'a paper boat on a still pond-5e6f7a8b.jpg'))
    expect(link).toHaveAccessibleDescription(
      'Saves a copy with its prompt and settings written into the file.'
    )
    // One opening, one read of the file: the name came with the details.
    expect(fileReads()).toEqual(['gallery.get'])
  })

  it('names nothing to save or drag when the library no longer has the file, and does not ask again', async () => {
    const panel = show(made('6a6a6a6a-gone'), null)
    const link = await within(panel).findByRole('link', { name: 'Save as…' })
    expect(link).toHaveAttribute('download', '')
    const { data } = dragStart(within(panel).getByRole('img').parentElement as HTMLElement)
    expect(data.size).toBe(0)
    expect(fileReads()).toEqual(['gallery.get'])
  })

  it('says before saving that a file with content credentials leaves untouched, in a zip with its story', async () => {
    const panel = show(
      { ...made('9a9a9a9a-signed'), credentials: true },
      { fileName: 'a paper boat on a still pond-9a9a9a9a.zip', mime: 'application/zip', sidecar: true }
    )
    const link = await within(panel).findByRole('link', { name: 'Save as…' })
    await waitFor(() => expect(link).toHaveAttribute('download', 'a paper boat on a still pond-9a9a9a9a.zip'))
    expect(link).toHaveAccessibleDescription(
      'This file carries content credentials, so it is never changed: it is saved as a .zip holding the untouched file and, beside it, its prompt and settings.'
    )
    expect(fileReads()).toEqual(['gallery.get'])
  })

  it('copies the picture as a PNG and, as text, its prompt and settings, in one clipboard item', async () => {
    const panel = show(made('1c1c1c1c-copy'), imageFile('1c1c1c1c-copy'))
    const button = await within(panel).findByRole('button', { name: 'Copy image' })
    expect(button).toHaveAccessibleDescription('Copies the image and, as text, its prompt and settings.')
    fireEvent.click(button)
    // The write starts in the click itself, before the picture is drawn.
    expect(write).toHaveBeenCalledTimes(1)
    expect(
      await within(panel).findByText('Copied the image and, as text, its prompt and settings.')
    ).toBeVisible()
    expect(written).toHaveLength(1)
    const types = written[0]?.types ?? {}
    expect(Object.keys(types).sort()).toEqual(['image/png', 'text/plain'])
    expect(types['image/png']?.type).toBe('image/png')
    // The full image (not its thumbnail), read for CORS so its pixels may be drawn.
    expect(drawn).toEqual([`anonymous ${window.location.origin}/media/${'7'.repeat(32)}`])
    const text = await types['text/plain']?.text()
    expect(text?.split('\n')).toEqual([
      'a paper boat on a still pond',
      '',
      'Model: wan',
      'Endpoint: Single image',
      'Gateway: Team gateway',
      'Size: 1536 × 1024',
      'Seed: 42',
      'All parameters: {"size":"1536x1024","seed":42}',
      expect.stringMatching(/^Created: May 1, 2025/),
      'Job: job-of-1c1c1c1c-copy',
      '',
      'Made with Gateway Studio'
    ])
  })

  it('says so when the clipboard refuses, and points to Save as…', async () => {
    write.mockRejectedValueOnce(new DOMException('Write permission denied.', 'NotAllowedError'))
    const panel = show(made('2d2d2d2d-refused'), imageFile('2d2d2d2d-refused'))
    fireEvent.click(await within(panel).findByRole('button', { name: 'Copy image' }))
    expect(
      await within(panel).findByText('The image could not be copied here. Save it with Save as… instead.')
    ).toBeVisible()
  })

  it('words the copied text in Chinese for a Chinese reader', async () => {
    await act(() => i18n.changeLanguage('zh-CN'))
    const panel = show(made('3e3e3e3e-zh'), imageFile('3e3e3e3e-zh'), '图片详情')
    fireEvent.click(await within(panel).findByRole('button', { name: '复制图片' }))
    await within(panel).findByText('已复制图片，提示词和设置也以文字形式一起复制了。')
    const text = (await written[0]?.types['text/plain']?.text()) ?? ''
    expect(text).toContain('模型：wan')
    expect(text).toContain('随机种子：42')
    expect(text.endsWith('由 Gateway Studio 生成')).toBe(true)
  })

  it('drags the details image out as its copy: type, name and address for a drop on the desktop', async () => {
    const panel = show(made('4f4f4f4f-drag'), imageFile('4f4f4f4f-drag'))
    const link = await within(panel).findByRole('link', { name: 'Save as…' })
    await waitFor(() => expect(link).toHaveAttribute('download', 'a paper boat on a still pond-4f4f4f4f.jpg'))
    const image = within(panel).getByRole('img')
    // The image is not dragged itself: the browser would add its own file, without the story.
    expect(image).toHaveAttribute('draggable', 'false')
    const source = image.parentElement as HTMLElement
    expect(source).toHaveAttribute('draggable', 'true')
    const { data, effectAllowed } = dragStart(source)
    expect(Object.fromEntries(data)).toEqual({
      DownloadURL: `image/jpeg:a paper boat on a still pond-4f4f4f4f.jpg:${window.location.origin}/copies/4f4f4f4f-drag`
    })
    expect(effectAllowed).toBe('copy')
    expect(fileReads()).toEqual(['gallery.get'])
  })
})

describe('Gallery › a tile dragged out of the window', () => {
  stubScreenSize(beforeAll, afterAll)
  afterEach(() => backend?.off())

  it('asks its file’s name as the pointer goes down, and drags its copy; a click still selects', async () => {
    backend = connect({
      'gallery.exitFile': (input) => ({
        fileName: `prompt ${String(input.id).slice(1)}-${String(input.id)}.png`,
        mime: 'image/png',
        sidecar: false
      })
    })
    render(<GalleryScreen />)
    const tile = await screen.findByRole('option', { name: 'prompt 1' })
    expect(tile).toHaveAttribute('draggable', 'true')
    fireEvent.pointerDown(tile)
    await waitFor(() =>
      expect(backend?.calls.filter((call) => call.name === 'gallery.exitFile')).toEqual([
        { name: 'gallery.exitFile', input: { id: 'r1' } }
      ])
    )
    const { data } = dragStart(tile)
    expect(data.get('DownloadURL')).toBe(`image/png:prompt 1-r1.png:${window.location.origin}/copies/r1`)
    // Nothing a drop on the gallery would take for files to import.
    expect([...data.keys()]).toEqual(['DownloadURL'])
    fireEvent.click(tile)
    expect(tile).toHaveAttribute('aria-selected', 'true')
  })
})
