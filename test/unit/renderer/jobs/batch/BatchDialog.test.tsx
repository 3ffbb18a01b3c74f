import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { ImagesScreen } from '@renderer/features/images/ImagesScreen'
import { fakeBackend, resetImagesScreen } from '../../images/harness'
import { table } from '../money/fixtures'
import { groupView } from '../../../../helpers/jobViews'
import { presetBackend, style } from '../presets/fakePresets'

async function openBuilder(): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getByLabelText('Model')).toHaveValue('gpt-image'))
  fireEvent.click(screen.getByRole('button', { name: 'Batch…' }))
  return screen.findByRole('dialog', { name: 'Batch' })
}

describe('the batch builder on the Images screen', () => {
  beforeEach(() => resetImagesScreen())

  it('previews prompts × models × variations live, and sends the spec the preview showed', async () => {
    const { calls } = fakeBackend({
      'batches.submit': (input) => {
        const { name } = input as { name: string }
        return {
          group: groupView({ id: 'g1', name, screen: 'images' }),
          sent: 12,
          refused: []
        }
      }
    })
    render(<ImagesScreen />)
    const dialog = await openBuilder()
    fireEvent.change(within(dialog).getByLabelText('Type them'), {
      target: { value: 'a {red|blue} kite\nan owl\n' }
    })
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'multi' }))
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Variations' }))
    fireEvent.change(within(dialog).getByLabelText('How many of each'), { target: { value: '2' } })
    // 3 prompts (the kite in two colours) × 2 models × 2 variations.
    expect(await within(dialog).findByText('12 jobs · 12 images')).toBeTruthy()
    expect(within(dialog).getByText('gpt-image (Per image): 6')).toBeTruthy()
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row')
    expect(rows[1]?.textContent).toContain('a red kite')

    fireEvent.change(within(dialog).getByLabelText('Batch name'), { target: { value: 'kites' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send 12 jobs' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Batch' })).toBeNull())
    const submitted = calls.find((call) => call.name === 'batches.submit')?.input as {
      name: string
      fileName: string | null
      spec: { bases: { body: { model: string } }[]; prompts: unknown; seeds: unknown; combine: string }
    }
    expect(submitted.name).toBe('kites')
    expect(submitted.fileName).toBeNull()
    expect(submitted.spec.bases.map((base) => base.body.model)).toEqual(['gpt-image', 'multi'])
    expect(submitted.spec.prompts).toEqual({ kind: 'lines', text: 'a {red|blue} kite\nan owl\n' })
    expect(submitted.spec.seeds).toEqual({ kind: 'variations', count: 2 })
    expect(await screen.findByText('Sent 12 jobs as “kites”. Follow them in the Queue.')).toBeTruthy()
  })

  it('puts the form’s chosen style around every row’s prompt, in the preview and in what is sent', async () => {
    const { calls } = fakeBackend({
      ...presetBackend({ styles: [style('Film', 'cinematic still of', ', 35mm grain')] }).handlers,
      'batches.submit': () => ({ group: groupView({ id: 'g1', screen: 'images' }), sent: 2, refused: [] })
    })
    render(<ImagesScreen />)
    const picker = screen.getByRole('combobox', { name: 'Style' })
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.textContent)
      ).toContain('Film')
    )
    fireEvent.change(picker, { target: { value: 'Film' } })
    const dialog = await openBuilder()
    fireEvent.change(within(dialog).getByLabelText('Type them'), { target: { value: 'a kite\nan owl' } })
    expect(await within(dialog).findByText('2 jobs · 2 images')).toBeTruthy()
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row')
    expect(rows[1]?.textContent).toContain('cinematic still of a kite, 35mm grain')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send 2 jobs' }))
    await waitFor(() => expect(calls.some((call) => call.name === 'batches.submit')).toBe(true))
    const submitted = calls.find((call) => call.name === 'batches.submit')?.input as {
      spec: { style?: unknown }
    }
    expect(submitted.spec.style).toEqual({ prefix: 'cinematic still of', suffix: ', 35mm grain' })
  })

  it('lists every row it will not send with what to fix, and sends nothing while nothing is valid', async () => {
    const { calls } = fakeBackend()
    render(<ImagesScreen />)
    const dialog = await openBuilder()
    fireEvent.change(within(dialog).getByLabelText('Type them'), { target: { value: 'a {red|blue kite\n' } })
    expect(await within(dialog).findByText(/Line 1: the \{ at character 3 is never closed/)).toBeTruthy()
    const send = within(dialog).getByRole('button', { name: 'Nothing to send yet' })
    expect(send).toBeDisabled()
    fireEvent.click(within(dialog).getByRole('radio', { name: 'These seeds' }))
    fireEvent.change(within(dialog).getByLabelText('Seeds, separated by commas'), {
      target: { value: '1, two' }
    })
    expect(await within(dialog).findByText(/Write seeds as whole numbers/)).toBeTruthy()
    expect(calls.some((call) => call.name === 'batches.submit')).toBe(false)
  })

  it('reads a CSV file chosen from disk, naming the batch after it', async () => {
    fakeBackend()
    render(<ImagesScreen />)
    const dialog = await openBuilder()
    const file = new File(
      ['prompt,model\n"a kite, red",gpt-image\nan owl,multi\nno model,nope\n'],
      'shoot.csv',
      {
        type: 'text/csv'
      }
    )
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement
    fireEvent.change(input, { target: { files: [file] } })
    expect(await within(dialog).findByText('shoot.csv · 4 lines')).toBeTruthy()
    expect(within(dialog).getByLabelText('Batch name')).toHaveValue('shoot.csv')
    // Rows naming a model not ticked (multi) or not listed (nope) are listed and not counted.
    expect(await within(dialog).findByText('2 rows will not be sent:')).toBeTruthy()
    expect(within(dialog).getByText('1 job · 1 image')).toBeTruthy()
  })

  it('estimates the valid rows per model, says how many have no price, and sends the batch’s cap [P50]', async () => {
    const { calls } = fakeBackend({
      'prices.get': () => ({ table: table({ 'gpt-image': { unit: 'image', price: 40_000, bySize: [] } }) }),
      'batches.submit': (input) => ({
        group: groupView({ id: 'g1', name: (input as { name: string }).name, screen: 'images' }),
        sent: 4,
        refused: []
      })
    })
    render(<ImagesScreen />)
    const dialog = await openBuilder()
    fireEvent.change(within(dialog).getByLabelText('Type them'), { target: { value: 'an owl\na kite\n' } })
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'multi' }))
    expect(await within(dialog).findByText('4 jobs · 4 images')).toBeTruthy()
    expect(await within(dialog).findByText('Estimated cost: $0.08')).toBeTruthy()
    expect(within(dialog).getByText('2 jobs have no price and are not counted.')).toBeTruthy()

    const cap = within(dialog).getByLabelText('Stop this batch at (USD)')
    fireEvent.change(cap, { target: { value: '0,05' } })
    expect(cap).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).getByRole('button', { name: 'Send 4 jobs' })).toBeDisabled()
    fireEvent.change(cap, { target: { value: '0.05' } })
    expect(await within(dialog).findByText('The estimate passes the cap: 1 of 4 jobs fit.')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send 4 jobs' }))
    await waitFor(() => expect(calls.some((call) => call.name === 'batches.submit')).toBe(true))
    const submitted = calls.find((call) => call.name === 'batches.submit')?.input as { capMicros?: number }
    expect(submitted.capMicros).toBe(50_000)
  })

  it('offers no cap while the gateway has no prices, and sends none', async () => {
    const { calls } = fakeBackend({ 'prices.get': () => ({ table: null }) })
    render(<ImagesScreen />)
    const dialog = await openBuilder()
    fireEvent.change(within(dialog).getByLabelText('Type them'), { target: { value: 'an owl\n' } })
    expect(await within(dialog).findByText(/This gateway has no prices yet/)).toBeTruthy()
    expect(within(dialog).getByLabelText('Stop this batch at')).toBeDisabled()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send 1 job' }))
    await waitFor(() => expect(calls.some((call) => call.name === 'batches.submit')).toBe(true))
    expect(calls.find((call) => call.name === 'batches.submit')?.input).not.toHaveProperty('capMicros')
  })
})
