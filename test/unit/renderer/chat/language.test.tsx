import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ChatScreen } from '@renderer/features/chat/ChatScreen'
import { composerKey, useChatStore } from '@renderer/features/chat/store'
import { i18n } from '@renderer/i18n'
import { useProfilesStore } from '@renderer/store/profiles'
import { defaultChatSettings, type ConversationView } from '@shared/schemas/chat'
import { connectFake, message } from './harness'

const demo = {
  id: 'p1',
  kind: 'demo' as const,
  // The backend records the demo under its English name; the screen says it in the language in use.
  name: 'Demo gateway',
  baseUrl: 'http://127.0.0.1:1/t/acme',
  fieldMap: {} as never,
  extraFields: {},
  active: true,
  hasKey: true,
  keyLast4: null,
  keyRemoved: null
}

const catalog = {
  profileId: 'p1',
  fetchedAt: 1,
  models: [
    {
      id: 'studio-chat',
      ownedBy: null,
      supportedEndpoints: ['/v1/chat/completions', '/v1/responses'],
      billingUnit: 'token'
    }
  ]
}

const conversation: ConversationView = {
  id: 'c1',
  title: 'Moodboard ideas',
  profileId: 'p1',
  profileName: 'Demo gateway',
  model: 'studio-chat',
  style: 'chat',
  systemPrompt: '',
  settings: defaultChatSettings(),
  messageCount: 2,
  createdAt: Date.UTC(2021, 2, 5, 9, 30),
  updatedAt: Date.UTC(2021, 2, 5, 9, 30)
}

const usage = {
  inputTokens: 12,
  outputTokens: 1234,
  totalTokens: 1246,
  cachedTokens: null,
  cacheCreationTokens: null,
  cacheReadTokens: null,
  reasoningTokens: null
}

function connect(): void {
  connectFake({
    'chat.list': [conversation],
    'chat.get': {
      conversation,
      messages: [
        message({ id: 'u1', role: 'user', text: 'Three moodboard ideas, please' }),
        message({ id: 'a1', status: 'stopped', text: 'First, a seaside palette', usage })
      ],
      branches: {}
    },
    'chat.presets': [],
    'models.list': catalog
  })
  useProfilesStore.setState({ profiles: [demo], catalogs: { p1: catalog } })
}

