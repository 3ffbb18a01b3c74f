import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { JobRequest } from '@shared/schemas/jobs'
import { ImagesScreen } from '@renderer/features/images/ImagesScreen'
import { useImagesStore } from '@renderer/features/images/store'
import { fakeBackend, jobView, resetImagesScreen } from '../../images/harness'
import { preset, presetBackend, style } from './fakePresets'

const FILM = style('Film', 'cinematic still of', ', 35mm grain')

/** The Images screen over a backend with these presets and the Film style; what it submitted, in order. */
async function openImages(
  presets = [
    preset('images', 'Fox', { prompt: 'a red fox', model: 'compat', endpoint: 'imagesV1', style: 'Film' })
  ]
) {
  const store = presetBackend({ presets, styles: [FILM] })
  const submitted: JobRequest[] = []
  const backend = fakeBackend({
    ...store.handlers,
    'jobs.submit': (input) => {
      const { request } = input as { request: JobRequest }
      submitted.push(request)
      return jobView({ id: `job-${submitted.length}`, request, status: 'pending' })
    }
  })
  render(<ImagesScreen />)
  await waitFor(() => expect(screen.getByLabelText('Model')).toHaveValue('gpt-image'))
  await waitFor(() => expect(options('Style')).toEqual(['No style', 'Film']))
  return { ...store, submitted, calls: backend.calls }
}

const options = (name: string): (string | null)[] =>
  within(screen.getByRole('combobox', { name }))
    .getAllByRole('option')
    .map((option) => option.textContent)

describe('the preset bar (on the Images screen, where it began)', () => {
  beforeEach(() => {
    resetImagesScreen()
    useImagesStore.setState({ style: null })
  })

  it('is two labelled selects the keyboard reaches, listing this screen’s presets and every style', async () => {
    const { listed } = await openImages()
    expect(listed).toEqual(['images'])
    expect(options('Preset')).toEqual(['Choose a preset…', 'Fox'])
    for (const name of ['Preset', 'Style']) {
      const select = screen.getByRole('combobox', { name })
      expect(select.tagName).toBe('SELECT')
      expect(select).toBeEnabled()
      select.focus()
      expect(select).toHaveFocus()
    }
  })

  it('applies a preset (prompt, model, endpoint, style) and sends the prompt with the style around it', async () => {
    const { submitted } = await openImages()
    fireEvent.change(screen.getByRole('combobox', { name: 'Preset' }), { target: { value: 'images-Fox' } })
    await waitFor(() => expect(screen.getByLabelText('Model')).toHaveValue('compat'))
    expect(screen.getByLabelText('Prompt')).toHaveValue('a red fox')
    expect(screen.getByRole('combobox', { name: 'Style' })).toHaveValue('Film')
    expect(screen.getByRole('status')).toHaveTextContent('Preset “Fox” applied.')
    // Shown as it will be sent, before anything is.
    expect(screen.getByText('Sends: “cinematic still of a red fox, 35mm grain”')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
    await waitFor(() => expect(submitted).toHaveLength(1))
    expect(submitted[0]?.body).toMatchObject({
      model: 'compat',
      prompt: 'cinematic still of a red fox, 35mm grain'
    })

    // No style: the prompt as written.
    fireEvent.change(screen.getByRole('combobox', { name: 'Style' }), { target: { value: '' } })
    expect(screen.queryByText(/^Sends:/)).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
    await waitFor(() => expect(submitted).toHaveLength(2))
    expect(submitted[1]?.body.prompt).toBe('a red fox')
  })

  it('says a preset that no longer reads, and changes nothing', async () => {
    await openImages([preset('images', 'Broken', { prompt: 42 })])
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'kept as typed' } })
    fireEvent.change(screen.getByRole('combobox', { name: 'Preset' }), { target: { value: 'images-Broken' } })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The preset “Broken” no longer reads; save it again.'
    )
    expect(screen.getByLabelText('Prompt')).toHaveValue('kept as typed')
    expect(screen.getByLabelText('Model')).toHaveValue('gpt-image')
  })

  it('saves the form under a name, asks before replacing one that exists, and deletes', async () => {
    const store = await openImages()
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'a grey heron' } })
    fireEvent.change(screen.getByRole('combobox', { name: 'Style' }), { target: { value: 'Film' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save as preset…' }))
    const group = screen.getByRole('group', { name: 'Save as preset' })
    fireEvent.change(within(group).getByRole('textbox', { name: 'Preset name' }), {
      target: { value: 'fox' }
    })
    fireEvent.click(within(group).getByRole('button', { name: 'Save preset' }))
    // "fox" is "Fox" regardless of case: saved only once asked to replace it.
    fireEvent.click(await within(group).findByRole('button', { name: 'Replace it' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved as the preset “fox”.'))
    expect(store.saved.map((s) => [s.screen, s.name, s.replace])).toEqual([
      ['images', 'fox', false],
      ['images', 'fox', true]
    ])
    expect(store.saved[1]?.payload).toMatchObject({
      prompt: 'a grey heron',
      model: 'gpt-image',
      endpoint: 'imagesV3',
      style: 'Film'
    })
    // The list is read again after the save: under load that answer can come after the notice.
    await waitFor(() => expect(options('Preset')).toEqual(['Choose a preset…', 'fox']))

    fireEvent.click(screen.getByRole('button', { name: 'Delete preset' }))
    await waitFor(() => expect(options('Preset')).toEqual(['No presets yet']))
    expect(screen.getByRole('status')).toHaveTextContent('Deleted the preset “fox”.')
  })
})
