import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DetailPanel } from '@renderer/features/gallery/DetailPanel'
import { remixIntoForm } from '@renderer/features/images/actions'
import { receiveImagesHandoffs } from '@renderer/features/images/handoffs'
import { settingsNoticeText } from '@renderer/features/images/settingsWords'
import { useImagesStore } from '@renderer/features/images/store'
import { i18n } from '@renderer/i18n'
import { emptyDraft, type Draft } from '@renderer/jobs/imageForm/form'
import { useAppStore } from '@renderer/store/app'
import { useProfilesStore } from '@renderer/store/profiles'
import type { FileSettings } from '@shared/schemas/fileSettings'
import type { GalleryDetail } from '@shared/schemas/gallery'
import { job } from '../../../helpers/jobViews'
import { catalog, profile } from '../images/harness'
import { galleryDetail } from './fixtures'
import { connect, type Backend } from './imports/harness'
import { noSettings } from '../../../helpers/provenance'

const settings = (patch: Partial<FileSettings>): FileSettings => ({ ...noSettings('comfyui'), ...patch })

/** The detail of an image the app made: a partner-b job with a seed. */
const made: GalleryDetail = galleryDetail()

/** The same kind of image, brought in from a file (its job row says where it came from). */
const importedOf = (file: string, carried: FileSettings | null): GalleryDetail => ({
  ...made,
  jobId: 'imported-job',
  prompt: carried?.prompt ?? '',
  params: {},
  seed: null,
  model: carried?.model ?? '',
  endpoint: '',
  profileId: '',
  profileName: null,
  billingUnit: null,
  imported: { file, settings: carried }
})

const comfy = settings({
  source: 'comfyui',
  prompt: 'a lighthouse at dusk',
  negativePrompt: 'blurry, low quality',
  model: 'sd_xl_base_1.0.safetensors',
  seed: 123456789,
  width: 832,
  height: 1216,
  steps: 30,
  guidance: 7,
  sampler: 'euler',
  scheduler: 'karras'
})

const partnerBJob = job({
  id: 'job-1',
  endpoint: '/v1/images/partner-b',
  model: 'wan',
  prompt: 'a paper boat',
  request: {
    endpoint: 'partnerB',
    body: { model: 'wan', prompt: 'a paper boat', size: '1536x1024', seed: 42, watermark: true }
  }
})

/** The form before "Use these settings": something else on another endpoint. */
const before = (): Draft => ({
  ...emptyDraft(),
  prompt: 'what was there',
  model: 'seedream-stream',
  endpoint: 'partnerA'
})

/** What Remix makes of the same job from the same form. */
function remixed(): Draft {
  useImagesStore.setState({ draft: before() })
  remixIntoForm(partnerBJob)
  return useImagesStore.getState().draft
}

let backend: Backend | null = null
let offHandoffs = (): void => undefined

function show(detail: GalleryDetail): HTMLElement {
  backend = connect({ 'gallery.get': () => detail, 'jobs.get': () => partnerBJob })
  render(<DetailPanel id={detail.id} />)
  return screen.getByRole('complementary', { name: 'Image details' })
}

