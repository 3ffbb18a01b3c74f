import { z } from 'zod'
import type { RequestContext } from '../context'
import { ENDPOINTS } from '../endpoints'
import { sendJson } from '../http/respond'
import { SseStream } from '../http/sse'
import { fields } from '../validate'
import { chunkPause, newId, prepareTurn, textOf, type TextTurn } from './common'
import type { Conversation } from './reply'

const part = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('input_text'), text: z.string() }),
  z
    .strictObject({
      type: z.literal('input_image'),
      image_url: fields.imageRef.optional(),
      file_id: z.string().min(1).optional(),
      detail: z.enum(['auto', 'low', 'high']).optional()
    })
    .refine(
      (p) => p.image_url !== undefined || p.file_id !== undefined,
      'input_image needs image_url or file_id'
    ),
  z.strictObject({
    type: z.literal('output_text'),
    text: z.string(),
    annotations: z.array(z.unknown()).optional()
  }),
  z.strictObject({ type: z.literal('refusal'), refusal: z.string() })
])

const item = z.preprocess(
  // A bare {role, content} is a message item, as the Responses API allows.
  (v) => (typeof v === 'object' && v !== null && !('type' in v) ? { ...v, type: 'message' } : v),
  z.discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('message'),
      role: z.enum(['user', 'assistant', 'system', 'developer']),
      content: z.union([z.string(), z.array(part).min(1)]),
      id: z.string().optional(),
      status: z.string().optional()
    }),
    z.strictObject({
      type: z.literal('function_call'),
      call_id: z.string().min(1),
      name: z.string().min(1),
      arguments: z.string(),
      id: z.string().optional(),
      status: z.string().optional()
    }),
    z.strictObject({
      type: z.literal('function_call_output'),
      call_id: z.string().min(1),
      output: z.union([z.string(), z.array(part)]),
      id: z.string().optional(),
      status: z.string().optional()
    })
  ])
)

const schema = z
  .looseObject({
    model: z.string(),
    input: z.union([z.string().min(1, 'must not be empty'), z.array(item).min(1)]),
    instructions: z.string().nullable().optional(),
    stream: z.boolean().optional(),
    max_output_tokens: z.number().int().min(1).optional(),
    tools: z
      .array(
        z.discriminatedUnion('type', [
          z.strictObject({
            type: z.literal('function'),
            name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/),
            description: z.string().nullable().optional(),
            parameters: z.record(z.string(), z.unknown()).nullable().optional(),
            strict: z.boolean().nullable().optional()
          }),
          z.looseObject({
            type: z.enum([
              'web_search',
              'web_search_preview',
              'file_search',
              'code_interpreter',
              'image_generation',
              'mcp'
            ])
          })
        ])
      )
      .optional(),
    previous_response_id: z.string().nullable().optional(),
    store: z.boolean().optional(),
    temperature: z.number().min(0).max(2).optional(),
    top_p: z.number().min(0).max(1).optional()
  })
  .superRefine((body, ctx) => {
    // With previous_response_id the calls live in the stored response, which the emulator does not keep.
    if (typeof body.input === 'string' || body.previous_response_id) return
    const calls = new Set<string>()
    body.input.forEach((it, i) => {
      if (it.type === 'function_call') calls.add(it.call_id)
      if (it.type === 'function_call_output' && !calls.has(it.call_id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['input', i, 'call_id'],
          message: `answers no earlier function_call ("${it.call_id}")`
        })
      }
    })
  })

type ResponsesBody = z.output<typeof schema>

