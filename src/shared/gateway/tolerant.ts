import { readEnvelope, type ParsedEnvelope } from './envelope'

/**
 * Reading answers whose field names the spec hides: a list of candidate paths (in the order
 * docs/GATEWAY.md §6 gives) tried one after another, with the profile's own path first when it has one. The
 * lists themselves belong to each endpoint's descriptor (`endpoints/`).
 */

/** `a.b[0].c` → ['a', 'b', 0, 'c']. Paths are validated by the field map schema before they get here. */
function segments(path: string): (string | number)[] {
  const out: (string | number)[] = []
  for (const part of path.split('.')) {
    const match = /^([^[\]]+)((?:\[\d+\])*)$/.exec(part)
    if (!match) return []
    out.push(match[1] as string)
    for (const index of (match[2] ?? '').matchAll(/\[(\d+)\]/g)) out.push(Number(index[1]))
  }
  return out
}

export function readPath(value: unknown, path: string): unknown {
  let current = value
  for (const key of segments(path)) {
    if (current === null || typeof current !== 'object') return undefined
    if (typeof key === 'number') {
      if (!Array.isArray(current)) return undefined
      current = current[key]
    } else {
      if (Array.isArray(current) || !Object.prototype.hasOwnProperty.call(current, key)) return undefined
      current = (current as Record<string, unknown>)[key]
    }
  }
  return current
}

/** The first candidate path holding a non-empty string. */
export function firstString(value: unknown, paths: readonly string[]): string | undefined {
  for (const path of paths) {
    const found = readPath(value, path)
    if (typeof found === 'string' && found !== '') return found
  }
  return undefined
}

export function candidatePaths(preferred: string | undefined, builtIn: readonly string[]): string[] {
  return preferred ? [preferred, ...builtIn.filter((p) => p !== preferred)] : [...builtIn]
}

/**
 * A task's failure, whether flat (`error:{code,message}`) or nested (`error:{error:{…}}`) as a video task's
 * is (docs/GATEWAY.md §2.10).
 */
export function taskFailure(task: { error?: unknown }): ParsedEnvelope | undefined {
  if (task.error === null || task.error === undefined) return undefined
  return readEnvelope({ error: task.error }) ?? { message: JSON.stringify(task.error).slice(0, 500) }
}
