import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { GatewaysSection } from '@renderer/features/settings/GatewaysSection'
import { i18n } from '@renderer/i18n'
import { useAppStore } from '@renderer/store/app'
import { useProfilesStore } from '@renderer/store/profiles'
import { createApiClient, type Transport } from '@shared/client'
import { defaultFieldMap } from '@shared/gateway/fieldMap'
import type { ProfileView } from '@shared/schemas/profiles'
import { testInfo, testSettings } from '../connection'

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

/** What secrets.setKey answers on a machine without a keyring (the Electron cipher's sentence). */
const WEAK = {
  ok: false,
  error: {
    code: 'secrets.weak_protection',
    message: 'No system keyring was found: Electron would protect keys with a built-in password only',
    details: { protection: 'weak' },
    words: { code: 'keysNoKeyring' }
  }
} as const

function setup(profile: ProfileView, setKey?: typeof WEAK): { invoke: ReturnType<typeof vi.fn> } {
  const invoke = vi.fn((name: string) =>
    Promise.resolve(
      name === 'secrets.setKey'
        ? (setKey ?? { ok: true, value: { ...profile, hasKey: true, keyLast4: '9876', keyRemoved: null } })
        : { ok: true, value: [] }
    )
  )
  const transport: Transport = { invoke, subscribe: () => () => undefined }
  useAppStore
    .getState()
    .setConnection(
      { api: createApiClient(transport), host: 'web', mediaUrl: (id) => `/media/${id}` },
      testInfo(),
      testSettings({ theme: 'system' })
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

/**
 * Issue 16: the cipher's description crosses as a code, so the weak-protection question is worded in the
 * language shown; the delete question names the gateway in its title.
 */
describe('Settings › Gateways in 简体中文', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en')
  })

  it('asks before a weak store with the reason in Chinese, and titles the delete question by name', async () => {
    setup({ ...moved, keyRemoved: null }, WEAK)
    await i18n.changeLanguage('zh-CN')
    render(<GatewaysSection />)
    fireEvent.click(screen.getByRole('button', { name: /^Acme/ }))
    const details = screen.getByRole('region', { name: 'Acme 详情' })
    fireEvent.change(within(details).getByLabelText(/API 密钥/), { target: { value: 'sk-weak-0000' } })
    fireEvent.click(within(details).getByRole('button', { name: '保存密钥' }))
    const weak = await screen.findByRole('alertdialog', { name: '密钥保护较弱' })
    expect(weak).toHaveTextContent(
      '没有找到系统钥匙串：Electron 只能用内置密码保护密钥。任何能以你的身份读取文件的人都可能取回它。'
    )
    expect(weak).not.toHaveTextContent('keyring')
    fireEvent.click(within(weak).getByRole('button', { name: '取消' }))

    fireEvent.click(within(details).getByRole('button', { name: '删除…' }))
    const confirm = await screen.findByRole('alertdialog', { name: '删除网关“Acme”？' })
    expect(confirm).toHaveTextContent('它保存的密钥和缓存的模型列表也会一并移除。')
  })
})
