import type { UsageView } from '../../shared/schemas/chat'

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null

/**
 * Usage in common names, read tolerantly: gateways sometimes answer one style with another's field names,
 * so every known name is looked at whatever the style. Fields the gateway did not send stay null.
 */
export function usageView(raw: unknown): UsageView | null {
  const usage = record(raw)
  if (!usage) return null
  const input = num(usage['prompt_tokens']) ?? num(usage['input_tokens'])
  const output = num(usage['completion_tokens']) ?? num(usage['output_tokens'])
  const promptDetails = record(usage['prompt_tokens_details'])
  const inputDetails = record(usage['input_tokens_details'])
  const cached = num(promptDetails?.['cached_tokens']) ?? num(inputDetails?.['cached_tokens'])
  const creation = num(usage['cache_creation_input_tokens'])
  const read = num(usage['cache_read_input_tokens'])
  const reasoning =
    num(record(usage['completion_tokens_details'])?.['reasoning_tokens']) ??
    num(record(usage['output_tokens_details'])?.['reasoning_tokens'])
  const counted = [input, output, creation, read].filter((n): n is number => n !== null)
  // Messages-style input_tokens excludes the cache reads and writes, so they are added for the total.
  const total = num(usage['total_tokens']) ?? (counted.length > 0 ? counted.reduce((a, b) => a + b, 0) : null)
  if (input === null && output === null && total === null) return null
  return {
    inputTokens: input,
    outputTokens: output,
    totalTokens: total,
    cachedTokens: cached,
    cacheCreationTokens: creation,
    cacheReadTokens: read,
    reasoningTokens: reasoning
  }
}

/** Later usage reports overwrite earlier fields; null and undefined never erase what was known. */
export function mergeUsage(
  base: Record<string, unknown> | null,
  next: Record<string, unknown> | null | undefined
): Record<string, unknown> | null {
  if (!next) return base
  const merged: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(next))
    if (value !== null && value !== undefined) merged[key] = value
  return merged
}
