import { randomUUID } from 'node:crypto'
import { costOf } from '../accounts'
import { sleep } from '../clock'
import type { ModelConfig } from '../config'
import type { RequestContext } from '../context'
import type { EndpointPath } from '../endpoints'
import { invalid } from '../errors'
import { parseJsonObject } from '../http/body'
import { validate } from '../validate'
import type { z } from 'zod'
import { IMAGE_INPUT_TOKENS } from './tokens'
import { inputTokens, planReply, type Conversation, type ReplyPlan } from './reply'

export interface TextTurn<B> {
  body: B
  model: ModelConfig
  plan: ReplyPlan
  inputTokens: number
  /** Part of `inputTokens` read from the prefix cache. */
  cachedTokens: number
  created: number
}

/**
 * The steps the three text endpoints share: parse, resolve the model, validate, plan the reply, count and bill
 * the tokens (before anything is sent, so a short balance is a clean 402).
 */
export function prepareTurn<S extends z.ZodType>(
  ctx: RequestContext,
  endpoint: EndpointPath,
  schema: S,
  read: (body: z.output<S>) => { convo: Conversation; maxTokens?: number; thinking?: boolean }
): TextTurn<z.output<S>> {
  const raw = parseJsonObject(ctx.req, ctx.raw)
  const model = ctx.state.accounts.resolveModel(ctx.key, raw.model, endpoint)
  const body = validate(schema, raw)
  const { convo, maxTokens, thinking } = read(body)
  if (convo.lastText === '' && convo.images === 0 && !convo.lastIsToolResult) {
    throw invalid('The last message has no content', 'invalid_parameter')
  }
  const plan = planReply({ model: model.id, convo, scripted: ctx.step?.reply, maxTokens, thinking })
  const input = inputTokens(convo, IMAGE_INPUT_TOKENS)
  const cachedTokens = ctx.state.prefixCache.lookup(`${ctx.tenant}\u0000${model.id}`, convo.segments)
  ctx.state.accounts.charge(ctx.key, costOf(model, { tokens: input + plan.outputTokens }))
  return { body, model, plan, inputTokens: input, cachedTokens, created: ctx.state.clock.seconds() }
}

/** The pause between streamed text chunks. */
export function chunkPause(ctx: RequestContext): Promise<void> {
  return sleep(ctx.state.timing.chatChunkDelayMs, ctx.wire.signal)
}

export const textOf = (content: unknown): string => {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content
    .map((part: unknown) => {
      if (typeof part !== 'object' || part === null) return ''
      const p = part as Record<string, unknown>
      return typeof p.text === 'string'
        ? p.text
        : typeof p.content === 'string'
          ? p.content
          : textOf(p.content)
    })
    .filter((t) => t !== '')
    .join('\n')
}

export const newId = (prefix: string): string => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 24)}`
