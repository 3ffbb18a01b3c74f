import { act, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ChatScreen } from '@renderer/features/chat/ChatScreen'
import { useChatStore } from '@renderer/features/chat/store'
import { useEditStore } from '@renderer/features/edit/store'
import { EditScreen } from '@renderer/features/edit/EditScreen'
import { useProfilesStore } from '@renderer/store/profiles'
import { ErrorNotice } from '@renderer/ui/ErrorNotice'
import { catalog, fakeBackend, profile } from '../images/harness'

/** Issue 15: screens re-derive their models from the listing of the gateway in use, at once. */
describe('screens follow the catalog of the gateway in use', () => {
  it('a new chat lets go of a model the gateway does not list, with one line, and cannot send it', async () => {
    fakeBackend({ 'chat.list': () => [] })
    useChatStore.setState({ currentId: null, modelNotice: null })
    useChatStore.getState().setDraft({ model: 'studio-chat', style: 'chat' })
    render(<ChatScreen />)
    expect(
      await screen.findByText(
        'studio-chat is not listed by Demo gateway, so it is no longer selected. Pick one of its models.'
      )
    ).toBeInTheDocument()
    expect(useChatStore.getState().draft.model).toBeNull()
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled()
  })

  it('keeps a model while the listing is still on its way (a dropped, never-fetched catalog)', async () => {
    fakeBackend({
      'chat.list': () => [],
      'models.list': () => ({ ...catalog, models: [], fetchedAt: null }),
      'models.refresh': () => new Promise(() => undefined)
    })
    useChatStore.setState({ currentId: null, modelNotice: null })
    useChatStore.getState().setDraft({ model: 'studio-chat', style: 'chat' })
    render(<ChatScreen />)
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('studio-chat (checking…)')
    )
    expect(useChatStore.getState().draft.model).toBe('studio-chat')
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled()
  })

  it('Edit lets go of a model the new listing leaves out and picks one it lists', async () => {
    fakeBackend({ 'chat.list': () => [] })
    useEditStore.setState({ model: 'gone-model' })
    render(<EditScreen />)
    expect(await screen.findByText(/gone-model is not listed by Demo gateway/)).toBeInTheDocument()
    await waitFor(() => expect(useEditStore.getState().model).toBe('gpt-image'))
  })

  it('"This model supports" follows the listing in use, not the one at the time of the failure', () => {
    fakeBackend()
    useProfilesStore.setState({ profiles: [profile], catalogs: { p1: catalog } })
    const mismatch = {
      code: 'gateway.mismatch',
      message: 'The model does not support this kind of request.',
      details: {
        kind: 'mismatch',
        title: 'This model cannot do that',
        message: 'x',
        action: 'pick_model',
        supportedEndpoints: ['/v1/old-endpoint']
      }
    }
    const { rerender } = render(<ErrorNotice error={mismatch} model="compat" />)
    expect(screen.getByText('This model supports: Compatible, Image edit')).toBeInTheDocument()
    act(() =>
      useProfilesStore.setState({
        catalogs: { p1: { ...catalog, models: catalog.models.filter((m) => m.id !== 'compat') } }
      })
    )
    rerender(<ErrorNotice error={mismatch} model="compat" />)
    expect(screen.getByText('compat is not listed by Demo gateway.')).toBeInTheDocument()
    // Without the model named, the words of the failure stay as they were.
    rerender(<ErrorNotice error={mismatch} />)
    expect(screen.getByText('This model supports: /v1/old-endpoint')).toBeInTheDocument()
  })
})
