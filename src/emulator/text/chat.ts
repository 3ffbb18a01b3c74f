import { z } from 'zod'
import type { RequestContext } from '../context'
import { ENDPOINTS } from '../endpoints'
import { sendJson } from '../http/respond'
import { SseStream } from '../http/sse'
import { fields } from '../validate'
import { chunkPause, newId, prepareTurn, textOf, type TextTurn } from './common'
import type { Conversation } from './reply'

const toolName = z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, _ or -')
const textPart = z.strictObject({ type: z.literal('text'), text: z.string() })
const imagePart = z.strictObject({
  type: z.literal('image_url'),
  image_url: z.strictObject({ url: fields.imageRef, detail: z.enum(['auto', 'low', 'high']).optional() })
})
const textContent = z.union([z.string(), z.array(textPart).min(1)])
const toolCall = z.strictObject({
  id: z.string().min(1),
  type: z.literal('function'),
  function: z.strictObject({ name: toolName, arguments: z.string() })
})

const message = z.discriminatedUnion('role', [
  z.looseObject({ role: z.literal('system'), content: textContent }),
  z.looseObject({ role: z.literal('developer'), content: textContent }),
  z.looseObject({
    role: z.literal('user'),
    content: z.union([z.string(), z.array(z.discriminatedUnion('type', [textPart, imagePart])).min(1)])
  }),
  z.looseObject({
    role: z.literal('assistant'),
    content: textContent.nullable().optional(),
    tool_calls: z.array(toolCall).min(1).optional()
  }),
  z.looseObject({ role: z.literal('tool'), content: textContent, tool_call_id: z.string().min(1) })
])

const schema = z
  .looseObject({
    model: z.string(),
    messages: z.array(message).min(1),
    stream: z.boolean().optional(),
    stream_options: z.strictObject({ include_usage: z.boolean().optional() }).nullable().optional(),
    tools: z
      .array(
        z.strictObject({
          type: z.literal('function'),
          function: z.strictObject({
            name: toolName,
            description: z.string().optional(),
            parameters: z.record(z.string(), z.unknown()).optional(),
            strict: z.boolean().nullable().optional()
          })
        })
      )
      .optional(),
    tool_choice: z
      .union([
        z.enum(['none', 'auto', 'required']),
        z.strictObject({ type: z.literal('function'), function: z.strictObject({ name: toolName }) })
      ])
      .optional(),
    max_tokens: z.number().int().positive().optional(),
    max_completion_tokens: z.number().int().positive().optional(),
    n: z.literal(1, 'only n = 1 is supported').optional(),
    temperature: z.number().min(0).max(2).optional(),
    top_p: z.number().min(0).max(1).optional()
  })
  .superRefine((body, ctx) => {
    if (body.stream_options && body.stream !== true) {
      ctx.addIssue({ code: 'custom', path: ['stream_options'], message: 'only allowed when stream is true' })
    }
    const callIds = new Set<string>()
    body.messages.forEach((m, i) => {
      if (m.role === 'assistant') {
        for (const call of m.tool_calls ?? []) callIds.add(call.id)
        if ((m.content === undefined || m.content === null) && !m.tool_calls) {
          ctx.addIssue({
            code: 'custom',
            path: ['messages', i],
            message: 'assistant message needs content or tool_calls'
          })
        }
      }
      if (m.role === 'tool' && !callIds.has(m.tool_call_id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['messages', i, 'tool_call_id'],
          message: `answers no tool call of an earlier assistant message ("${m.tool_call_id}")`
        })
      }
    })
  })

type ChatBody = z.output<typeof schema>

function conversation(body: ChatBody): Conversation {
  const last = body.messages[body.messages.length - 1]
  const images = body.messages.reduce(
    (n, m) => n + (Array.isArray(m.content) ? m.content.filter((p) => p.type === 'image_url').length : 0),
    0
  )
  return {
    lastText: textOf(last?.content),
    lastIsToolResult: last?.role === 'tool',
    images,
    segments: body.messages.map((m) => JSON.stringify(m)),
    tools: body.tools?.map((t) => t.function.name) ?? []
  }
}

function usage(turn: TextTurn<ChatBody>): Record<string, unknown> {
  return {
    prompt_tokens: turn.inputTokens,
    completion_tokens: turn.plan.outputTokens,
    total_tokens: turn.inputTokens + turn.plan.outputTokens,
    prompt_tokens_details: { cached_tokens: turn.cachedTokens, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0 }
  }
}

const finishReason = (turn: TextTurn<ChatBody>): string =>
  turn.plan.tool ? 'tool_calls' : turn.plan.truncated ? 'length' : 'stop'

/** POST /v1/chat/completions (OpenAI format, docs/GATEWAY.md §2.2). */
export async function chatCompletions(ctx: RequestContext): Promise<void> {
  const turn = prepareTurn(ctx, ENDPOINTS.chat, schema, (body) => ({
    convo: conversation(body),
    maxTokens: body.max_completion_tokens ?? body.max_tokens
  }))
  const id = newId('chatcmpl-')
  const callId = newId('call_')
  const { plan } = turn
  if (turn.body.stream !== true) {
    const message = plan.tool
      ? {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: callId,
              type: 'function',
              function: { name: plan.tool.name, arguments: plan.tool.arguments }
            }
          ],
          refusal: null
        }
      : { role: 'assistant', content: plan.pieces.join(''), refusal: null }
    return sendJson(ctx.wire, 200, {
      id,
      object: 'chat.completion',
      created: turn.created,
      model: turn.model.id,
      choices: [{ index: 0, message, finish_reason: finishReason(turn), logprobs: null }],
      usage: usage(turn),
      system_fingerprint: null
    })
  }

  const includeUsage = turn.body.stream_options?.include_usage === true
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    id,
    object: 'chat.completion.chunk',
    created: turn.created,
    model: turn.model.id,
    system_fingerprint: null,
    choices,
    ...(includeUsage ? { usage: null } : {}),
    ...extra
  })
  const delta = (d: Record<string, unknown>): unknown[] => [
    { index: 0, delta: d, logprobs: null, finish_reason: null }
  ]
  const sse = new SseStream(ctx.wire)
  await sse.open()
  if (plan.tool) {
    const head = { index: 0, id: callId, type: 'function', function: { name: plan.tool.name, arguments: '' } }
    await sse.send({ data: chunk(delta({ role: 'assistant', content: null, tool_calls: [head] })) })
    for (const fragment of plan.tool.fragments) {
      await chunkPause(ctx)
      await sse.send({
        data: chunk(delta({ tool_calls: [{ index: 0, function: { arguments: fragment } }] }))
      })
    }
  } else {
    await sse.send({ data: chunk(delta({ role: 'assistant', content: '', refusal: null })) })
    for (const piece of plan.pieces) {
      await chunkPause(ctx)
      await sse.send({ data: chunk(delta({ content: piece })) })
    }
  }
  await sse.send({
    data: chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: finishReason(turn) }])
  })
  if (includeUsage) await sse.send({ data: chunk([], { usage: usage(turn) }) })
  await sse.done()
}
