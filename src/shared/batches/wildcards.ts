import { batchIssue, type BatchIssue } from './issues'
import { LIST_NAME_PATTERN, type Lists } from './spec'

/**
 * Wildcards in a prompt: `{red|blue}` is one of its choices, `__name__` one line of the user's list `name`
 * (whose lines may hold `{a|b}` of their own, but no `__name__`: a list cannot reach another, so no cycle).
 * Braces do not nest; `\{`, `\}`, `\|` and `\_` (so `\_\_` for a plain `__`) write the character itself.
 *
 * A prompt becomes a template whose combinations are numbered 0..count-1, the first choice varying slowest
 * (the order a designer reads them). A combination is built from its number alone, so a prompt with
 * millions of combinations costs nothing until one is asked for, and the count is known without building
 * any.
 */

interface Text {
  kind: 'text'
  text: string
}
interface Choice {
  kind: 'choice'
  options: readonly Template[]
  /** `ends[k]`: how many combinations options 0..k make together; the last is the choice's count. */
  ends: readonly number[]
}
type Part = Text | Choice

export interface Template {
  parts: readonly Part[]
  /** A float once beyond 2^53, Infinity past 1e308: exact wherever a combination is built (below 10,000). */
  count: number
  /** Whether any choice is in it: only then are the spaces around empty choices tidied. */
  varies: boolean
}

type BraceProblem = 'unclosed_brace' | 'nested_brace' | 'empty_alternatives'
interface Problem {
  code: BraceProblem
  column: number
}

/** A list as prompts use it: its lines as one choice, or why it cannot be used. */
type PreparedList =
  | { ok: true; choice: Choice }
  | { ok: false; empty: true }
  | { ok: false; empty: false; entry: number; problem: Problem }

/** The user's lists by name, each prepared once, when a prompt first names it. */
export interface ListTable {
  get(name: string): PreparedList | undefined
}

const ESCAPABLE = new Set(['{', '}', '|', '_'])
/** A prompt without these characters is its own one combination. */
const PLAIN = /[{}|\\]|__/

const countOfParts = (parts: readonly Part[]): number =>
  parts.reduce((count, part) => (part.kind === 'text' ? count : count * (part.ends.at(-1) ?? 0)), 1)

const templateOf = (parts: readonly Part[]): Template => ({
  parts,
  count: countOfParts(parts),
  varies: parts.some((part) => part.kind === 'choice')
})

const choiceOf = (options: readonly Template[]): Choice => {
  let sum = 0
  return { kind: 'choice', options, ends: options.map((option) => (sum += option.count)) }
}

const isBlank = (parts: readonly Part[]): boolean =>
  parts.every((part) => part.kind === 'text' && part.text.trim() === '')

interface Scanned {
  parts: Part[]
  problems: Problem[]
  /** `__name__` references that name no usable list, in the order they appear. */
  lists: { name: string; list: PreparedList | undefined }[]
}

/**
 * One pass over the text. `lists` is null inside a list's own lines, where `__` is plain text. After a
 * problem the scan goes on, so one look shows every problem of the prompt.
 */
function scan(text: string, lists: ListTable | null): Scanned {
  const top: Part[] = []
  const problems: Problem[] = []
  const broken: Scanned['lists'] = []
  let group: { column: number; options: Template[]; current: Part[] } | null = null
  let buffer = ''
  const flush = (): void => {
    if (buffer === '') return
    ;(group ? group.current : top).push({ kind: 'text', text: buffer })
    buffer = ''
  }
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string
    const next = text[i + 1]
    if (char === '\\' && next !== undefined && ESCAPABLE.has(next)) {
      buffer += next
      i++
    } else if (char === '{') {
      if (group) {
        problems.push({ code: 'nested_brace', column: i + 1 })
        continue
      }
      flush()
      group = { column: i + 1, options: [], current: [] }
    } else if (char === '|' && group) {
      flush()
      group.options.push(templateOf(group.current))
      group.current = []
    } else if (char === '}' && group) {
      flush()
      const options = [...group.options, templateOf(group.current)]
      if (options.every((option) => isBlank(option.parts))) {
        problems.push({ code: 'empty_alternatives', column: group.column })
      }
      top.push(choiceOf(options))
      group = null
    } else if (char === '_' && next === '_' && lists) {
      const end = text.indexOf('__', i + 2)
      const name = end > i + 2 ? text.slice(i + 2, end) : ''
      if (!LIST_NAME_PATTERN.test(name)) {
        buffer += '__'
        i++
        continue
      }
      flush()
      const list = lists.get(name)
      if (list?.ok) (group ? group.current : top).push(list.choice)
      else broken.push({ name, list })
      i = end + 1
    } else {
      buffer += char
    }
  }
  if (group) problems.push({ code: 'unclosed_brace', column: group.column })
  flush()
  return { parts: top, problems, lists: broken }
}

