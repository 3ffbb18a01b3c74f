import { render, screen, within } from '@testing-library/react'
import type { ReactElement } from 'react'
import { describe, expect, it } from 'vitest'
import { ChatScreen } from '@renderer/features/chat/ChatScreen'
import { EditScreen } from '@renderer/features/edit/EditScreen'
import { ImagesScreen } from '@renderer/features/images/ImagesScreen'
import { VideoScreen } from '@renderer/features/video/VideoScreen'
import { useProfilesStore } from '@renderer/store/profiles'
import { fakeBackend, profile } from '../images/harness'

/** The title bar of the rendered screen: the header that holds its h1. */
function titleBar(): HTMLElement {
  const header = screen.getByRole('heading', { level: 1 }).closest('header')
  if (!header) throw new Error('the screen title is not in a header')
  return header
}

const screens: ReadonlyArray<readonly [string, () => ReactElement, RegExp]> = [
  ['Chat', () => <ChatScreen />, /Demo gateway: replies are made-up filler text, not a real model\./],
  [
    'Images',
    () => <ImagesScreen />,
    /Demo gateway: it draws placeholder shapes, not what the prompt describes\./
  ],
  [
    'Edit',
    () => <EditScreen />,
    /Demo gateway: it draws placeholder shapes, not what the prompt describes\./
  ],
  ['Video', () => <VideoScreen />, /Demo gateway: it returns a sample clip, not one made from the prompt\./]
]

// An app with nothing in it yet: no conversations, no jobs, the demo's models.
const emptyApp = (): void => void fakeBackend({ 'chat.list': () => [] })

describe('the gateway line on every generating screen', () => {
  it.each(screens)('%s names the gateway and says the demo gives stand-ins', (_name, ui, note) => {
    emptyApp()
    render(ui())
    const header = within(titleBar())
    expect(header.getByText(/^On Demo gateway/)).toBeInTheDocument()
    expect(header.getByText(note)).toBeInTheDocument()
  })

  it.each(screens)('%s names a real gateway without the demo note', (_name, ui) => {
    emptyApp()
    useProfilesStore.setState({
      profiles: [{ ...profile, id: 'p2', kind: 'remote', name: 'Acme production' }]
    })
    render(ui())
    const header = within(titleBar())
    expect(header.getByText(/^On Acme production/)).toBeInTheDocument()
    expect(header.queryByText(/Demo gateway/)).toBeNull()
  })
})
