import { describe, expect, it } from 'vitest'
import { ReplyAssembly } from '../../../../src/main/chat/assembly'
import { createChatDecoder } from '../../../../src/main/gateway/streams/chat'
import { createMessagesDecoder } from '../../../../src/main/gateway/streams/messages'
import { createResponsesDecoder } from '../../../../src/main/gateway/streams/responses'

/** Feeds SSE payloads through the real decoder of the style, as the gateway client would. */
function sse<E>(
  decoder: { message(m: { event?: string; data: string }): E[] },
  apply: (e: E) => void,
  events: (Record<string, unknown> | string)[]
): void {
  for (const e of events) {
    const data = typeof e === 'string' ? e : JSON.stringify(e)
    const event = typeof e === 'string' ? undefined : (e['type'] as string | undefined)
    for (const typed of decoder.message({ event, data })) apply(typed)
  }
}

const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id: 'c1',
  model: 'm',
  choices: [{ index: 0, delta, finish_reason: null }],
  ...extra
})

describe('reply assembly', () => {
  it('chat: appends text deltas, gathers reasoning and keeps usage with its cache details', () => {
    const a = new ReplyAssembly()
    sse(createChatDecoder(), (e) => a.applyChat(e), [
      chunk({ role: 'assistant', content: '' }),
      chunk({ reasoning_content: 'Thinking…' }),
      chunk({ content: 'Hel' }),
      chunk({ content: 'lo, ' }),
      chunk({ content: 'naïve 文字 🙂' }),
      { id: 'c1', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
      {
        id: 'c1',
        choices: [],
        usage: {
          prompt_tokens: 5,
          completion_tokens: 3,
          total_tokens: 8,
          prompt_tokens_details: { cached_tokens: 2 }
        }
      },
      '[DONE]'
    ])
    expect(a.text).toBe('Hello, naïve 文字 🙂')
    expect(a.reasoning).toBe('Thinking…')
    expect(a.finishReason).toBe('stop')
    expect(a.usage).toMatchObject({ total_tokens: 8, prompt_tokens_details: { cached_tokens: 2 } })
    expect(a.done).toBe(true)
  })

  it('chat: puts tool-call JSON fragments together per index, interleaved', () => {
    const a = new ReplyAssembly()
    const call = (index: number, fn: Record<string, unknown>, id?: string) =>
      chunk({ tool_calls: [{ index, ...(id ? { id, type: 'function' } : {}), function: fn }] })
    sse(createChatDecoder(), (e) => a.applyChat(e), [
      call(0, { name: 'get_weather', arguments: '' }, 'call_a'),
      call(1, { name: 'get_time', arguments: '{"tz"' }, 'call_b'),
      call(0, { arguments: '{"city":' }),
      call(1, { arguments: ':"UTC"}' }),
      call(0, { arguments: '"Paris"}' }),
      { id: 'c1', choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
      '[DONE]'
    ])
    expect(a.toolCalls).toEqual([
      { id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { id: 'call_b', name: 'get_time', arguments: '{"tz":"UTC"}' }
    ])
    expect(a.text).toBe('')
    expect(a.finishReason).toBe('tool_calls')
  })

  it('messages: text blocks become paragraphs, tool input JSON is assembled, usage is cumulative', () => {
    const a = new ReplyAssembly()
    sse(createMessagesDecoder(), (e) => a.applyMessages(e), [
      {
        type: 'message_start',
        message: {
          id: 'msg_1',
          model: 'm',
          usage: {
            input_tokens: 12,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: 30,
            output_tokens: 1
          }
        }
      },
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Hmm.' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
      { type: 'ping' },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'First.' } },
      { type: 'content_block_stop', index: 1 },
      {
        type: 'content_block_start',
        index: 2,
        content_block: { type: 'tool_use', id: 'toolu_1', name: 'lookup', input: {} }
      },
      {
        type: 'content_block_delta',
        index: 2,
        delta: { type: 'input_json_delta', partial_json: '{"q": "li' }
      },
      {
        type: 'content_block_delta',
        index: 2,
        delta: { type: 'input_json_delta', partial_json: 'ghthouse"}' }
      },
      { type: 'content_block_stop', index: 2 },
      { type: 'content_block_start', index: 3, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 3, delta: { type: 'text_delta', text: 'Second.' } },
      { type: 'content_block_stop', index: 3 },
      {
        type: 'message_delta',
        delta: { stop_reason: 'tool_use', stop_sequence: null },
        usage: { output_tokens: 40 }
      },
      { type: 'message_stop' }
    ])
    expect(a.reasoning).toBe('Hmm.')
    expect(a.text).toBe('First.\n\nSecond.')
    expect(a.toolCalls).toEqual([{ id: 'toolu_1', name: 'lookup', arguments: '{"q": "lighthouse"}' }])
    expect(a.usage).toEqual({
      input_tokens: 12,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 30,
      output_tokens: 40
    })
    expect(a.finishReason).toBe('tool_use')
    expect(a.done).toBe(true)
  })

  it('responses: function-call arguments from fragments, the final arguments win, incomplete keeps its reason', () => {
    const a = new ReplyAssembly()
    const base = { id: 'r1', object: 'response', model: 'm', output: [] }
    sse(createResponsesDecoder(), (e) => a.applyResponses(e), [
      { type: 'response.created', response: { ...base, status: 'in_progress' } },
      {
        type: 'response.output_item.added',
        output_index: 0,
        item: { id: 'msg_1', type: 'message', status: 'in_progress', role: 'assistant', content: [] }
      },
      {
        type: 'response.output_text.delta',
        item_id: 'msg_1',
        output_index: 0,
        content_index: 0,
        delta: 'Look'
      },
      {
        type: 'response.output_text.delta',
        item_id: 'msg_1',
        output_index: 0,
        content_index: 0,
        delta: 'ing.'
      },
      {
        type: 'response.output_item.added',
        output_index: 1,
        item: { id: 'fc_1', type: 'function_call', call_id: 'call_9', name: 'search', arguments: '' }
      },
      { type: 'response.function_call_arguments.delta', item_id: 'fc_1', output_index: 1, delta: '{"q":' },
      { type: 'response.function_call_arguments.delta', item_id: 'fc_1', output_index: 1, delta: '"x' },
      {
        type: 'response.function_call_arguments.done',
        item_id: 'fc_1',
        output_index: 1,
        arguments: '{"q":"xy"}'
      },
      {
        type: 'response.incomplete',
        response: {
          ...base,
          status: 'incomplete',
          incomplete_details: { reason: 'max_output_tokens' },
          usage: {
            input_tokens: 9,
            output_tokens: 4,
            total_tokens: 13,
            input_tokens_details: { cached_tokens: 0 }
          }
        }
      }
    ])
    expect(a.text).toBe('Looking.')
    expect(a.toolCalls).toEqual([{ id: 'call_9', name: 'search', arguments: '{"q":"xy"}' }])
    expect(a.finishReason).toBe('max_output_tokens')
    expect(a.usage).toMatchObject({ total_tokens: 13, input_tokens_details: { cached_tokens: 0 } })
  })

  it('counts tool-call changes so a listener can tell when to resend the list', () => {
    const a = new ReplyAssembly()
    const before = a.toolCallsVersion
    a.applyChat({ type: 'text', choice: 0, text: 'x' })
    expect(a.toolCallsVersion).toBe(before)
    a.applyChat({ type: 'tool_call_delta', choice: 0, index: 0, id: 'c', name: 'f', arguments: '{' })
    expect(a.toolCallsVersion).toBeGreaterThan(before)
  })

  it('ignores other choices than the first', () => {
    const a = new ReplyAssembly()
    a.applyChat({ type: 'text', choice: 1, text: 'other' })
    a.applyChat({ type: 'text', choice: 0, text: 'mine' })
    expect(a.text).toBe('mine')
  })

  it('reads whole answers of each style (the non-stream fallback)', () => {
    const chat = new ReplyAssembly()
    chat.applyChatCompletion({
      id: 'c',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'Sure.',
            tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }]
          },
          finish_reason: 'tool_calls'
        }
      ],
      usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 }
    })
    expect(chat).toMatchObject({ text: 'Sure.', finishReason: 'tool_calls', done: true })
    expect(chat.toolCalls).toEqual([{ id: 'call_1', name: 'f', arguments: '{"a":1}' }])

    const messages = new ReplyAssembly()
    messages.applyMessagesResult({
      id: 'm',
      content: [
        { type: 'text', text: 'One.' },
        { type: 'tool_use', id: 'toolu_1', name: 'g', input: { b: [1, 2] } },
        { type: 'text', text: 'Two.' }
      ],
      stop_reason: 'tool_use',
      usage: { input_tokens: 3, output_tokens: 4, cache_read_input_tokens: 5 }
    })
    expect(messages.text).toBe('One.\n\nTwo.')
    expect(messages.toolCalls).toEqual([{ id: 'toolu_1', name: 'g', arguments: '{"b":[1,2]}' }])

    const responses = new ReplyAssembly()
    responses.applyResponsesResult({
      id: 'r',
      status: 'completed',
      output: [
        { type: 'message', content: [{ type: 'output_text', text: 'Done.' }] },
        { type: 'function_call', call_id: 'call_2', name: 'h', arguments: '{}' }
      ],
      usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 }
    })
    expect(responses).toMatchObject({ text: 'Done.', finishReason: 'completed', done: true })
    expect(responses.toolCalls).toEqual([{ id: 'call_2', name: 'h', arguments: '{}' }])
  })
})