/** Prepares the user's lists lazily: a batch names a few of up to 50, and only those are read. */
export function createListTable(lists: Lists): ListTable {
  // A Map, not the record: a name like `constructor` must not find Object.prototype's.
  const raw = new Map(Object.entries(lists))
  const prepared = new Map<string, PreparedList>()
  return {
    get(name) {
      const known = prepared.get(name)
      if (known) return known
      const entries = raw.get(name)
      if (!entries) return undefined
      const options: Template[] = []
      let result: PreparedList | undefined
      for (const [index, entry] of entries.entries()) {
        const line = entry.trim()
        if (line === '') continue
        const scanned = scan(line, null)
        const problem = scanned.problems[0]
        if (problem) {
          result = { ok: false, empty: false, entry: index + 1, problem }
          break
        }
        options.push(templateOf(scanned.parts))
      }
      result ??= options.length === 0 ? { ok: false, empty: true } : { ok: true, choice: choiceOf(options) }
      prepared.set(name, result)
      return result
    }
  }
}

export type ParsedPrompt = { ok: true; template: Template } | { ok: false; issues: BatchIssue[] }

const LIST_CODES = {
  unclosed_brace: 'list_unclosed_brace',
  nested_brace: 'list_nested_brace',
  empty_alternatives: 'list_empty_alternatives'
} as const

/** Whether a prompt has no wildcard at all: it is then its own one combination, as written. */
export const isPlainPrompt = (text: string): boolean => !PLAIN.test(text)

/** A prompt as a template, or every problem it has, as issues of the source line it came from. */
export function parsePrompt(text: string, lists: ListTable, line: number): ParsedPrompt {
  if (isPlainPrompt(text))
    return { ok: true, template: { parts: [{ kind: 'text', text }], count: 1, varies: false } }
  const scanned = scan(text, lists)
  const issues: BatchIssue[] = scanned.problems.map(({ code, column }) => batchIssue(code, { line, column }))
  const named = new Set<string>()
  for (const { name, list } of scanned.lists) {
    if (named.has(name)) continue
    named.add(name)
    if (!list) issues.push(batchIssue('unknown_list', { line, name }))
    else if (!list.ok && list.empty) issues.push(batchIssue('empty_list', { line, name }))
    else if (!list.ok) {
      const { code, column } = list.problem
      issues.push(batchIssue(LIST_CODES[code], { line, list: name, entry: list.entry, column }))
    }
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, template: templateOf(scanned.parts) }
}

/** The index-th option of a choice: the option whose range holds it, found by halving. */
function optionAt(choice: Choice, index: number): { option: Template; rest: number } {
  let low = 0
  let high = choice.ends.length - 1
  while (low < high) {
    const mid = (low + high) >> 1
    if (index < (choice.ends[mid] ?? 0)) high = mid
    else low = mid + 1
  }
  const start = low === 0 ? 0 : (choice.ends[low - 1] ?? 0)
  return { option: choice.options[low] as Template, rest: index - start }
}

function render(template: Template, index: number, out: string[]): void {
  const { parts } = template
  // Mixed radix, the last part fastest: each part's digit, then the text left to right.
  const digits = new Array<number>(parts.length).fill(0)
  let rest = index
  for (let p = parts.length - 1; p >= 0; p--) {
    const part = parts[p] as Part
    if (part.kind === 'text') continue
    const count = part.ends.at(-1) ?? 1
    digits[p] = rest % count
    rest = Math.floor(rest / count)
  }
  parts.forEach((part, p) => {
    if (part.kind === 'text') {
      out.push(part.text)
      return
    }
    const { option, rest: inner } = optionAt(part, digits[p] ?? 0)
    render(option, inner, out)
  })
}

/**
 * The prompt of combination `index` (0 ≤ index < count). An empty choice leaves two spaces or a space at an
 * end (`a {|very }dark cat`), so a prompt with choices has its runs of spaces made one and its ends trimmed.
 */
export function promptAt(template: Template, index: number): string {
  // Without a choice the parts are all text, and the one combination is them as they are.
  if (!template.varies) {
    const { parts } = template
    return parts.length === 1 ? (parts[0] as Text).text : parts.map((part) => (part as Text).text).join('')
  }
  const out: string[] = []
  render(template, index, out)
  const text = out.join('')
  return template.varies ? text.replace(/ {2,}/g, ' ').trim() : text
}
