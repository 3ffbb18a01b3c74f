import { fireEvent, render, screen, within } from '@testing-library/react'
import { useState, type ReactElement } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { GalleryDetail, GalleryItem } from '@shared/schemas/gallery'
import { GalleryStage, neighboursOf } from '@renderer/media/GalleryStage'
import { fakeBackend } from '../images/harness'

const item = (n: number, width = 2048, height = 1152): GalleryItem => ({
  id: `i${n}`,
  jobId: `j${n}`,
  mediaId: `${'a'.repeat(31)}${n}`,
  width,
  height,
  model: 'studio-image-v3',
  prompt: `prompt ${n}`,
  favorite: false,
  rating: 0,
  createdAt: 1_700_000_000_000 + n
})

const ITEMS = [item(0), item(1, 1024, 1024), item(2, 1152, 2048)]

function Harness({ start = 'i0' }: { start?: string }): ReactElement | null {
  const [current, setCurrent] = useState<string | null>(start)
  if (current === null) return <p>closed</p>
  return (
    <GalleryStage
      neighbours={ITEMS}
      currentId={current}
      onNavigate={setCurrent}
      onClose={() => setCurrent(null)}
    />
  )
}

describe('the stage', () => {
  beforeEach(() => {
    fakeBackend()
  })

  it('pages with ← and →, marks the shown image in the filmstrip, and closes with Escape', () => {
    render(<Harness />)
    const stage = screen.getByRole('dialog', { name: 'Image 1 of 3' })
    const strip = within(stage).getByRole('list', { name: 'Neighbouring images' })
    expect(within(strip).getByRole('button', { name: 'Image 1 of 3' })).toHaveAttribute(
      'aria-current',
      'true'
    )
    // Each thumbnail is as wide as its image's shape: 16:9, 1:1, 9:16 at one height.
    const widths = within(strip)
      .getAllByRole('button')
      .map((button) => parseFloat(button.style.width))
    expect(widths).toEqual([100, 56, 32])
    fireEvent.keyDown(stage, { key: 'ArrowRight' })
    expect(screen.getByRole('dialog', { name: 'Image 2 of 3' })).toBeInTheDocument()
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowLeft' })
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowLeft' })
    expect(screen.getByRole('dialog', { name: 'Image 1 of 3' })).toBeInTheDocument()
    fireEvent.click(within(strip).getByRole('button', { name: 'Image 3 of 3' }))
    expect(screen.getByRole('dialog', { name: 'Image 3 of 3' })).toBeInTheDocument()
    // Escape: the browser sends the dialog `cancel`.
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }))
    expect(screen.getByText('closed')).toBeInTheDocument()
  })

  it('switches between fit and 1:1 with Z, 1 and 0; at 1:1 the arrows pan instead of paging', () => {
    render(<Harness />)
    const stage = screen.getByRole('dialog', { name: 'Image 1 of 3' })
    const fit = within(stage).getByRole('button', { name: 'Fit to the window' })
    const actual = within(stage).getByRole('button', { name: 'Show at actual size (1:1)' })
    expect(fit).toHaveAttribute('aria-pressed', 'true')
    fireEvent.keyDown(stage, { key: 'z' })
    expect(actual).toHaveAttribute('aria-pressed', 'true')
    fireEvent.keyDown(stage, { key: 'ArrowRight' })
    expect(screen.getByRole('dialog', { name: 'Image 1 of 3' })).toBeInTheDocument()
    fireEvent.keyDown(stage, { key: '0' })
    expect(fit).toHaveAttribute('aria-pressed', 'true')
    fireEvent.keyDown(stage, { key: '1' })
    expect(actual).toHaveAttribute('aria-pressed', 'true')
    fireEvent.click(fit)
    fireEvent.keyDown(stage, { key: 'ArrowRight' })
    expect(screen.getByRole('dialog', { name: 'Image 2 of 3' })).toBeInTheDocument()
  })

  it('holds the loaded neighbours either side of the shown image, in grid order', () => {
    const loaded = new Map([0, 1, 3, 60].map((n) => [n, item(n)]))
    const around = neighboursOf((i) => loaded.get(i), 2, 100)
    expect(around.map((x) => x.id)).toEqual(['i0', 'i1', 'i3'])
  })
})

const detailOf = (n: number, patch: Partial<GalleryDetail> = {}): GalleryDetail => ({
  id: `i${n}`,
  jobId: `j${n}`,
  jobStatus: 'succeeded',
  jobKind: 'image',
  mediaId: `${'a'.repeat(31)}${n}`,
  mime: 'image/png',
  width: 2048,
  height: 1152,
  bytes: 1000,
  sizeLabel: '2048x1152',
  prompt: `prompt ${n}`,
  revisedPrompt: null,
  params: { model: 'studio-image-v3', prompt: `prompt ${n}`, size: '2048x1152', quality: 'high', n: 3 },
  seed: null,
  model: 'studio-image-v3',
  endpoint: '/v3/images/generations',
  profileId: 'p1',
  profileName: 'Demo gateway',
  usage: { total_tokens: 783 },
  imageUsage: null,
  billingUnit: 'token',
  imagesInJob: 3,
  favorite: false,
  rating: 0,
  note: '',
  verdict: null,
  createdAt: 1_700_000_000_000,
  fromAddress: false,
  ...patch
})

describe('the Gallery stage beside its image', () => {
  it('shows the job’s parameters, its usage once as the job’s, and the billing unit; per image when reported so', async () => {
    const details: Record<string, GalleryDetail> = {
      i0: detailOf(0),
      i1: detailOf(1, { imageUsage: { generated_images: 1 }, billingUnit: 'image', imagesInJob: 2 })
    }
    fakeBackend({ 'gallery.get': (input) => details[(input as { id: string }).id] })
    render(<Harness />)
    // Until the record comes the tile's prompt stands alone; then the job's parameters join it.
    expect(await screen.findByText('quality')).toBeInTheDocument()
    const job = screen.getByRole('region', { name: 'This job' })
    expect(within(job).getByText('2048x1152')).toBeInTheDocument()
    // The record brings the file's format and weight to the size line, as on the Images stage.
    expect(screen.getByText('2048×1152 · PNG · 1 KB')).toBeInTheDocument()
    // The group's 783 tokens are the job's: said as such, not as this image's cost.
    expect(
      within(job).getByText('783 tokens for the whole job of 3 images, not per image · billed per token')
    ).toBeInTheDocument()
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowRight' })
    expect(await screen.findByText('1 image · billed per image')).toBeInTheDocument()
    const next = screen.getByRole('region', { name: 'This job' })
    expect(within(next).queryByText(/whole job/)).toBeNull()
  })
})