describe('the chat screen in Simplified Chinese (issue 16)', () => {
  // happy-dom does no layout: give the virtualized message list a view, so its rows render.
  const saved = {
    clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
    offsetHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')
  }
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 })
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 100 })
  })
  afterAll(() => {
    for (const [key, descriptor] of Object.entries(saved)) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor)
    }
  })
  beforeEach(async () => {
    useChatStore.setState({
      conversations: [],
      listLoaded: false,
      currentId: null,
      messageIds: {},
      messages: {},
      settingsOpen: false,
      modelNotice: null
    })
    await i18n.changeLanguage('zh-CN')
  })

  it('names a new chat’s controls in Chinese, and the conversation list’s dates and gateway too', async () => {
    connect()
    render(<ChatScreen />)
    expect(screen.getByRole('heading', { level: 1, name: '新对话' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '新建对话' })).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: '搜索对话' })).toHaveAttribute('placeholder', '搜索全部消息')
    const picker = screen.getByRole('combobox', { name: '模型' })
    await waitFor(() => expect(picker).toHaveAttribute('placeholder', '选择模型…'))
    expect(screen.getByRole('textbox', { name: '消息' })).toHaveAttribute('placeholder', '先选择模型再开始')
    expect(screen.getByRole('button', { name: '添加图片' })).toBeInTheDocument()
    // An attachment's remove button is ui/IconButton: named in Chinese, its name also its tooltip, no bare ×.
    act(() =>
      useChatStore.getState().updateComposer(composerKey(null), () => ({
        images: [
          {
            id: 'i1',
            name: 'swatch.png',
            mime: 'image/png',
            data: 'iVBORw==',
            previewUrl: 'blob:x',
            bytes: 4
          }
        ]
      }))
    )
    const attached = screen.getByRole('list', { name: '待发送的图片' })
    const remove = within(attached).getByRole('button', { name: '移除 swatch.png' })
    expect(remove).toHaveAttribute('title', '移除 swatch.png')
    expect(remove).not.toHaveTextContent('×')
    fireEvent.click(remove)
    expect(screen.queryByRole('list', { name: '待发送的图片' })).toBeNull()
    expect(screen.getByRole('button', { name: '发送' })).toBeDisabled()
    expect(screen.getByRole('button', { name: '对话设置' })).toBeInTheDocument()
    expect(screen.getByText('开始对话')).toBeInTheDocument()

    const history = await screen.findByRole('list', { name: '历史对话' })
    // The demo gateway goes by its Chinese name; the date is written the Chinese way, by Intl.
    expect(within(history).getByText('演示网关')).toBeInTheDocument()
    expect(within(history).getByText('2021年3月5日')).toHaveAttribute('title', 'OpenAI Chat Completions')
  })

  it('names an open conversation’s controls, statuses, usage and settings in Chinese', async () => {
    connect()
    act(() => useChatStore.getState().open('c1'))
    render(<ChatScreen />)
    const reply = await screen.findByRole('article', { name: '回复' })
    expect(screen.getByRole('heading', { level: 1, name: 'Moodboard ideas' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重命名' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '删除' })).toBeInTheDocument()
    expect(screen.getByText('导出')).toBeInTheDocument()
    expect(screen.getByRole('radiogroup', { name: '接口格式' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'OpenAI Chat Completions' })).toBeChecked()
    expect(screen.getByRole('textbox', { name: '消息' })).toHaveAttribute(
      'placeholder',
      '给 studio-chat 发消息'
    )

    // The message text stays as it was written; our words around it are Chinese.
    expect(within(reply).getByText('First, a seaside palette')).toBeInTheDocument()
    expect(within(reply).getByText('已停止')).toHaveClass('pill')
    expect(within(reply).getByText(/你停止了这条回复/)).toBeInTheDocument()
    expect(within(reply).getByText('重新生成')).toBeInTheDocument()
    expect(within(reply).getByRole('button', { name: '复制' })).toBeInTheDocument()
    expect(within(reply).getByRole('button', { name: '用作生图提示词' })).toBeInTheDocument()
    const tokens = within(reply).getByLabelText('Token 用量')
    expect(within(tokens).getByText('总计')).toBeInTheDocument()
    expect(within(tokens).getByText('1,246')).toBeInTheDocument()
    const mine = screen.getByRole('article', { name: '你的消息' })
    expect(within(mine).getByRole('button', { name: '编辑' })).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: '对话设置' }))
    const settings = screen.getByRole('region', { name: '对话设置' })
    expect(within(settings).getByLabelText('系统提示词')).toBeInTheDocument()
    expect(within(settings).getByLabelText('温度')).toHaveAttribute('placeholder', '模型默认')
    expect(within(settings).getByLabelText('最大 Token 数')).toBeInTheDocument()
    expect(within(settings).getByRole('checkbox', { name: '流式输出' })).toBeChecked()
    expect(within(settings).getByRole('combobox', { name: '预设' })).toHaveDisplayValue('无')
  })

  it('asks before deleting, in Chinese, with the count through the library', async () => {
    connect()
    act(() => useChatStore.getState().open('c1'))
    render(<ChatScreen />)
    await screen.findByRole('article', { name: '回复' })
    fireEvent.click(screen.getByRole('button', { name: '删除' }))
    const dialog = screen.getByRole('alertdialog', { name: '删除这个对话？' })
    expect(dialog).toHaveTextContent('“Moodboard ideas”及其全部 2 条消息将被永久删除')
    expect(within(dialog).getByRole('button', { name: '取消' })).toHaveFocus()
    expect(within(dialog).getByRole('button', { name: '删除对话' })).toBeInTheDocument()
  })
})