describe('Gallery › the details of an imported image, and "Use these settings"', () => {
  beforeEach(() => {
    useProfilesStore.setState({ profiles: [profile], catalogs: { p1: catalog } })
    useImagesStore.setState({ draft: before(), notice: null, viewer: null })
    useAppStore.setState({ screen: 'gallery' })
    offHandoffs = receiveImagesHandoffs()
  })
  afterEach(() => {
    offHandoffs()
    backend?.off()
  })

  it('shows the file it came from, the tool that made it and the settings its file carried', async () => {
    const panel = show(importedOf('old/lighthouse.png', comfy))
    expect(await within(panel).findByRole('heading', { name: 'Made with ComfyUI' })).toBeInTheDocument()
    expect(within(panel).getByText('Imported from old/lighthouse.png')).toBeInTheDocument()
    expect(within(panel).getByText('a lighthouse at dusk')).toBeInTheDocument()
    expect(within(panel).getByText('blurry, low quality')).toBeInTheDocument()
    const value = (term: string): string | null | undefined =>
      within(panel).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
    expect(value('Model')).toBe('sd_xl_base_1.0.safetensors')
    expect(value('Seed')).toBe('123456789')
    expect(value('Steps')).toBe('30')
    expect(value('CFG')).toBe('7')
    expect(value('Sampler')).toBe('euler · karras')
    expect(within(panel).getByText('832 × 1216')).toBeInTheDocument()
    // Not a job this app sent: nothing about a gateway, its usage or the Queue.
    expect(within(panel).queryByRole('button', { name: 'Open in Queue' })).toBeNull()
    expect(within(panel).queryByText('Usage')).toBeNull()
    expect(within(panel).queryByText('Content credentials present')).toBeNull()
  })

  it('says when a file carries no settings, and offers none to use', async () => {
    const panel = show(importedOf('scan.jpg', null))
    expect(await within(panel).findByText('This file carries no settings.')).toBeInTheDocument()
    expect(within(panel).getByText('Imported from scan.jpg')).toBeInTheDocument()
    expect(within(panel).queryByRole('button', { name: 'Use these settings' })).toBeNull()
  })

  it('says when a file carries content credentials, and that the file is left as it is', async () => {
    const panel = show({ ...made, credentials: true })
    expect(await within(panel).findByText('Content credentials present')).toBeInTheDocument()
    expect(
      within(panel).getByText('The file is never changed: its details travel beside it in a sidecar file.')
    ).toBeInTheDocument()
  })

  it('fills the Images form from an image the app made exactly as Remix does, fetching its job', async () => {
    const expected = remixed()
    useImagesStore.setState({ draft: before(), notice: null })
    const panel = show(made)
    fireEvent.click(await within(panel).findByRole('button', { name: 'Use these settings' }))
    await waitFor(() => expect(useAppStore.getState().screen).toBe('images'))
    expect(backend?.calls.find((c) => c.name === 'jobs.get')?.input).toEqual({ id: 'job-1' })
    expect(useImagesStore.getState().draft).toEqual(expected)
    expect(useImagesStore.getState().draft.partnerB).toMatchObject({
      seed: '42',
      width: '1536',
      height: '1024'
    })
    expect(useImagesStore.getState().notice).toEqual({ key: 'remixed', values: { prompt: 'a paper boat' } })
  })

  it('fills the form from a Gateway Studio file exactly as Remix fills it from the job', async () => {
    const expected = remixed()
    useImagesStore.setState({ draft: before(), notice: null })
    const ours = settings({
      source: 'gateway-studio',
      prompt: 'a paper boat',
      model: 'wan',
      endpoint: '/v1/images/partner-b',
      body: { model: 'wan', prompt: 'a paper boat', size: '1536x1024', seed: 42, watermark: true },
      seed: 42,
      width: 1536,
      height: 1024
    })
    const panel = show(importedOf('boat.png', ours))
    expect(
      await within(panel).findByRole('heading', { name: 'Made with Gateway Studio' })
    ).toBeInTheDocument()
    fireEvent.click(within(panel).getByRole('button', { name: 'Use these settings' }))
    expect(useAppStore.getState().screen).toBe('images')
    expect(useImagesStore.getState().draft).toEqual(expected)
    expect(backend?.calls.some((c) => c.name === 'jobs.get')).toBe(false)
  })

  it('keeps the form’s model for a ComfyUI file and takes its prompt and seed, saying what it could not take', async () => {
    const panel = show(importedOf('old/lighthouse.png', comfy))
    fireEvent.click(await within(panel).findByRole('button', { name: 'Use these settings' }))
    expect(useAppStore.getState().screen).toBe('images')
    const { draft, notice } = useImagesStore.getState()
    expect(draft.model).toBe('seedream-stream')
    expect(draft.endpoint).toBe('partnerA')
    expect(draft.prompt).toBe('a lighthouse at dusk')
    expect(draft.partnerA.seed).toBe('123456789')
    expect(notice && 'settings' in notice ? settingsNoticeText(i18n.t, notice.settings) : null).toBe(
      'Prompt, seed, size and CFG taken from a ComfyUI image. Its model, sd_xl_base_1.0.safetensors, is not one of this gateway’s. This endpoint has no field for its negative prompt, steps and sampler.'
    )
  })
})
