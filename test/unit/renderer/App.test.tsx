import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { App } from '@renderer/App'
import { useAppStore } from '@renderer/store/app'
import { createApiClient, type Transport } from '@shared/client'
import { testInfo, testSettings } from './connection'

const settings = testSettings({ theme: 'system' })
const info = testInfo()

function setup(): { invoke: ReturnType<typeof vi.fn> } {
  const invoke = vi.fn((name: string, input: unknown) =>
    Promise.resolve(
      name === 'settings.update'
        ? { ok: true, value: { ...settings, ...(input as object) } }
        : { ok: true, value: settings }
    )
  )
  const transport: Transport = { invoke, subscribe: () => () => undefined }
  useAppStore.setState({ screen: 'chat' })
  useAppStore
    .getState()
    .setConnection(
      { api: createApiClient(transport), host: 'web', mediaUrl: (id) => `/media/${id}` },
      info,
      settings
    )
  return { invoke }
}

describe('app shell', () => {
  beforeEach(() => {
    document.documentElement.dataset.theme = ''
  })

  it('offers every screen in the main navigation by its accessible name', () => {
    setup()
    render(<App />)
    const nav = screen.getByRole('navigation', { name: 'Main' })
    for (const label of ['Chat', 'Images', 'Edit', 'Video', 'Queue', 'Gallery', 'Settings']) {
      expect(within(nav).getByRole('button', { name: label })).toBeInTheDocument()
    }
    expect(within(nav).getByRole('button', { name: 'Chat' })).toHaveAttribute('aria-current', 'page')
  })

  it('changes the theme through the backend and applies it', async () => {
    const { invoke } = setup()
    render(<App />)
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }))
    expect(screen.getByText('/data')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }))
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'))
    expect(invoke).toHaveBeenCalledWith('settings.update', { theme: 'dark' })
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked()
  })
})
