/**
 * JSON that someone else wrote: a WebSocket message, a gateway's answer, a file or a row read back.
 *
 * V8 parses any depth without recursion, but `JSON.stringify`, `structuredClone` and any schema that
 * walks a value recurse, and 5,000 levels of nesting end them with a stack overflow that no `try` around
 * a promise catches in time (RELIABILITY P3). So every value from outside is measured here first, with an
 * explicit stack, and refused when it is deeper or larger than a limit no real value comes near. The lint
 * rule `no-restricted-properties` sends every `JSON.parse` of `src/main` and `src/shared` through here.
 */

export interface JsonLimits {
  /** Nesting of objects and arrays; a scalar at the top is depth 0. */
  readonly maxDepth: number
  /** Values of every kind counted once each (scalars, arrays, objects and their members). */
  readonly maxNodes: number
}

/**
 * Commands and the messages that carry them (ours): the deepest real input (a preset's saved form with
 * its extra JSON fields) is under 10 levels, the widest a selection of 20,000 gallery ids.
 */
export const INPUT_LIMITS: JsonLimits = { maxDepth: 64, maxNodes: 50_000 }

/** A gateway's answer or stream event (ours): open objects, but nothing real nests past a few levels. */
export const GATEWAY_LIMITS: JsonLimits = { maxDepth: 64, maxNodes: 2_000_000 }

/** Rows and files we wrote ourselves, read back: what we wrote passed one of the two limits above. */
export const STORED_LIMITS: JsonLimits = GATEWAY_LIMITS

export type JsonPath = readonly (string | number)[]

export type JsonShapeProblem =
  | { readonly kind: 'too_deep'; readonly path: JsonPath; readonly limit: number }
  /** `path` is empty: the count runs over the whole value. */
  | { readonly kind: 'too_many'; readonly path: JsonPath; readonly limit: number }

/** How many leading path segments a problem reports: enough to name the item, bounded in cost. */
const PATH_KEEP = 4

type Found = { kind: JsonShapeProblem['kind']; node: unknown; limit: number }

/**
 * The walk itself: an explicit stack of values and their depths (no recursion, no allocation per member
 * beyond the stack slots), stopping at the first value that breaks a limit.
 */
function findProblem(value: unknown, limits: JsonLimits): Found | null {
  const values: unknown[] = [value]
  const depths: number[] = [0]
  let nodes = 0
  while (values.length > 0) {
    const current = values.pop()
    const depth = (depths.pop() as number) + 1
    nodes += 1
    if (nodes > limits.maxNodes) return { kind: 'too_many', node: current, limit: limits.maxNodes }
    if (typeof current !== 'object' || current === null) continue
    if (depth > limits.maxDepth) return { kind: 'too_deep', node: current, limit: limits.maxDepth }
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        values.push(current[index])
        depths.push(depth)
      }
    } else {
      for (const key in current) {
        if (!Object.prototype.hasOwnProperty.call(current, key)) continue
        values.push((current as Record<string, unknown>)[key])
        depths.push(depth)
      }
    }
  }
  return null
}

/** The first few keys on the way from `root` to `node` (the same order the walk took), for the message. */
function pathTo(root: unknown, node: unknown): JsonPath {
  const stack: { value: unknown; path: JsonPath }[] = [{ value: root, path: [] }]
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: JsonPath }
    if (value === node) return path
    if (typeof value !== 'object' || value === null) continue
    // Below the kept depth only the first branch that leads on is needed: the prefix is what we report.
    const children: [string | number, unknown][] = Array.isArray(value)
      ? value.map((child, index) => [index, child])
      : Object.entries(value)
    for (let index = children.length - 1; index >= 0; index--) {
      const [key, child] = children[index] as [string | number, unknown]
      stack.push({ value: child, path: path.length < PATH_KEEP ? [...path, key] : path })
    }
  }
  return []
}

/**
 * The first way `value` breaks `limits`, with where (its first few path segments), or null. Walks with an
 * explicit stack, so no depth of input can overflow it; stops at the first problem.
 */
export function jsonShapeProblem(value: unknown, limits: JsonLimits): JsonShapeProblem | null {
  const found = findProblem(value, limits)
  if (!found) return null
  // Too many values is a property of the whole, not of a place in it; only depth is said where it happens.
  const path = found.kind === 'too_deep' ? pathTo(value, found.node) : []
  return { kind: found.kind, path, limit: found.limit }
}

export type JsonReading =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly problem: 'syntax' }
  /** It parsed, but is deeper or larger than the limits: `value` is only for saying where. */
  | { readonly ok: false; readonly problem: JsonShapeProblem; readonly value: unknown }

/** Parses text from outside and measures it against `limits`; never throws. */
export function readJson(text: string, limits: JsonLimits): JsonReading {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, problem: 'syntax' }
  }
  const problem = jsonShapeProblem(value, limits)
  return problem ? { ok: false, problem, value } : { ok: true, value }
}

/** Thrown by `parseJson` where a caller already handles a parse failure as one case. */
export class JsonRefused extends Error {
  constructor(readonly problem: 'syntax' | JsonShapeProblem) {
    super(
      problem === 'syntax'
        ? 'Not valid JSON.'
        : problem.kind === 'too_deep'
          ? `JSON nested deeper than ${problem.limit} levels.`
          : `JSON with more than ${problem.limit} values.`
    )
    this.name = 'JsonRefused'
  }
}

/** `readJson` for callers that treat every failure alike: the value, or a thrown `JsonRefused`. */
export function parseJson(text: string, limits: JsonLimits): unknown {
  const reading = readJson(text, limits)
  if (!reading.ok) throw new JsonRefused(reading.problem)
  return reading.value
}
