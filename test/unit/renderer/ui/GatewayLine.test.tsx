import { render, screen, within } from '@testing-library/react'
import type { ReactElement } from 'react'
import { describe, expect, it } from 'vitest'
import { i18n } from '@renderer/i18n'
import { unlistedModelNotice } from '@renderer/ui/useModels'
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

describe('the gateway line in 简体中文 (issue 16)', () => {
  it('names the demo gateway in Chinese and says what it gives instead', async () => {
    emptyApp()
    await i18n.changeLanguage('zh-CN')
    render(<VideoScreen />)
    const header = within(titleBar())
    expect(header.getByText(/^当前网关：演示网关/)).toBeInTheDocument()
    expect(header.getByText('· 演示网关：只返回一段示例视频，并非按提示词生成。')).toBeInTheDocument()
  })

  it('says a let-go model in Chinese, keeping the model id and the gateway’s name', async () => {
    await i18n.changeLanguage('zh-CN')
    expect(unlistedModelNotice('seedream-basic', 'Acme')).toBe(
      '当前网关（Acme）未提供 seedream-basic，已取消选择。请从它提供的模型中另选一个。'
    )
  })
})
