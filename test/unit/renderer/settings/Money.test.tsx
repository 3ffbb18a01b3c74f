import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PricesSection } from '@renderer/features/settings/PricesSection'
import { SpendingCaps } from '@renderer/features/settings/SpendingCaps'
import { useAppStore } from '@renderer/store/app'
import { useProfilesStore } from '@renderer/store/profiles'
import { createApiClient, type Transport } from '@shared/client'
import { caps, table } from '../jobs/money/fixtures'
import { testInfo, testSettings } from '../connection'

type Handler = (input: unknown) => unknown

function setup(handlers: Record<string, Handler>): {
  invoke: ReturnType<typeof vi.fn>
  emit: (name: string, payload: unknown) => void
} {
  const listeners = new Set<(name: string, payload: unknown) => void>()
  const invoke = vi.fn((name: string, input: unknown) => {
    const handler = handlers[name]
    if (!handler)
      return Promise.resolve({ ok: false, error: { code: 'test', message: `${name} not stubbed` } })
    return Promise.resolve({ ok: true, value: handler(input) })
  })
  const transport: Transport = {
    invoke,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
  useAppStore
    .getState()
    .setConnection(
      { api: createApiClient(transport), host: 'web', mediaUrl: (id) => `/media/${id}` },
      testInfo(),
      testSettings({ theme: 'system' })
    )
  useProfilesStore.setState({
    profiles: [],
    catalogs: {
      p1: {
        profileId: 'p1',
        fetchedAt: 1,
        models: [
          { id: 'gpt-image', ownedBy: null, supportedEndpoints: [], billingUnit: 'image' },
          { id: 'chat', ownedBy: null, supportedEndpoints: [], billingUnit: 'token' },
          { id: 'clip', ownedBy: null, supportedEndpoints: [], billingUnit: null }
        ]
      }
    }
  })
  return { invoke, emit: (name, payload) => listeners.forEach((listener) => listener(name, payload)) }
}

const open = (container: HTMLElement): void => {
  const details = container.querySelector('details') as HTMLDetailsElement
  details.open = true
  fireEvent(details, new Event('toggle'))
}

const calls = (invoke: ReturnType<typeof vi.fn>, name: string): unknown[] =>
  (invoke.mock.calls as [string, unknown][]).filter(([called]) => called === name).map(([, input]) => input)

describe('Settings › a gateway › Prices [P50]', () => {
  afterEach(() => vi.restoreAllMocks())

  it('lists each model with its price and saves the table in the file form', async () => {
    const { invoke } = setup({
      'prices.get': () => ({ table: table({ 'gpt-image': { unit: 'image', price: 40_000, bySize: [] } }) }),
      'prices.set': () => ({
        table: table({
          'gpt-image': { unit: 'image', price: 50_000, bySize: [] },
          chat: { unit: 'tokens', inputPerMillion: 2_500_000, outputPerMillion: 10_000_000 }
        })
      })
    })
    const { container } = render(<PricesSection profileId="p1" />)
    open(container)
    const price = await screen.findByRole('textbox', { name: 'Price for gpt-image' })
    expect(price).toHaveValue('0.04')
    expect(screen.getByRole('combobox', { name: 'Unit for chat' })).toHaveValue('none')
    fireEvent.change(price, { target: { value: '0.05' } })
    fireEvent.change(screen.getByRole('combobox', { name: 'Unit for chat' }), { target: { value: 'tokens' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Per million tokens in for chat' }), {
      target: { value: '2.5' }
    })
    fireEvent.change(screen.getByRole('textbox', { name: 'Per million tokens out for chat' }), {
      target: { value: '10' }
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }))
    expect(await screen.findByText('Prices saved.')).toBeInTheDocument()
    expect(calls(invoke, 'prices.set')).toEqual([
      {
        profileId: 'p1',
        table: {
          version: 1,
          currency: 'USD',
          models: {
            'gpt-image': { unit: 'image', price: '0.05', bySize: [] },
            chat: { unit: 'tokens', inputPerMillion: '2.5', outputPerMillion: '10' }
          }
        }
      }
    ])
  })

  it('refuses amounts a price cannot be, sending nothing', async () => {
    const { invoke } = setup({ 'prices.get': () => ({ table: null }) })
    const { container } = render(<PricesSection profileId="p1" />)
    open(container)
    fireEvent.change(await screen.findByRole('combobox', { name: 'Unit for clip' }), {
      target: { value: 'video' }
    })
    fireEvent.change(screen.getByRole('textbox', { name: 'Price for clip' }), { target: { value: '0,5' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The price of clip: use a dot for decimals'
    )
    expect(calls(invoke, 'prices.set')).toEqual([])
  })

  it('imports a file, showing each problem with its line, and exports one to download', async () => {
    let issues = true
    const { invoke } = setup({
      'prices.get': () => ({ table: null }),
      'prices.import': () =>
        issues
          ? {
              ok: false,
              issues: [
                {
                  code: 'amount_uses_comma',
                  values: { line: 3, value: '0,04', field: 'price', model: 'gpt-image', suggestion: '0.04' }
                }
              ]
            }
          : { ok: true, table: table({ clip: { unit: 'second', price: 100_000 } }, 'EUR') },
      'prices.export': () => ({ text: '{}', fileName: 'prices.json' })
    })
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:prices')
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined)
    const { container } = render(<PricesSection profileId="p1" />)
    open(container)
    await screen.findByRole('button', { name: 'Save prices' })
    const input = container.querySelector('input[type="file"]') as HTMLInputElement
    const csv = new File(['model,unit,price\n'], 'prices.csv', { type: 'text/csv' })
    fireEvent.change(input, { target: { files: [csv] } })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Line 3: “0,04” (price of gpt-image) has a comma. Write 0.04')
    expect(calls(invoke, 'prices.import')[0]).toMatchObject({ format: 'csv', currency: 'USD' })

    issues = false
    fireEvent.change(input, { target: { files: [csv] } })
    expect(await screen.findByText('Prices imported: 1 model.')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Price for clip' })).toHaveValue('0.1')
    expect(screen.getByLabelText('Currency')).toHaveValue('EUR')

    fireEvent.change(screen.getByRole('combobox', { name: 'Export format' }), { target: { value: 'csv' } })
    fireEvent.click(screen.getByRole('button', { name: 'Export' }))
    const link = await screen.findByRole('link', { name: 'Download prices.json' })
    expect(link).toHaveAttribute('href', 'blob:prices')
    expect(link).toHaveAttribute('download', 'prices.json')
    expect(calls(invoke, 'prices.export')).toEqual([{ profileId: 'p1', format: 'csv' }])
  })
})

describe('Settings › a gateway › Prices › by size [issue 25]', () => {
  afterEach(() => vi.restoreAllMocks())

  const tiered = table({
    'gpt-image': {
      unit: 'image',
      price: 40_000,
      bySize: [
        { size: '1024x1024', price: 60_000 },
        { size: '2K', price: 80_000 }
      ]
    }
  })
  const sizesToggle = (): HTMLElement => screen.getByRole('button', { name: /^Prices by size/ })
  const save = (): void => void fireEvent.click(screen.getByRole('button', { name: 'Save prices' }))
  const type = (name: string, value: string): void =>
    void fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } })

  it('adds two size prices, sends them in the one spelling the table keeps, and reads them back', async () => {
    const { invoke } = setup({
      'prices.get': () => ({ table: table({ 'gpt-image': { unit: 'image', price: 40_000, bySize: [] } }) }),
      'prices.set': () => ({ table: tiered })
    })
    const { container } = render(<PricesSection profileId="p1" />)
    open(container)
    await screen.findByRole('textbox', { name: 'Price for gpt-image' })
    expect(sizesToggle()).toHaveTextContent('Prices by size (0)')
    expect(sizesToggle()).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('button', { name: 'Add a size price' })).toBeNull()

    fireEvent.click(sizesToggle())
    expect(sizesToggle()).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByText(/The price above is for any size not listed here/)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Add a size price' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add a size price' }))
    type('Size 1 for gpt-image', ' 1024X1024 ')
    type('Price for gpt-image at 1024X1024', '0.06')
    type('Size 2 for gpt-image', '2k')
    type('Price for gpt-image at 2k', ' 0.08 ')
    expect(sizesToggle()).toHaveTextContent('Prices by size (2)')
    save()

    expect(await screen.findByText('Prices saved.')).toBeInTheDocument()
    expect(calls(invoke, 'prices.set')).toEqual([
      {
        profileId: 'p1',
        table: {
          version: 1,
          currency: 'USD',
          models: {
            'gpt-image': {
              unit: 'image',
              price: '0.04',
              bySize: [
                { size: '1024x1024', price: '0.06' },
                { size: '2K', price: '0.08' }
              ]
            }
          }
        }
      }
    ])
    expect(screen.getByRole('textbox', { name: 'Size 2 for gpt-image' })).toHaveValue('2K')
    expect(screen.getByRole('textbox', { name: 'Price for gpt-image at 2K' })).toHaveValue('0.08')
  })

  it('opens the sizes of a table that has them, and leaves out a row added and never filled', async () => {
    const { invoke } = setup({
      'prices.get': () => ({ table: tiered }),
      'prices.set': () => ({ table: tiered })
    })
    const { container } = render(<PricesSection profileId="p1" />)
    open(container)
    expect(await screen.findByRole('textbox', { name: 'Size 1 for gpt-image' })).toHaveValue('1024x1024')
    expect(sizesToggle()).toHaveTextContent('Prices by size (2)')
    expect(sizesToggle()).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('textbox', { name: 'Price for gpt-image at 1024x1024' })).toHaveValue('0.06')

    fireEvent.click(screen.getByRole('button', { name: 'Add a size price' }))
    save()
    await screen.findByText('Prices saved.')
    expect(calls(invoke, 'prices.set')[0]).toMatchObject({
      table: { models: { 'gpt-image': { bySize: [{ size: '1024x1024' }, { size: '2K' }] } } }
    })

    fireEvent.click(sizesToggle())
    expect(sizesToggle()).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('textbox', { name: 'Size 1 for gpt-image' })).toBeNull()
  })

  it('removes a size price', async () => {
    const { invoke } = setup({
      'prices.get': () => ({ table: tiered }),
      'prices.set': () => ({ table: tiered })
    })
    const { container } = render(<PricesSection profileId="p1" />)
    open(container)
    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove the price for gpt-image at 1024x1024' })
    )
    expect(screen.queryByRole('textbox', { name: 'Price for gpt-image at 1024x1024' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Add a size price' })).toHaveFocus()
    save()
    await screen.findByText('Prices saved.')
    expect(calls(invoke, 'prices.set')[0]).toMatchObject({
      table: {
        models: { 'gpt-image': { unit: 'image', price: '0.04', bySize: [{ size: '2K', price: '0.08' }] } }
      }
    })
  })

  it('refuses a size listed twice until one is changed, saying so beside it', async () => {
    const { invoke } = setup({
      'prices.get': () => ({ table: tiered }),
      'prices.set': () => ({ table: tiered })
    })
    const { container } = render(<PricesSection profileId="p1" />)
    open(container)
    fireEvent.click(await screen.findByRole('button', { name: 'Add a size price' }))
    type('Size 3 for gpt-image', '2048X2048')
    type('Price for gpt-image at 2048X2048', '0.1')
    type('Size 3 for gpt-image', '2k')
    save()

    expect((await screen.findByRole('alert')).textContent).toContain(
      'The price of gpt-image at 2k: this size is listed twice. Keep one price and remove the other.'
    )
    const size = screen.getByRole('textbox', { name: 'Size 3 for gpt-image' })
    expect(size).toHaveAttribute('aria-invalid', 'true')
    expect(size).toHaveAccessibleDescription(
      'Size: this size is listed twice. Keep one price and remove the other.'
    )
    expect(calls(invoke, 'prices.set')).toEqual([])

    type('Size 3 for gpt-image', '4K')
    expect(screen.getByRole('textbox', { name: 'Size 3 for gpt-image' })).not.toHaveAttribute('aria-invalid')
    save()
    await screen.findByText('Prices saved.')
    expect(calls(invoke, 'prices.set')).toHaveLength(1)
  })

  it('refuses a size price that is no amount, and a size that is no size, saying what to write', async () => {
    const { invoke } = setup({ 'prices.get': () => ({ table: tiered }) })
    const { container } = render(<PricesSection profileId="p1" />)
    open(container)
    await screen.findByRole('textbox', { name: 'Price for gpt-image at 2K' })
    type('Price for gpt-image at 2K', '0,08')
    fireEvent.click(screen.getByRole('button', { name: 'Add a size price' }))
    type('Size 3 for gpt-image', 'big')
    type('Price for gpt-image at big', '0.2')
    save()

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The price of gpt-image at 2K: use a dot for decimals')
    expect(alert.textContent).toContain(
      'The price of gpt-image at big: write a size such as 1024x1024 or 2K.'
    )
    expect(screen.getByRole('textbox', { name: 'Price for gpt-image at 2K' })).toHaveAccessibleDescription(
      'Price: use a dot for decimals, and no thousands separators.'
    )
    expect(calls(invoke, 'prices.set')).toEqual([])
  })
})

