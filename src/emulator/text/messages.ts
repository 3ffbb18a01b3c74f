import { z } from 'zod'
import type { RequestContext } from '../context'
import { ENDPOINTS } from '../endpoints'
import { sendJson } from '../http/respond'
import { SseStream } from '../http/sse'
import { sniffImage } from '../images/sniff'
import { chunkPause, newId, prepareTurn, textOf, type TextTurn } from './common'
import type { Conversation } from './reply'
import { countTokens, hashHex } from './tokens'

const cacheControl = z
  .strictObject({ type: z.literal('ephemeral'), ttl: z.enum(['5m', '1h']).optional() })
  .optional()
const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const

const textBlock = z.strictObject({
  type: z.literal('text'),
  text: z.string(),
  cache_control: cacheControl,
  citations: z.array(z.unknown()).nullable().optional()
})
const imageBlock = z
  .strictObject({
    type: z.literal('image'),
    source: z.discriminatedUnion('type', [
      z.strictObject({
        type: z.literal('base64'),
        media_type: z.enum(MEDIA_TYPES),
        data: z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64 (no data: prefix)')
      }),
      z.strictObject({ type: z.literal('url'), url: z.url({ protocol: /^https?$/ }) })
    ]),
    cache_control: cacheControl
  })
  .superRefine((block, ctx) => {
    if (block.source.type !== 'base64') return
    const actual = sniffImage(Buffer.from(block.source.data, 'base64'))
    if (actual !== block.source.media_type) {
      ctx.addIssue({
        code: 'custom',
        path: ['source', 'data'],
        message: `image data is ${actual ?? 'not an image'}, but media_type says ${block.source.media_type}`
      })
    }
  })
const toolUseBlock = z.strictObject({
  type: z.literal('tool_use'),
  id: z.string().min(1),
  name: z.string().min(1),
  input: z.record(z.string(), z.unknown()),
  cache_control: cacheControl
})
const toolResultBlock = z.strictObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string().min(1),
  content: z.union([z.string(), z.array(z.discriminatedUnion('type', [textBlock, imageBlock]))]).optional(),
  is_error: z.boolean().optional(),
  cache_control: cacheControl
})
const thinkingBlock = z.strictObject({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string()
})
const redactedThinkingBlock = z.strictObject({ type: z.literal('redacted_thinking'), data: z.string() })

const block = z.discriminatedUnion('type', [
  textBlock,
  imageBlock,
  toolUseBlock,
  toolResultBlock,
  thinkingBlock,
  redactedThinkingBlock
])

const schema = z
  .looseObject({
    model: z.string(),
    max_tokens: z.number().int().min(1),
    messages: z
      .array(
        z.strictObject({
          role: z.enum(
            ['user', 'assistant'],
            'must be "user" or "assistant" (put system prompts in "system")'
          ),
          content: z.union([z.string(), z.array(block).min(1)])
        })
      )
      .min(1),
    system: z.union([z.string(), z.array(textBlock)]).optional(),
    stream: z.boolean().optional(),
    tools: z
      .array(
        z.looseObject({
          name: z.string().regex(/^[a-zA-Z0-9_-]{1,128}$/),
          description: z.string().optional(),
          input_schema: z.looseObject({ type: z.literal('object') }),
          cache_control: cacheControl
        })
      )
      .optional(),
    tool_choice: z
      .looseObject({ type: z.enum(['auto', 'any', 'tool', 'none']), name: z.string().optional() })
      .optional(),
    temperature: z.number().min(0).max(1).optional(),
    top_p: z.number().min(0).max(1).optional(),
    top_k: z.number().int().min(0).optional(),
    stop_sequences: z.array(z.string()).optional(),
    thinking: z
      .discriminatedUnion('type', [
        z.strictObject({ type: z.literal('enabled'), budget_tokens: z.number().int().min(1024) }),
        z.strictObject({ type: z.literal('disabled') })
      ])
      .optional()
  })
  .superRefine((body, ctx) => {
    const toolUses = new Set<string>()
    body.messages.forEach((m, i) => {
      if (!Array.isArray(m.content)) return
      m.content.forEach((b, j) => {
        if (b.type === 'tool_use' && m.role === 'assistant') toolUses.add(b.id)
        if (b.type === 'tool_result' && !toolUses.has(b.tool_use_id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['messages', i, 'content', j, 'tool_use_id'],
            message: `answers no tool_use of an earlier assistant message ("${b.tool_use_id}")`
          })
        }
      })
    })
  })

type MessagesBody = z.output<typeof schema>