function conversation(body: ResponsesBody): Conversation {
  const items =
    typeof body.input === 'string'
      ? [{ type: 'message' as const, role: 'user' as const, content: body.input }]
      : body.input
  const last = items[items.length - 1]
  const images = items.reduce(
    (n, it) =>
      n +
      (it.type === 'message' && Array.isArray(it.content)
        ? it.content.filter((p) => p.type === 'input_image').length
        : 0),
    0
  )
  const functionTools = (body.tools ?? []).flatMap((t) =>
    'name' in t && typeof t.name === 'string' ? [t.name] : []
  )
  return {
    lastText:
      last?.type === 'message'
        ? textOf(last.content)
        : last?.type === 'function_call_output'
          ? textOf(last.output)
          : '',
    lastIsToolResult: last?.type === 'function_call_output',
    images,
    segments: [...(body.instructions ? [body.instructions] : []), ...items.map((it) => JSON.stringify(it))],
    tools: functionTools
  }
}

function usage(turn: TextTurn<ResponsesBody>): Record<string, unknown> {
  return {
    input_tokens: turn.inputTokens,
    input_tokens_details: { cached_tokens: turn.cachedTokens },
    output_tokens: turn.plan.outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: turn.inputTokens + turn.plan.outputTokens
  }
}

/** POST /v1/responses (OpenAI Responses format, docs/GATEWAY.md §2.2). */
export async function responses(ctx: RequestContext): Promise<void> {
  const turn = prepareTurn(ctx, ENDPOINTS.responses, schema, (body) => ({
    convo: conversation(body),
    maxTokens: body.max_output_tokens
  }))
  const { plan } = turn
  const id = newId('resp_')
  const itemId = plan.tool ? newId('fc_') : newId('msg_')
  const callId = newId('call_')
  const text = plan.pieces.join('')
  const status = plan.truncated ? 'incomplete' : 'completed'
  const outputItem = plan.tool
    ? {
        id: itemId,
        type: 'function_call',
        status: 'completed',
        call_id: callId,
        name: plan.tool.name,
        arguments: plan.tool.arguments
      }
    : {
        id: itemId,
        type: 'message',
        status,
        role: 'assistant',
        content: [{ type: 'output_text', text, annotations: [] }]
      }
  const response = (final: boolean): Record<string, unknown> => ({
    id,
    object: 'response',
    created_at: turn.created,
    status: final ? status : 'in_progress',
    model: turn.model.id,
    output: final ? [outputItem] : [],
    incomplete_details: final && plan.truncated ? { reason: 'max_output_tokens' } : null,
    error: null,
    usage: final ? usage(turn) : null
  })
  if (turn.body.stream !== true) return sendJson(ctx.wire, 200, response(true))

  const sse = new SseStream(ctx.wire)
  let sequence = 0
  const send = (type: string, data: Record<string, unknown>): Promise<void> =>
    sse.send({ event: type, data: { type, sequence_number: sequence++, ...data } })
  const at = { item_id: itemId, output_index: 0 }
  await sse.open()
  await send('response.created', { response: response(false) })
  await send('response.in_progress', { response: response(false) })
  if (plan.tool) {
    await send('response.output_item.added', {
      output_index: 0,
      item: { ...outputItem, status: 'in_progress', arguments: '' }
    })
    for (const fragment of plan.tool.fragments) {
      await chunkPause(ctx)
      await send('response.function_call_arguments.delta', { ...at, delta: fragment })
    }
    await send('response.function_call_arguments.done', { ...at, arguments: plan.tool.arguments })
  } else {
    const partAt = { ...at, content_index: 0 }
    await send('response.output_item.added', {
      output_index: 0,
      item: { ...outputItem, status: 'in_progress', content: [] }
    })
    await send('response.content_part.added', {
      ...partAt,
      part: { type: 'output_text', text: '', annotations: [] }
    })
    for (const piece of plan.pieces) {
      await chunkPause(ctx)
      await send('response.output_text.delta', { ...partAt, delta: piece })
    }
    await send('response.output_text.done', { ...partAt, text })
    await send('response.content_part.done', {
      ...partAt,
      part: { type: 'output_text', text, annotations: [] }
    })
  }
  await send('response.output_item.done', { output_index: 0, item: outputItem })
  await send(plan.truncated ? 'response.incomplete' : 'response.completed', { response: response(true) })
  await sse.end()
}
