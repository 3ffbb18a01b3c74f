import { readJson, type JsonLimits } from '../json'
import { fromMicros } from './amounts'
import { priceFileIssue, type PriceFileIssue } from './issues'
import {
  MAX_MODEL_ID_CHARS,
  MAX_MODELS,
  MAX_SIZES,
  PriceTable,
  type ModelPrice,
  type ModelPriceFile,
  type PriceTableFile
} from './prices'
import {
  finish,
  MAX_ISSUES,
  schemaIssues,
  textIssue,
  withoutBom,
  type Place,
  type PriceImport
} from './problems'

/**
 * A price table as a JSON file: the table schema's file form, pretty-printed, so a designer can read it,
 * edit it and keep it under version control. Reading never throws: what is wrong is a list of issues,
 * each at the line the editor shows.
 */

/**
 * Deeper than a table ever nests (table, models, model, sizes, size), with room for a wrong shape to get
 * its own issue; more values than a table at every bound (2,000 models of 50 sizes) has.
 */
export const PRICE_JSON_LIMITS: JsonLimits = { maxDepth: 8, maxNodes: MAX_MODELS * (4 + MAX_SIZES * 3) + 64 }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** What `value` holds at `path`, own properties only. */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value
  for (const segment of path) {
    if (Array.isArray(at) && typeof segment === 'number') at = at[segment]
    else if (isRecord(at) && typeof segment === 'string' && Object.hasOwn(at, segment)) at = at[segment]
    else return undefined
  }
  return at
}

const isSpace = (code: number): boolean => code === 32 || code === 9 || code === 10 || code === 13

/**
 * Where things are in a JSON text that parsed: the line of a path (`['models', 'a', 'bySize', 2, 'price']`)
 * as the editor shows it. The text is walked as JSON (strings, nesting), each object's members indexed
 * once as it is first entered, so a file of thousands of models is walked about once however many issues
 * it has. A path that goes past what the file has (a missing `unit`) ends at the line of the last part
 * found: the model's. A key written with escapes (`\u0061`) is not matched to its name, and ends there too.
 */
function jsonLines(text: string): (path: readonly PropertyKey[]) => number {
  const starts: number[] = [0]
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1)
  const lineAt = (offset: number): number => {
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const mid = (low + high + 1) >> 1
      if ((starts[mid] as number) <= offset) low = mid
      else high = mid - 1
    }
    return low + 1
  }
  const skipSpace = (at: number): number => {
    while (at < text.length && isSpace(text.charCodeAt(at))) at++
    return at
  }
  /** The end of the string whose opening quote is at `at`, past its closing quote. */
  const stringEnd = (at: number): number => {
    for (let i = at + 1; i < text.length; i++) {
      const char = text[i]
      if (char === '\\') i++
      else if (char === '"') return i + 1
    }
    return text.length
  }
  /** The end of the value that starts at `at`. */
  const valueEnd = (at: number): number => {
    const first = text[at]
    if (first === '"') return stringEnd(at)
    if (first !== '{' && first !== '[') {
      let i = at
      while (i < text.length && !',}] \t\r\n'.includes(text[i] as string)) i++
      return i
    }
    let depth = 0
    for (let i = at; i < text.length; i++) {
      const char = text[i]
      if (char === '"') i = stringEnd(i) - 1
      else if (char === '{' || char === '[') depth++
      else if ((char === '}' || char === ']') && --depth === 0) return i + 1
    }
    return text.length
  }
  /** The members (by their key as written, quotes included) or items of the container at `at`. */
  const children = new Map<number, Map<string, { key: number; value: number }> | number[]>()
  const childrenOf = (at: number): Map<string, { key: number; value: number }> | number[] => {
    const known = children.get(at)
    if (known) return known
    const isObject = text[at] === '{'
    const members = new Map<string, { key: number; value: number }>()
    const items: number[] = []
    let i = skipSpace(at + 1)
    while (i < text.length && text[i] !== '}' && text[i] !== ']') {
      if (isObject) {
        const keyEnd = stringEnd(i)
        const value = skipSpace(skipSpace(keyEnd) + 1)
        const raw = text.slice(i, keyEnd)
        if (!members.has(raw)) members.set(raw, { key: i, value })
        i = valueEnd(value)
      } else {
        items.push(i)
        i = valueEnd(i)
      }
      i = skipSpace(i)
      if (text[i] === ',') i = skipSpace(i + 1)
    }
    const made = isObject ? members : items
    children.set(at, made)
    return made
  }
  return (path) => {
    let at = skipSpace(0)
    let line = lineAt(at)
    for (const segment of path) {
      const open = text[at]
      if (open !== '{' && open !== '[') break
      const found = childrenOf(at)
      if (Array.isArray(found)) {
        const item = typeof segment === 'number' ? found[segment] : undefined
        if (item === undefined) break
        at = item
        line = lineAt(item)
      } else {
        const member = typeof segment === 'string' ? found.get(JSON.stringify(segment)) : undefined
        if (!member) break
        at = member.value
        line = lineAt(member.key)
      }
    }
    return line
  }
}