describe('Settings › a gateway › Spending caps [P50]', () => {
  it('shows what was spent and reserved live, and saves the caps that changed', async () => {
    const { invoke, emit } = setup({
      'caps.get': () => caps({ day: 2_000_000, spentToday: 400_000, reservedToday: 40_000 }),
      'caps.set': (input) => {
        const { scope, capMicros } = input as { scope: 'day' | 'month'; capMicros: number | null }
        return caps({
          day: scope === 'day' ? capMicros : 2_000_000,
          month: scope === 'month' ? capMicros : null
        })
      }
    })
    const { container } = render(<SpendingCaps profileId="p1" />)
    open(container)
    const day = await screen.findByRole('textbox', { name: 'Each day (USD)' })
    expect(day).toHaveValue('2')
    expect(screen.getByText('Spent today: $0.40')).toBeInTheDocument()
    expect(screen.getByText('Reserved today for jobs not finished: $0.04')).toBeInTheDocument()

    act(() => emit('spend.changed', caps({ day: 2_000_000, spentToday: 440_000, spentThisMonth: 1_440_000 })))
    expect(await screen.findByText('Spent today: $0.44')).toBeInTheDocument()
    expect(screen.getByText('Spent this month: $1.44')).toBeInTheDocument()

    const month = screen.getByRole('textbox', { name: 'Each month (USD)' })
    fireEvent.change(month, { target: { value: 'lots' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save caps' }))
    expect(month).toHaveAttribute('aria-invalid', 'true')
    expect(calls(invoke, 'caps.set')).toEqual([])

    fireEvent.change(month, { target: { value: '30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save caps' }))
    expect(await screen.findByText('Caps saved.')).toBeInTheDocument()
    expect(calls(invoke, 'caps.set')).toEqual([{ profileId: 'p1', scope: 'month', capMicros: 30_000_000 }])
    await waitFor(() => expect(month).toHaveValue('30'))
  })

  it('asks for prices first while the gateway has none', async () => {
    setup({ 'caps.get': () => caps({ currency: null }) })
    const { container } = render(<SpendingCaps profileId="p1" />)
    open(container)
    expect(await screen.findByText(/Set this gateway’s prices first/)).toBeInTheDocument()
    expect(within(container).queryByRole('textbox')).toBeNull()
  })
})
