import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LaneLimits } from '@renderer/features/settings/LaneLimits'
import { useAppStore } from '@renderer/store/app'
import { createApiClient, type Transport } from '@shared/client'
import type { LaneView } from '@shared/schemas/lanes'
import { testInfo, testSettings } from '../connection'

const lane = (over: Partial<LaneView> = {}): LaneView => ({
  profileId: 'p1',
  endpoint: 'imagesV3',
  kind: 'image',
  limits: { concurrency: 3, perMinute: null },
  custom: false,
  defaults: { concurrency: 3, perMinute: null },
  running: 0,
  waiting: 0,
  slowedTo: null,
  holdUntil: null,
  ...over
})

function setup(lanes: LaneView[]): { invoke: ReturnType<typeof vi.fn> } {
  const invoke = vi.fn((name: string, input: unknown) => {
    if (name === 'lanes.list') return Promise.resolve({ ok: true, value: lanes })
    const { limits } = input as { limits: LaneView['limits'] | null }
    return Promise.resolve({
      ok: true,
      value: lane({ limits: limits ?? { concurrency: 3, perMinute: null }, custom: limits !== null })
    })
  })
  const transport: Transport = { invoke, subscribe: () => () => undefined }
  useAppStore
    .getState()
    .setConnection(
      { api: createApiClient(transport), host: 'web', mediaUrl: (id) => `/media/${id}` },
      testInfo(),
      testSettings({ theme: 'system' })
    )
  return { invoke }
}

const open = (container: HTMLElement): void => {
  const details = container.querySelector('details') as HTMLDetailsElement
  details.open = true
  fireEvent(details, new Event('toggle'))
}

describe('Settings › a gateway › Sending [P49]', () => {
  afterEach(() => vi.useRealTimers())

  it('saves a lane’s limits as numbers, and an empty per-minute as no limit', async () => {
    const { invoke } = setup([lane(), lane({ endpoint: 'videos', kind: 'video' })])
    const { container } = render(<LaneLimits profileId="p1" />)
    open(container)
    const atOnce = await screen.findByRole('textbox', { name: 'At once for Per image' })
    fireEvent.change(atOnce, { target: { value: '1' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Per minute for Per image' }), {
      target: { value: '60' }
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(invoke).toHaveBeenCalledWith('lanes.set', {
        profileId: 'p1',
        endpoint: 'imagesV3',
        limits: { concurrency: 1, perMinute: 60 }
      })
    )
    // Saved: the lane says so and offers the way back.
    expect(await screen.findByRole('button', { name: 'Use defaults' })).toBeTruthy()
    expect(screen.getAllByText('Set by you').length).toBe(1)
  })

  it('refuses what a lane cannot take and says what it takes, sending nothing', async () => {
    const { invoke } = setup([lane()])
    const { container } = render(<LaneLimits profileId="p1" />)
    open(container)
    fireEvent.change(await screen.findByRole('textbox', { name: 'At once for Per image' }), {
      target: { value: '0' }
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByRole('alert')).textContent).toContain('whole number from 1 to 32')
    expect(invoke.mock.calls.filter(([name]) => name === 'lanes.set')).toEqual([])
  })

  it('says when a lane is held or slowed by the gateway, and what it is sending', async () => {
    setup([
      lane({ slowedTo: 1, running: 1, waiting: 4 }),
      lane({ endpoint: 'imagesV1', running: 2, waiting: 5 }),
      lane({ endpoint: 'videos', kind: 'video', holdUntil: Date.UTC(2026, 0, 1, 10, 42, 5) })
    ])
    const { container } = render(<LaneLimits profileId="p1" />)
    open(container)
    expect(await screen.findByText('Slowed to 1 at a time after the gateway asked')).toBeTruthy()
    expect(screen.getByText('2 sending · 5 waiting')).toBeTruthy()
    expect(screen.getByText(/The gateway asked to wait until/)).toBeTruthy()
  })
})