export function readPriceJson(text: string): PriceImport {
  const body = withoutBom(text)
  const first = textIssue(body)
  if (first) return finish(undefined, [first])
  const reading = readJson(body, PRICE_JSON_LIMITS)
  if (!reading.ok) {
    return finish(undefined, [
      priceFileIssue(reading.problem === 'syntax' ? 'json_syntax' : 'json_too_complex', {})
    ])
  }
  const raw = reading.value
  if (!isRecord(raw)) return finish(undefined, [priceFileIssue('not_a_price_table', {})])
  const lineOf = jsonLines(body)
  const early: PriceFileIssue[] = []
  const models = raw['models']
  if (isRecord(models)) {
    const count = Object.keys(models).length
    // Said before the schema walks thousands of entries, whose issues would only bury this one.
    if (count > MAX_MODELS)
      return finish(undefined, [priceFileIssue('too_many_models', { max: MAX_MODELS, count })])
    // A record drops this key as it reads, so the schema never sees it: said here.
    if (Object.hasOwn(models, '__proto__')) {
      const at = { line: lineOf(['models', '__proto__']), model: '__proto__' }
      early.push(priceFileIssue('model_id_invalid', { ...at, max: MAX_MODEL_ID_CHARS }))
    }
  }
  const parsed = PriceTable.safeParse(raw)
  if (parsed.success) return finish(parsed.data, early)
  const place: Place = { lineOf, fieldName: (key) => key, valueAt: (path) => valueAt(raw, path) }
  const shown = parsed.error.issues.slice(0, MAX_ISSUES)
  return finish(
    undefined,
    [...early, ...schemaIssues(shown, place)],
    parsed.error.issues.length - shown.length
  )
}

function filePriceOf(price: ModelPrice): ModelPriceFile {
  switch (price.unit) {
    case 'image':
      return {
        unit: 'image',
        price: fromMicros(price.price),
        ...(price.bySize.length > 0
          ? { bySize: price.bySize.map((tier) => ({ size: tier.size, price: fromMicros(tier.price) })) }
          : {})
      }
    case 'tokens':
      return {
        unit: 'tokens',
        inputPerMillion: fromMicros(price.inputPerMillion),
        outputPerMillion: fromMicros(price.outputPerMillion),
        ...(price.cachedInputPerMillion !== undefined
          ? { cachedInputPerMillion: fromMicros(price.cachedInputPerMillion) }
          : {})
      }
    case 'video':
    case 'second':
      return { unit: price.unit, price: fromMicros(price.price) }
  }
}

/** The file form of a table: amounts as decimal text, empty lists and absent prices left out. */
export function toPriceFile(table: PriceTable): PriceTableFile {
  // fromEntries defines each id as its own key, whatever the id, where assignment could reach the prototype.
  const models = Object.fromEntries(
    Object.entries(table.models).map(([id, price]) => [id, filePriceOf(price)])
  )
  return { version: table.version, currency: table.currency, models }
}

export const writePriceJson = (table: PriceTable): string =>
  `${JSON.stringify(toPriceFile(table), null, 2)}\n`
