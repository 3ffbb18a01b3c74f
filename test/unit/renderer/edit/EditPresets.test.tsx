import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { EditScreen } from '@renderer/features/edit/EditScreen'
import { useEditStore } from '@renderer/features/edit/store'
import { fakeBackend, jobView } from '../images/harness'
import { preset, presetBackend, style } from '../jobs/presets/fakePresets'

const SOURCE = { mediaId: 'e'.repeat(32), width: 40, height: 30 }
const SKY = 'c'.repeat(32)

/** The Edit screen on an open image with a further input, over a backend with an Edit preset and styles. */
async function openEdit() {
  const store = presetBackend({
    presets: [
      preset('edit', 'Night', {
        prompt: 'make it night',
        model: 'compat',
        options: { n: '2', outputFormat: 'webp' },
        mode: 'whole',
        style: 'Film'
      }),
      preset('edit', 'Broken', { options: 'png' })
    ],
    styles: [style('Film', 'cinematic still,', '35mm grain')]
  })
  const backend = fakeBackend({
    ...store.handlers,
    'jobs.submit': (input) =>
      jobView({ id: 'e1', kind: 'edit', request: (input as { request: unknown }).request })
  })
  useEditStore.setState({
    prompt: '',
    model: '',
    options: { n: '', outputFormat: '' },
    style: null,
    submitError: null,
    notice: null
  })
  useEditStore.getState().openSource(SOURCE)
  useEditStore.getState().setMode('painted')
  useEditStore.getState().addInputs([{ mediaId: SKY }])
  render(<EditScreen />)
  const form = screen.getByRole('form', { name: 'Edit request' })
  await waitFor(() => expect(within(form).getByLabelText('Model')).toHaveValue('gpt-image'))
  await waitFor(() => expect(options(form, 'Style')).toEqual(['No style', 'Film']))
  return { ...store, form, calls: backend.calls }
}

const options = (form: HTMLElement, name: string): (string | null)[] =>
  within(within(form).getByRole('combobox', { name }))
    .getAllByRole('option')
    .map((option) => option.textContent)

describe('presets and styles on the Edit screen', () => {
  beforeEach(() => {
    localStorage.clear()
    useEditStore.getState().closeSource()
  })

  it('lists the Edit presets above the prompt, in labelled selects the keyboard reaches', async () => {
    const { form, listed } = await openEdit()
    expect(listed).toEqual(['edit'])
    expect(options(form, 'Preset')).toEqual(['Choose a preset…', 'Night', 'Broken'])
    const preset = within(form).getByRole('combobox', { name: 'Preset' })
    const prompt = within(form).getByLabelText('What should change?')
    // Above the prompt, as on Images.
    expect(preset.compareDocumentPosition(prompt) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    for (const select of [preset, within(form).getByRole('combobox', { name: 'Style' })]) {
      select.focus()
      expect(select).toHaveFocus()
    }
  })

  it('applies a preset (prompt, model, fields, mode, style) and sends the prompt with the style', async () => {
    const { form, calls } = await openEdit()
    fireEvent.change(within(form).getByRole('combobox', { name: 'Preset' }), {
      target: { value: 'edit-Night' }
    })
    expect(within(form).getByLabelText('What should change?')).toHaveValue('make it night')
    await waitFor(() => expect(within(form).getByLabelText('Model')).toHaveValue('compat'))
    expect(within(form).getByLabelText('Images')).toHaveValue('2')
    expect(within(form).getByLabelText('Output format')).toHaveValue('webp')
    expect(screen.getByRole('radio', { name: 'Whole image' })).toBeChecked()
    expect(within(form).getByRole('combobox', { name: 'Style' })).toHaveValue('Film')
    expect(within(form).getByText('Preset “Night” applied.')).toHaveAttribute('role', 'status')
    expect(within(form).getByText('Sends: “cinematic still, make it night 35mm grain”')).toBeInTheDocument()

    fireEvent.click(within(form).getByRole('button', { name: 'Send edit' }))
    await waitFor(() => expect(useEditStore.getState().awaiting).toBe('e1'))
    expect(calls.filter((call) => call.name === 'jobs.submit').map((call) => call.input)).toEqual([
      {
        request: {
          endpoint: 'imageEdits',
          body: {
            model: 'compat',
            prompt: 'cinematic still, make it night 35mm grain',
            fields: { n: 2, output_format: 'webp' }
          },
          // This moment's images, as they were before the preset.
          images: [{ mediaId: SOURCE.mediaId }, { mediaId: SKY }]
        }
      }
    ])
    // The form keeps the prompt as written.
    expect(within(form).getByLabelText('What should change?')).toHaveValue('make it night')
  })

  it('says a preset that does not read and changes nothing; saves the form without its images', async () => {
    const { form, saved } = await openEdit()
    fireEvent.change(within(form).getByLabelText('What should change?'), { target: { value: 'add snow' } })
    fireEvent.change(within(form).getByRole('combobox', { name: 'Preset' }), {
      target: { value: 'edit-Broken' }
    })
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The preset “Broken” no longer reads; save it again.'
    )
    expect(within(form).getByLabelText('What should change?')).toHaveValue('add snow')

    fireEvent.click(within(form).getByRole('button', { name: 'Save as preset…' }))
    fireEvent.change(within(form).getByRole('textbox', { name: 'Preset name' }), {
      target: { value: 'Snow' }
    })
    fireEvent.click(within(form).getByRole('button', { name: 'Save preset' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]).toEqual({
      screen: 'edit',
      name: 'Snow',
      replace: false,
      payload: {
        prompt: 'add snow',
        model: 'gpt-image',
        options: { n: '', outputFormat: '' },
        mode: 'painted'
      }
    })
  })
})
