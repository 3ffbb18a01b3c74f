import { hasMarker, marker, stripMarkers } from '../markers'
import { countTokens, hashHex } from './tokens'

/** What the three text endpoints extracted from their request, in a common form. */
export interface Conversation {
  /** Text of the last turn (user message or tool result). */
  lastText: string
  lastIsToolResult: boolean
  /** Images anywhere in the input. */
  images: number
  /** One serialized segment per message (system first), for token counts and the prefix cache. */
  segments: string[]
  /** Names of the tools offered. */
  tools: string[]
}

export interface ReplyPlan {
  /** Text pieces, one token each; joined they are the reply. */
  pieces: string[]
  tool?: { name: string; arguments: string; fragments: string[] }
  thinking?: string[]
  /** The reply was cut at the caller's token limit. */
  truncated: boolean
  outputTokens: number
}

const VOCABULARY = [
  'alpha',
  'beta',
  'gamma',
  'délai',
  'naïve',
  'über',
  'ζῆτα',
  '文字',
  'emoji🙂',
  'omega',
  'café',
  'ñandú'
]
const MAX_MARKED_TOKENS = 200_000

/** Splits text into word-like pieces whose concatenation is exactly the text. */
export function pieces(text: string): string[] {
  return text === '' ? [] : text.split(/(?<=\s)(?=\S)/)
}

/** Cuts a string into `count` roughly equal fragments (for streamed tool arguments). */
export function fragments(text: string, count: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / count))
  const out: string[] = []
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size))
  return out
}

function markedTokens(prompt: string, count: number): string[] {
  const seed = hashHex(prompt)
  const out: string[] = []
  for (let i = 0; i < count; i++) {
    const word =
      VOCABULARY[Number.parseInt(seed.slice((i * 2) % 60, ((i * 2) % 60) + 2), 16) % VOCABULARY.length]
    out.push(i === 0 ? (word ?? 'alpha') : ` ${word ?? 'alpha'}`)
  }
  return out
}

function defaultReply(model: string, convo: Conversation): string {
  const excerpt = stripMarkers(convo.lastText).slice(0, 120)
  const said = convo.lastIsToolResult ? `The tool returned: "${excerpt}".` : `You said: "${excerpt}".`
  const images =
    convo.images === 0 ? '' : ` I received ${convo.images} image${convo.images === 1 ? '' : 's'}.`
  return `Emulated reply from ${model}. ${said}${images} ✓`
}

/**
 * The deterministic reply to a conversation. Markers in the last turn: `[[tokens=N]]` (reply of N tokens),
 * `[[tool]]` / `[[tool=name]]` (call a tool offered in the request), `[[thinking]]` (a thinking block where
 * the endpoint has one). A scripted reply from a fault step wins over everything.
 */
export function planReply(opts: {
  model: string
  convo: Conversation
  scripted?: string
  maxTokens?: number
  thinking?: boolean
}): ReplyPlan {
  const { convo } = opts
  const text = convo.lastText
  const toolName = marker(text, 'tool')
  if (opts.scripted === undefined && toolName !== undefined && convo.tools.length > 0) {
    const name = convo.tools.includes(toolName) ? toolName : (convo.tools[0] ?? 'tool')
    const args = JSON.stringify({ query: stripMarkers(text).slice(0, 80), limit: 3 })
    return {
      pieces: [],
      tool: { name, arguments: args, fragments: fragments(args, 4) },
      truncated: false,
      outputTokens: countTokens(args) + 4
    }
  }
  let reply: string[]
  const n = Number.parseInt(marker(text, 'tokens') ?? '', 10)
  if (opts.scripted !== undefined) reply = pieces(opts.scripted)
  else if (Number.isInteger(n) && n >= 0) reply = markedTokens(text, Math.min(n, MAX_MARKED_TOKENS))
  else reply = pieces(defaultReply(opts.model, convo))
  const thinking =
    opts.thinking && opts.scripted === undefined && hasMarker(text, 'thinking')
      ? pieces(`Considering how to answer "${stripMarkers(text).slice(0, 60)}" step by step.`)
      : undefined
  const budget =
    opts.maxTokens === undefined ? Infinity : Math.max(0, opts.maxTokens - (thinking?.length ?? 0))
  const truncated = reply.length > budget
  if (truncated) reply = reply.slice(0, budget)
  return { pieces: reply, thinking, truncated, outputTokens: reply.length + (thinking?.length ?? 0) }
}

/** Input tokens of a conversation: text tokens plus a flat rate per image. */
export function inputTokens(convo: Conversation, imageTokens: number): number {
  return convo.segments.reduce((sum, s) => sum + countTokens(s), 0) + convo.images * imageTokens
}
