import { describe, expect, it } from 'vitest'
import { TOOL_NOT_RUN, type HistoryTurn } from '../../../../src/main/chat/requests'
import { buildRequest } from '../../../../src/main/chat/styles'
import { DEFAULT_MAX_TOKENS, defaultChatSettings } from '../../../../src/shared/schemas/chat'

const image = { mime: 'image/png', base64: 'iVBORw0KGgo=' }
const history: HistoryTurn[] = [
  { role: 'user', text: 'What is this?', toolCalls: [], images: [image] },
  {
    role: 'assistant',
    text: 'Let me look.',
    toolCalls: [{ id: 'call_1', name: 'lookup', arguments: '{"q":"x"}' }],
    images: []
  },
  // A reply stopped before any text: left out.
  { role: 'assistant', text: '  ', toolCalls: [], images: [] },
  { role: 'user', text: 'Go on', toolCalls: [], images: [] }
]
const tools = [{ name: 'lookup', description: 'Find things' }]
const setup = (patch = {}) => ({
  model: 'm',
  systemPrompt: 'Be brief.',
  settings: { ...defaultChatSettings(), tools, ...patch }
})

describe('request bodies per style', () => {
  it('chat: system message, image_url data URI, tool calls answered by a tool message', () => {
    const { body } = buildRequest('chat', setup({ temperature: 0.3, maxTokens: 99 }), history)
    expect(body).toEqual({
      model: 'm',
      temperature: 0.3,
      max_tokens: 99,
      tools: [
        {
          type: 'function',
          function: {
            name: 'lookup',
            description: 'Find things',
            parameters: { type: 'object', properties: {} }
          }
        }
      ],
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } }
          ]
        },
        {
          role: 'assistant',
          content: 'Let me look.',
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"q":"x"}' } }
          ]
        },
        { role: 'tool', tool_call_id: 'call_1', content: TOOL_NOT_RUN },
        { role: 'user', content: 'Go on' }
      ]
    })
  })

  it('messages: max_tokens always, base64 image block, tool_result first in the next user turn', () => {
    const { body } = buildRequest('messages', setup(), history)
    expect(body).toEqual({
      model: 'm',
      max_tokens: DEFAULT_MAX_TOKENS,
      system: 'Be brief.',
      tools: [
        { name: 'lookup', description: 'Find things', input_schema: { type: 'object', properties: {} } }
      ],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
            { type: 'text', text: 'What is this?' }
          ]
        },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Let me look.' },
            { type: 'tool_use', id: 'call_1', name: 'lookup', input: { q: 'x' } }
          ]
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'call_1', content: TOOL_NOT_RUN, is_error: true },
            { type: 'text', text: 'Go on' }
          ]
        }
      ]
    })
  })

  it('responses: instructions, input_image, function_call with its output, max_output_tokens', () => {
    const { body } = buildRequest('responses', setup({ maxTokens: 50 }), history)
    expect(body).toEqual({
      model: 'm',
      instructions: 'Be brief.',
      max_output_tokens: 50,
      tools: [
        {
          type: 'function',
          name: 'lookup',
          description: 'Find things',
          parameters: { type: 'object', properties: {} }
        }
      ],
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'What is this?' },
            { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=' }
          ]
        },
        { role: 'assistant', content: 'Let me look.' },
        { type: 'function_call', call_id: 'call_1', name: 'lookup', arguments: '{"q":"x"}' },
        { type: 'function_call_output', call_id: 'call_1', output: TOOL_NOT_RUN },
        { role: 'user', content: 'Go on' }
      ]
    })
  })

  it('leaves out what the conversation does not set', () => {
    const { body } = buildRequest(
      'chat',
      { model: 'm', systemPrompt: ' ', settings: defaultChatSettings() },
      [{ role: 'user', text: 'Hi', toolCalls: [], images: [] }]
    )
    expect(body).toEqual({ model: 'm', messages: [{ role: 'user', content: 'Hi' }] })
  })
})