function conversation(body: MessagesBody): Conversation {
  const last = body.messages[body.messages.length - 1]
  const blocks = (c: MessagesBody['messages'][number]['content']): { type: string }[] =>
    Array.isArray(c) ? c : []
  const images = body.messages.reduce(
    (n, m) => n + blocks(m.content).filter((b) => b.type === 'image').length,
    0
  )
  const lastBlocks = last ? blocks(last.content) : []
  const lastIsToolResult = lastBlocks.some((b) => b.type === 'tool_result')
  return {
    lastText: textOf(last?.content),
    lastIsToolResult,
    images,
    segments: [
      ...(body.system === undefined ? [] : [JSON.stringify(body.system)]),
      ...body.messages.map((m) => JSON.stringify(m))
    ],
    tools: body.tools?.map((t) => t.name) ?? []
  }
}

/** Anthropic caches only when asked: creation the first time a marked prefix is seen, reads after. */
function cacheUsage(turn: TextTurn<MessagesBody>): { creation: number; read: number } {
  if (!JSON.stringify(turn.body).includes('"cache_control"')) return { creation: 0, read: 0 }
  if (turn.cachedTokens > 0) return { creation: 0, read: turn.cachedTokens }
  const convo = conversation(turn.body)
  const lastSegment = convo.segments[convo.segments.length - 1] ?? ''
  return { creation: Math.max(0, turn.inputTokens - countTokens(lastSegment)), read: 0 }
}

function usage(turn: TextTurn<MessagesBody>): Record<string, number> {
  const cache = cacheUsage(turn)
  return {
    input_tokens: turn.inputTokens - cache.creation - cache.read,
    cache_creation_input_tokens: cache.creation,
    cache_read_input_tokens: cache.read,
    output_tokens: turn.plan.outputTokens
  }
}

const stopReason = (turn: TextTurn<MessagesBody>): string =>
  turn.plan.tool ? 'tool_use' : turn.plan.truncated ? 'max_tokens' : 'end_turn'

/** POST /v1/messages (Anthropic format, docs/GATEWAY.md §2.2); `[[thinking]]` adds a thinking block. */
export async function messages(ctx: RequestContext): Promise<void> {
  const turn = prepareTurn(ctx, ENDPOINTS.messages, schema, (body) => ({
    convo: conversation(body),
    maxTokens: body.max_tokens,
    thinking: true
  }))
  const { plan } = turn
  const id = newId('msg_')
  const toolId = newId('toolu_')
  const signature = Buffer.from(hashHex('signature', plan.thinking?.join('') ?? ''))
    .toString('base64')
    .slice(0, 64)
  const content: Record<string, unknown>[] = []
  if (plan.thinking) content.push({ type: 'thinking', thinking: plan.thinking.join(''), signature })
  if (plan.tool)
    content.push({
      type: 'tool_use',
      id: toolId,
      name: plan.tool.name,
      input: JSON.parse(plan.tool.arguments)
    })
  else content.push({ type: 'text', text: plan.pieces.join('') })
  const message = {
    id,
    type: 'message',
    role: 'assistant',
    model: turn.model.id,
    content,
    stop_reason: stopReason(turn),
    stop_sequence: null,
    usage: usage(turn)
  }
  if (turn.body.stream !== true) return sendJson(ctx.wire, 200, message)

  const sse = new SseStream(ctx.wire)
  const send = (type: string, data: Record<string, unknown>): Promise<void> =>
    sse.send({ event: type, data: { type, ...data } })
  await sse.open()
  await send('message_start', {
    message: { ...message, content: [], stop_reason: null, usage: { ...message.usage, output_tokens: 1 } }
  })
  const blockDeltas: { start: Record<string, unknown>; deltas: Record<string, unknown>[] }[] = []
  if (plan.thinking) {
    blockDeltas.push({
      start: { type: 'thinking', thinking: '' },
      deltas: [
        ...plan.thinking.map((t) => ({ type: 'thinking_delta', thinking: t })),
        { type: 'signature_delta', signature }
      ]
    })
  }
  if (plan.tool) {
    blockDeltas.push({
      start: { type: 'tool_use', id: toolId, name: plan.tool.name, input: {} },
      deltas: plan.tool.fragments.map((f) => ({ type: 'input_json_delta', partial_json: f }))
    })
  } else {
    blockDeltas.push({
      start: { type: 'text', text: '' },
      deltas: plan.pieces.map((t) => ({ type: 'text_delta', text: t }))
    })
  }
  for (const [index, b] of blockDeltas.entries()) {
    await send('content_block_start', { index, content_block: b.start })
    if (index === 0) await send('ping', {})
    for (const delta of b.deltas) {
      await chunkPause(ctx)
      await send('content_block_delta', { index, delta })
    }
    await send('content_block_stop', { index })
  }
  await send('message_delta', {
    delta: { stop_reason: message.stop_reason, stop_sequence: null },
    usage: { output_tokens: turn.plan.outputTokens }
  })
  await send('message_stop', {})
  await sse.end()
}
