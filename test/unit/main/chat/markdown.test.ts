import { describe, expect, it } from 'vitest'
import { conversationMarkdown } from '../../../../src/main/chat/markdown'
import type { ConversationRecord, MessageRecord } from '../../../../src/main/chat/rows'
import { defaultChatSettings } from '../../../../src/shared/schemas/chat'

const conversation: ConversationRecord = {
  id: 'c1',
  title: 'Lighthouse\n# moods',
  titleSet: true,
  profileId: 'demo',
  model: 'studio-messages',
  style: 'messages',
  systemPrompt: 'Answer like a poet.',
  settings: { ...defaultChatSettings(), temperature: 0.7, maxTokens: 512 },
  messageCount: 2,
  leafId: null,
  createdAt: Date.UTC(2026, 0, 2, 9, 30),
  updatedAt: Date.UTC(2026, 0, 2, 9, 31)
}

const message = (patch: Partial<MessageRecord>): MessageRecord => ({
  seq: 1,
  id: 'm',
  conversationId: 'c1',
  parentId: null,
  role: 'user',
  status: 'complete',
  text: '',
  reasoning: '',
  toolCalls: [],
  usage: null,
  error: null,
  model: null,
  style: null,
  finishReason: null,
  streamed: true,
  requestKey: null,
  attachments: [],
  createdAt: Date.UTC(2026, 0, 2, 9, 30),
  updatedAt: Date.UTC(2026, 0, 2, 9, 30),
  ...patch
})

describe('conversation Markdown export', () => {
  const markdown = conversationMarkdown(
    conversation,
    [
      message({
        text: 'Describe a lighthouse',
        attachments: [{ mediaId: 'x', mime: 'image/png', width: 640, height: 480 }]
      }),
      message({
        role: 'assistant',
        model: 'studio-messages',
        style: 'messages',
        status: 'stopped',
        text: 'It stands **alone**.\n\n```js\nlight()\n```',
        toolCalls: [{ id: 'toolu_1', name: 'search', arguments: '{"q":"a ```fence``` inside"}' }],
        usage: { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 3 }
      }),
      message({
        role: 'assistant',
        status: 'error',
        error: { code: 'gateway.balance', message: 'Not enough\nbalance' }
      })
    ],
    'Demo gateway',
    Date.UTC(2026, 0, 3, 12, 0)
  )

  it('starts with the title on one line and the conversation settings', () => {
    expect(markdown.split('\n')[0]).toBe('# Lighthouse # moods')
    expect(markdown).toContain('- Model: studio-messages (Messages)')
    expect(markdown).toContain('- Gateway: Demo gateway')
    expect(markdown).toContain('- Exported: 2026-01-03 12:00 UTC')
    expect(markdown).toContain('- Temperature: 0.7')
    expect(markdown).toContain('- Max tokens: 512')
    expect(markdown).toContain('## System prompt\n\n```text\nAnswer like a poet.\n```')
  })

  it('keeps each message, its attachments, state, tool calls and usage', () => {
    expect(markdown).toContain('## You\n\n_2026-01-02 09:30 UTC_\n\n- Image attachment (image/png, 640×480)')
    expect(markdown).toContain('## Assistant · studio-messages (Messages)')
    expect(markdown).toContain('It stands **alone**.\n\n```js\nlight()\n```')
    expect(markdown).toContain('_Stopped before the end._')
    expect(markdown).toContain('_Tokens: input 10 · output 5 · total 18 · cache read 3_')
    expect(markdown).toContain('> **Error:** Not enough balance')
  })

  it('pretty-prints tool arguments inside a fence longer than any backticks in them', () => {
    expect(markdown).toContain(
      '**Tool call** `search` (not run)\n\n````json\n{\n  "q": "a ```fence``` inside"\n}\n````'
    )
  })
})
