import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { JobRequest } from '@shared/schemas/jobs'
import { CompareScreen } from '@renderer/features/compare/CompareScreen'
import { useCompareStore } from '@renderer/features/compare/store'
import { useAppStore } from '@renderer/store/app'
import { fakeBackend, jobView, resetImagesScreen } from '../images/harness'
import { preset, presetBackend, style } from '../jobs/presets/fakePresets'
import { groupView } from '../../../helpers/jobViews'

const pristine = useCompareStore.getState()

const PRESETS = [
  preset('images', 'Lighthouse', {
    prompt: 'a lighthouse',
    model: 'gpt-image',
    endpoint: 'imagesV3',
    style: 'Film',
    compare: {
      models: [
        { model: 'gpt-image', endpoint: 'imagesV3' },
        { model: 'seedream-stream', endpoint: 'partnerA' }
      ],
      shape: '16:9'
    }
  }),
  // Saved on the Images screen: one model, no compare part.
  preset('images', 'Kite', { prompt: 'a kite', model: 'compat', endpoint: 'imagesV1' })
]

/** The Compare screen over a backend with the image presets above and two styles. */
async function openCompare() {
  const store = presetBackend({
    presets: PRESETS,
    styles: [style('Film', 'cinematic still of', ', 35mm grain'), style('Ink', 'ink drawing of')]
  })
  const groups: { name: string; requests: JobRequest[] }[] = []
  fakeBackend({
    ...store.handlers,
    'ui.lastUsed.get': () => ({}),
    'ui.lastUsed.remember': () => ({}),
    'jobs.submitGroup': (input) => {
      const { requests, name } = input as { requests: JobRequest[]; name: string }
      groups.push({ name, requests })
      const items = requests.map((request, index) => ({
        ok: true,
        job: jobView({ id: `job-${index}`, request, model: request.body.model, prompt: request.body.prompt })
      }))
      const group = groupView({
        id: 'group-1',
        name,
        screen: 'compare',
        createdAt: 5,
        jobIds: items.map((item) => item.job.id)
      })
      return { group, items }
    }
  })
  render(<CompareScreen />)
  await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(5))
  await waitFor(() => expect(options('Style')).toEqual(['No style', 'Film', 'Ink']))
  return { ...store, groups }
}

const options = (name: string): (string | null)[] =>
  within(screen.getByRole('combobox', { name }))
    .getAllByRole('option')
    .map((option) => option.textContent)
const ticked = (): string[] =>
  screen
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => box.closest('label')?.querySelector('.compare-model-id')?.textContent ?? '')

describe('presets and styles on the Compare screen', () => {
  beforeEach(() => {
    resetImagesScreen()
    useCompareStore.setState({ ...pristine }, true)
    useAppStore.setState({ screen: 'compare' })
  })

  it('lists the image presets above the prompt, labelled and reachable by keyboard', async () => {
    const { listed } = await openCompare()
    expect(listed).toEqual(['images'])
    expect(options('Preset')).toEqual(['Choose a preset…', 'Lighthouse', 'Kite'])
    const form = screen.getByRole('form', { name: 'Compare models' })
    const controls = within(form).getAllByRole('combobox')
    // The bar comes before the prompt, as on Images.
    expect(controls.slice(0, 2).map((c) => c.id)).toEqual(['compare-preset', 'compare-style'])
    for (const select of controls.slice(0, 2)) {
      select.focus()
      expect(select).toHaveFocus()
    }
  })

  it('applies a Compare preset (prompt, models, shape, style) and sends every column the styled prompt', async () => {
    const { groups } = await openCompare()
    fireEvent.change(screen.getByRole('combobox', { name: 'Preset' }), {
      target: { value: 'images-Lighthouse' }
    })
    expect(screen.getByLabelText('Prompt')).toHaveValue('a lighthouse')
    expect(ticked()).toEqual(['gpt-image', 'seedream-stream'])
    expect(screen.getByLabelText('Shape')).toHaveValue('16:9')
    expect(screen.getByRole('combobox', { name: 'Style' })).toHaveValue('Film')
    expect(screen.getByRole('status')).toHaveTextContent('Preset “Lighthouse” applied.')
    expect(screen.getByText('Sends: “cinematic still of a lighthouse, 35mm grain”')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Compare 2 models' }))
    await waitFor(() => expect(groups).toHaveLength(1))
    expect(groups[0]?.requests.map((r) => [r.body.model, r.body.prompt])).toEqual([
      ['gpt-image', 'cinematic still of a lighthouse, 35mm grain'],
      ['seedream-stream', 'cinematic still of a lighthouse, 35mm grain']
    ])
    expect(groups[0]?.name).toBe('cinematic still of a lighthouse, 35mm grain')
    // The grid heads the run with the prompt as sent; the form keeps the prompt as written.
    expect(
      await screen.findByText('cinematic still of a lighthouse, 35mm grain', {
        selector: '.compare-run-prompt'
      })
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Prompt')).toHaveValue('a lighthouse')
  })

  it('takes an Images preset’s prompt and ticks its model beside the ones ticked; a chosen style is sent', async () => {
    const { groups } = await openCompare()
    fireEvent.click(screen.getByRole('checkbox', { name: /gpt-image/ }))
    fireEvent.change(screen.getByRole('combobox', { name: 'Preset' }), { target: { value: 'images-Kite' } })
    expect(screen.getByLabelText('Prompt')).toHaveValue('a kite')
    expect(ticked()).toEqual(['gpt-image', 'compat'])
    expect(screen.getByRole('combobox', { name: 'Style' })).toHaveValue('')

    fireEvent.change(screen.getByRole('combobox', { name: 'Style' }), { target: { value: 'Ink' } })
    expect(screen.getByText('Sends: “ink drawing of a kite”')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Compare 2 models' }))
    await waitFor(() => expect(groups).toHaveLength(1))
    expect(groups[0]?.requests.map((r) => r.body.prompt)).toEqual([
      'ink drawing of a kite',
      'ink drawing of a kite'
    ])
  })

  it('saves the prompt, the ticked models and the shape as an image preset, without the references', async () => {
    const { saved } = await openCompare()
    useCompareStore.getState().addReference({ kind: 'media', mediaId: 'f'.repeat(32), width: 10, height: 10 })
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'a moth' } })
    fireEvent.click(screen.getByRole('checkbox', { name: /compat/ }))
    fireEvent.click(screen.getByRole('checkbox', { name: /gpt-image/ }))
    fireEvent.change(screen.getByLabelText('Shape'), { target: { value: '1:1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save as preset…' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Preset name' }), { target: { value: 'Moth' } })
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Preset name' }), { key: 'Enter' })
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]).toEqual({
      screen: 'images',
      name: 'Moth',
      replace: false,
      payload: {
        prompt: 'a moth',
        model: 'compat',
        endpoint: 'imagesV1',
        // The shape in the first model's size field, as Compare sends it (and Images will read it).
        fields: { size: '256x256' },
        compare: {
          models: [
            { model: 'compat', endpoint: 'imagesV1' },
            { model: 'gpt-image', endpoint: 'imagesV3' }
          ],
          shape: '1:1'
        }
      }
    })
    expect(await screen.findByText('Saved as the preset “Moth”.')).toHaveAttribute('role', 'status')
  })
})
