import type { Wire } from './wire'

/** Sends a JSON body; a `malformedJson` step cuts it in half. */
export function sendJson(
  wire: Wire,
  status: number,
  body: unknown,
  headers: Record<string, string> = {}
): Promise<void> {
  let text = JSON.stringify(body)
  if (wire.step?.malformedJson) text = text.slice(0, Math.ceil(text.length / 2))
  return wire.send(status, { 'content-type': 'application/json', ...headers }, Buffer.from(text, 'utf8'))
}
