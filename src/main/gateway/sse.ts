import { createParser, type EventSourceMessage, type ParseError } from 'eventsource-parser'
import { GatewayError } from './errors'

/** P23: one event may not exceed this many bytes (ours). */
export const DEFAULT_MAX_EVENT_BYTES = 64 * 1024 * 1024

export type SseMessage = EventSourceMessage

function tooLarge(maxEventBytes: number): GatewayError {
  return new GatewayError({
    reason: 'stream_error',
    code: 'event_too_large',
    message: `A streamed event is larger than ${Math.round(maxEventBytes / 1024 / 1024)} MiB; the stream was stopped.`,
    outcome: 'unknown'
  })
}

/**
 * Bytes → SSE messages, with eventsource-parser doing the WHATWG parsing (line endings, comments, BOM,
 * multi-line data). UTF-8 is decoded in streaming mode so a character split across chunks survives.
 * An event cut off by the end of the body is dropped, as WHATWG says; completeness is the caller's call.
 */
export async function* readSse(
  body: AsyncIterable<Uint8Array>,
  options: { maxEventBytes?: number | undefined } = {}
): AsyncGenerator<SseMessage, void, undefined> {
  const maxEventBytes = options.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES
  const decoder = new TextDecoder('utf-8')
  const queue: SseMessage[] = []
  let failure: ParseError | undefined
  let oversized = false
  // The parser's own limit counts UTF-16 units; the cap is in bytes, so bytes are counted here too: those
  // fed since the last event (a growing event fails before it is complete) and each finished event.
  let pendingBytes = 0
  const parser = createParser({
    onEvent: (message) => {
      pendingBytes = 0
      // Events after an oversized one are not delivered: the stream is failing at that point.
      if (oversized) return
      if (Buffer.byteLength(message.data, 'utf8') > maxEventBytes) oversized = true
      else queue.push(message)
    },
    onComment: () => {
      pendingBytes = 0
    },
    onError: (error) => {
      // Unknown fields and bad `retry` values are ignored by the standard; only the size cap is fatal.
      if (error.type === 'max-buffer-size-exceeded') failure = error
    },
    maxBufferSize: maxEventBytes
  })
  let lastChar = ''
  for await (const chunk of body) {
    pendingBytes += chunk.byteLength
    const text = decoder.decode(chunk, { stream: true })
    if (text) lastChar = text[text.length - 1] as string
    parser.feed(text)
    while (queue.length > 0) yield queue.shift() as SseMessage
    if (failure || oversized || pendingBytes > maxEventBytes) throw tooLarge(maxEventBytes)
  }
  const rest = decoder.decode()
  if (rest) {
    lastChar = rest[rest.length - 1] as string
    parser.feed(rest)
  }
  // The parser holds back a final bare CR in case an LF follows; at the end of the body nothing will, so
  // that CR is a complete line ending (WHATWG) and must still dispatch the event it closes.
  if (lastChar === '\r') parser.feed('\n')
  while (queue.length > 0) yield queue.shift() as SseMessage
  if (failure || oversized) throw tooLarge(maxEventBytes)
}
