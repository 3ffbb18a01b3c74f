import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { initialVideoState, useVideoStore } from '@renderer/features/video/store'
import { VideoScreen } from '@renderer/features/video/VideoScreen'
import { connect, resetStores, runningVideo } from '../queue/fixtures'
import { preset, presetBackend, style } from '../jobs/presets/fakePresets'

const catalog = {
  profileId: 'demo',
  fetchedAt: 1,
  models: [
    {
      id: 'seedance-video',
      ownedBy: null,
      supportedEndpoints: ['/v1/videos/generations'],
      billingUnit: 'token'
    },
    { id: 'kling-video', ownedBy: null, supportedEndpoints: ['/v1/videos/generations'], billingUnit: 'token' }
  ]
}
const FRAME = { type: 'url', url: 'https://x/frame.png' } as const

/** The Video screen with a first frame chosen, over a backend with a Video preset and two styles. */
async function openVideo() {
  const store = presetBackend({
    presets: [
      preset('video', 'Harbour', {
        prompt: 'a harbour at dawn',
        model: 'kling-video',
        duration: '8',
        width: '1280',
        height: '720',
        resolution: '1080p',
        watermark: 'off',
        style: 'Film'
      })
    ],
    styles: [style('Film', 'cinematic shot of', ', anamorphic'), style('Ink', 'ink animation of')]
  })
  const submitted: unknown[] = []
  connect({
    ...store.handlers,
    'models.list': () => catalog,
    'jobs.list': () => [],
    'jobs.submit': (input) => {
      submitted.push(input)
      return runningVideo({ id: 'new', status: 'pending' })
    }
  })
  useVideoStore.setState({ draft: { ...initialVideoState.draft, firstFrame: FRAME } })
  render(<VideoScreen />)
  const form = screen.getByRole('form', { name: 'New video' })
  await waitFor(() =>
    expect(within(form).getByRole('combobox', { name: 'Model' })).toHaveValue('seedance-video')
  )
  await waitFor(() => expect(options(form, 'Style')).toEqual(['No style', 'Film', 'Ink']))
  return { ...store, form, submitted }
}

const options = (form: HTMLElement, name: string): (string | null)[] =>
  within(within(form).getByRole('combobox', { name }))
    .getAllByRole('option')
    .map((option) => option.textContent)

describe('presets and styles on the Video screen', () => {
  beforeEach(() => {
    resetStores()
    useVideoStore.setState(initialVideoState)
  })

  it('lists the Video presets above the prompt, in labelled selects the keyboard reaches', async () => {
    const { form, listed } = await openVideo()
    expect(listed).toEqual(['video'])
    expect(options(form, 'Preset')).toEqual(['Choose a preset…', 'Harbour'])
    const preset = within(form).getByRole('combobox', { name: 'Preset' })
    expect(
      preset.compareDocumentPosition(within(form).getByLabelText('Prompt')) & Node.DOCUMENT_POSITION_FOLLOWING
    ).toBeTruthy()
    for (const select of [preset, within(form).getByRole('combobox', { name: 'Style' })]) {
      select.focus()
      expect(select).toHaveFocus()
    }
  })

  it('applies a preset (prompt, model, fields, style), keeps the first frame, and sends the styled prompt', async () => {
    const { form, submitted } = await openVideo()
    fireEvent.change(within(form).getByRole('combobox', { name: 'Preset' }), {
      target: { value: 'video-Harbour' }
    })
    expect(within(form).getByLabelText('Prompt')).toHaveValue('a harbour at dawn')
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Model' })).toHaveValue('kling-video')
    )
    expect(within(form).getByLabelText('Duration (seconds)')).toHaveValue(8)
    expect(within(form).getByRole('combobox', { name: 'Style' })).toHaveValue('Film')
    expect(within(form).getByText('Preset “Harbour” applied.')).toHaveAttribute('role', 'status')
    expect(
      within(form).getByText('Sends: “cinematic shot of a harbour at dawn, anamorphic”')
    ).toBeInTheDocument()

    fireEvent.change(within(form).getByRole('combobox', { name: 'Style' }), { target: { value: 'Ink' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Generate video' }))
    await waitFor(() => expect(submitted).toHaveLength(1))
    expect(submitted[0]).toEqual({
      request: {
        endpoint: 'videos',
        body: {
          model: 'kling-video',
          prompt: 'ink animation of a harbour at dawn',
          duration: 8,
          size: '1280x720',
          extra: { resolution: '1080p', watermark: false }
        },
        firstFrame: { url: FRAME.url }
      }
    })
  })

  it('saves the form without its first frame', async () => {
    const { form, saved } = await openVideo()
    fireEvent.change(within(form).getByLabelText('Prompt'), { target: { value: 'rain on a window' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save as preset…' }))
    fireEvent.change(within(form).getByRole('textbox', { name: 'Preset name' }), {
      target: { value: 'Rain' }
    })
    fireEvent.click(within(form).getByRole('button', { name: 'Save preset' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]?.screen).toBe('video')
    expect(saved[0]?.payload).toMatchObject({ prompt: 'rain on a window', duration: '5' })
    expect(saved[0]?.payload).not.toHaveProperty('firstFrame')
    expect(await within(form).findByText('Saved as the preset “Rain”.')).toHaveAttribute('role', 'status')
  })
})
