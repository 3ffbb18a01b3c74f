import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { ImagesScreen } from '@renderer/features/images/ImagesScreen'
import { initialVideoState, useVideoStore } from '@renderer/features/video/store'
import { VideoScreen } from '@renderer/features/video/VideoScreen'
import { pricesChanged } from '@renderer/jobs/money/usePriceTable'
import { fakeBackend, resetImagesScreen } from '../../images/harness'
import { connect, resetStores } from '../../queue/fixtures'
import { caps, table } from './fixtures'

describe('the estimate beside Generate [P50]', () => {
  beforeEach(() => resetImagesScreen())

  it('shows the Images request’s cost, and reads prices again when they change', async () => {
    let price = 40_000
    const { emit } = fakeBackend({
      'prices.get': () => ({ table: table({ 'gpt-image': { unit: 'image', price, bySize: [] } }) })
    })
    render(<ImagesScreen />)
    await waitFor(() => expect(screen.getByLabelText('Model')).toHaveValue('gpt-image'))
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'a fox' } })
    expect(await screen.findByText('$0.04')).toBeInTheDocument()
    expect(screen.getByText('Estimated cost')).toHaveClass('visually-hidden')

    price = 50_000
    act(() => pricesChanged('p1'))
    expect(await screen.findByText('$0.05')).toBeInTheDocument()
    price = 60_000
    act(() => emit('spend.changed', caps()))
    expect(await screen.findByText('$0.06')).toBeInTheDocument()
  })

  it('says nothing when the model has no price, or the gateway no table', async () => {
    fakeBackend({ 'prices.get': () => ({ table: null }) })
    render(<ImagesScreen />)
    await waitFor(() => expect(screen.getByLabelText('Model')).toHaveValue('gpt-image'))
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'a fox' } })
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled())
    expect(screen.queryByText('Estimated cost')).toBeNull()
  })

  it('shows the video request’s cost per second', async () => {
    resetStores()
    useVideoStore.setState(initialVideoState)
    connect({
      'models.list': () => ({
        profileId: 'demo',
        fetchedAt: 1,
        models: [
          { id: 'clip', ownedBy: null, supportedEndpoints: ['/v1/videos/generations'], billingUnit: null }
        ]
      }),
      'jobs.list': () => [],
      'prices.get': () => ({ table: table({ clip: { unit: 'second', price: 100_000 } }) })
    })
    render(<VideoScreen />)
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('clip'))
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'a paper boat' } })
    // 5 seconds (the form's default) at 0.10.
    expect(await screen.findByText('$0.50')).toBeInTheDocument()
  })
})
