import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { GatewaysSection } from '@renderer/features/settings/GatewaysSection'
import { useAppStore } from '@renderer/store/app'
import { useProfilesStore } from '@renderer/store/profiles'
import { createApiClient, type Transport } from '@shared/client'
import { defaultFieldMap } from '@shared/gateway/fieldMap'
import type { ProfileView } from '@shared/schemas/profiles'

const moved: ProfileView = {
  id: 'p1',
  kind: 'remote',
  name: 'Acme',
  baseUrl: 'https://new-gateway.example.net/t/acme',
  fieldMap: defaultFieldMap(),
  extraFields: {},
  active: true,
  hasKey: false,
  keyLast4: null,
  keyRemoved: { reason: 'origin_changed', origin: 'https://new-gateway.example.net' }
}

function setup(profile: ProfileView): { invoke: ReturnType<typeof vi.fn> } {
  const invoke = vi.fn((name: string) =>
    Promise.resolve(
      name === 'secrets.setKey'
        ? { ok: true, value: { ...profile, hasKey: true, keyLast4: '9876', keyRemoved: null } }
        : { ok: true, value: [] }
    )
  )
  const transport: Transport = { invoke, subscribe: () => () => undefined }
  useAppStore.getState().setConnection(
    { api: createApiClient(transport), host: 'web', mediaUrl: (id) => `/media/${id}` },
    { name: 'Gateway Studio', version: '0.1.0', dataDir: '/data', host: 'web', platform: 'linux' },
    {
      theme: 'system',
      language: 'en',
      notifyOnJobFinish: true,
      exportNameTemplate: '{date}_{model}_{index}'
    }
  )
  useProfilesStore.getState().setProfiles([profile])
  return { invoke }
}

describe('Settings › Gateways after the gateway address moved to another server', () => {
  beforeEach(() => useProfilesStore.getState().setProfiles([]))

  it('[P11] says plainly that the key was removed and why, and asks for the key of the new server', async () => {
    const { invoke } = setup(moved)
    render(<GatewaysSection />)
    const list = screen.getByRole('list', { name: 'Gateway profiles' })
    expect(within(list).getByText('Key removed')).toBeInTheDocument()

    fireEvent.click(within(list).getByRole('button', { name: /^Acme .*\(in use\)$/ }))
    const details = screen.getByRole('region', { name: 'Acme details' })
    expect(within(details).getByRole('alert')).toHaveTextContent(
      'The key was removed because the gateway address moved to another server. Enter the key for https://new-gateway.example.net.'
    )
    const input = within(details).getByLabelText(/API key/)
    expect(input).toHaveAttribute('placeholder', 'Paste the key for https://new-gateway.example.net')

    fireEvent.change(input, { target: { value: 'sk-new-server-9876' } })
    fireEvent.click(within(details).getByRole('button', { name: 'Save key' }))
    await waitFor(() =>
      expect(invoke).toHaveBeenCalledWith(
        'secrets.setKey',
        expect.objectContaining({ profileId: 'p1', apiKey: 'sk-new-server-9876' })
      )
    )
  })

  it('shows no such notice for a profile whose key is simply not entered yet', () => {
    setup({ ...moved, keyRemoved: null })
    render(<GatewaysSection />)
    fireEvent.click(screen.getByRole('button', { name: /^Acme .*\(in use\)$/ }))
    const details = screen.getByRole('region', { name: 'Acme details' })
    expect(within(details).queryByRole('alert')).toBeNull()
    expect(screen.getByText('No key')).toBeInTheDocument()
  })
})
