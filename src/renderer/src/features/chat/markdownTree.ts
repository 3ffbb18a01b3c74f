import MarkdownIt, { type Token } from 'markdown-it'
import { createElement, Fragment, type ComponentType, type CSSProperties, type ReactNode } from 'react'
import { safeUrl } from './urlTransform'

/**
 * The parser of replies' Markdown: CommonMark with GitHub's tables, strikethrough and autolinks (task lists
 * are read in `markdownElements`). It replaced react-markdown (micromark, mdast, hast) because opening a
 * long conversation spent most of its time there: on the chat bench's replies, its tokens walked into React
 * elements came out more than ten times faster warm, and about seven times faster on a first, cold render.
 *
 * HTML is recognised (`html: true`) only so that it is one token, shown as the text it is and never made
 * into elements (RELIABILITY P34), as react-markdown showed it; were it plain text, an address inside a
 * tag (`<iframe src="https://…">`) would become a link.
 */
const parser = new MarkdownIt('default', { html: true, linkify: true, typographer: false })
// GFM's autolinks are scheme links and e-mail addresses; a bare domain ("example.com") stays words.
parser.linkify.set({ fuzzyLink: false })
// Every link is judged by safeUrl, which keeps a refused link's words; markdown-it's own check would leave
// its brackets and address in the text instead.
parser.validateLink = () => true

/** What the walker needs from the screen: the components that carry behaviour (opening, copying, colour). */
export interface MarkdownParts {
  /** A vetted link: `href` is safeUrl's answer, '' when the link was refused. */
  Link: ComponentType<{ href: string; children?: ReactNode }>
  /** An image, never fetched: `src` is safeUrl's answer, '' when refused. */
  Image: ComponentType<{ src: string; alt: string }>
  /** A code block: its text (with its last newline) and the language its fence names, lower-cased. */
  Code: ComponentType<{ source: string; language: string | null }>
}

/** Containers whose element is the tag markdown-it names; nothing else becomes an element by its name. */
const TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'ul',
  'ol',
  'li',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'em',
  'strong'
])

const TASK = /^\[([ xX])\][ \t]+(?=\S)/
const ALIGN = /^text-align:(left|right|center)$/

interface Frame {
  /** The opening token; null for the block's root. */
  open: Token | null
  children: ReactNode[]
  /** A list item that starts with `[ ]` or `[x]`: whether it is checked. */
  task?: boolean
  /** A list with at least one task item. */
  hasTasks?: boolean
}

/** The plain text of inline tokens (an image's description). */
function plainText(tokens: readonly Token[] | null): string {
  let text = ''
  for (const token of tokens ?? []) {
    if (token.type === 'text' || token.type === 'code_inline') text += token.content
    else if (token.type === 'image') text += plainText(token.children)
    else if (token.type === 'softbreak' || token.type === 'hardbreak') text += '\n'
  }
  return text
}

/** An attribute markdown-it set on a token, as text ('' when unset). */
const attr = (token: Token, name: string): string => String(token.attrGet(name) ?? '')

function cellStyle(token: Token): CSSProperties | undefined {
  const align = ALIGN.exec(attr(token, 'style'))?.[1]
  return align === undefined ? undefined : { textAlign: align as CSSProperties['textAlign'] }
}

/** The element a closed container becomes. */
function closed(frame: Frame, key: number, parts: MarkdownParts): ReactNode {
  const open = frame.open
  const children = frame.children
  if (!open) return children
  switch (open.type) {
    case 'link_open':
      return createElement(parts.Link, { key, href: safeUrl(attr(open, 'href')) }, children)
    case 's_open':
      return createElement('del', { key }, children)
    // GFM tables scroll sideways on their own instead of widening the reply.
    case 'table_open':
      return createElement('div', { key, className: 'md-table-wrap' }, createElement('table', null, children))
    case 'th_open':
    case 'td_open':
      return createElement(open.tag, { key, style: cellStyle(open) }, children)
    case 'ordered_list_open': {
      const start = Number(attr(open, 'start') || 1)
      return createElement(
        'ol',
        {
          key,
          start: start === 1 ? undefined : start,
          className: frame.hasTasks ? 'contains-task-list' : undefined
        },
        children
      )
    }
    case 'bullet_list_open':
      return createElement(
        'ul',
        { key, className: frame.hasTasks ? 'contains-task-list' : undefined },
        children
      )
    case 'list_item_open':
      return createElement(
        'li',
        { key, className: frame.task === undefined ? undefined : 'task-list-item' },
        children
      )
    case 'paragraph_open':
      // A tight list's paragraphs are not shown as paragraphs.
      if (open.hidden) return createElement(Fragment, { key }, children)
  }
  return TAGS.has(open.tag)
    ? createElement(open.tag, { key }, children)
    : createElement(Fragment, { key }, children)
}

/**
 * A paragraph that opens a list item and starts with `[ ]` or `[x]` and words: a GFM task. The item and its
 * list are marked, and the box goes where the marker was. Returns how much of the first text to skip.
 */
function taskMarker(stack: readonly Frame[], first: Token | undefined): number {
  const paragraph = stack[stack.length - 1]
  const item = stack[stack.length - 2]
  const list = stack[stack.length - 3]
  if (
    !paragraph ||
    !item ||
    !list ||
    paragraph.open?.type !== 'paragraph_open' ||
    item.open?.type !== 'list_item_open' ||
    paragraph.children.length > 0 ||
    item.children.length > 0 ||
    first?.type !== 'text'
  )
    return 0
  const match = TASK.exec(first.content)
  if (!match) return 0
  item.task = match[1] !== ' '
  list.hasTasks = true
  paragraph.children.push(
    createElement('input', { key: 'task', type: 'checkbox', checked: item.task, disabled: true }),
    ' '
  )
  return match[0].length
}

/** A token that holds no others, as what it shows. */
function leaf(token: Token, key: number, parts: MarkdownParts, stack: Frame[]): ReactNode {
  switch (token.type) {
    case 'inline':
      return walk(token.children ?? [], parts, stack)
    case 'text':
      return token.content
    case 'softbreak':
      return '\n'
    case 'hardbreak':
      return createElement('br', { key })
    case 'code_inline':
      return createElement('code', { key }, token.content)
    case 'hr':
      return createElement('hr', { key })
    case 'fence': {
      const language = token.info.trim().split(/\s+/)[0]?.toLowerCase() || null
      return createElement(parts.Code, { key, source: token.content, language })
    }
    case 'code_block':
      return createElement(parts.Code, { key, source: token.content, language: null })
    case 'image':
      return createElement(parts.Image, {
        key,
        src: safeUrl(attr(token, 'src')),
        alt: plainText(token.children)
      })
    case 'html_block':
    case 'html_inline':
      // RELIABILITY P34: a reply's HTML is shown as the text it is.
      return token.content
    default:
      return token.content
  }
}

/**
 * Flat tokens (openings, leaves, closings) as React elements, in one pass with a stack of open containers.
 * `outer` is the stack of the block an inline run sits in, for task items.
 */
function walk(tokens: readonly Token[], parts: MarkdownParts, outer: Frame[] = []): ReactNode[] {
  const root: Frame = { open: null, children: [] }
  const stack: Frame[] = [root]
  const top = (): Frame => stack[stack.length - 1] ?? root
  let skip = outer.length > 0 ? taskMarker(outer, tokens[0]) : 0
  for (const token of tokens) {
    if (token.nesting === 1) {
      stack.push({ open: token, children: [] })
    } else if (token.nesting === -1) {
      const frame = stack.length > 1 ? stack.pop() : undefined
      if (frame) top().children.push(closed(frame, top().children.length, parts))
    } else if (skip > 0) {
      top().children.push(token.content.slice(skip))
      skip = 0
    } else {
      const here = top()
      // An inline run's stack is the whole block's, so a task item can see its list.
      here.children.push(leaf(token, here.children.length, parts, token.type === 'inline' ? stack : []))
    }
  }
  // markdown-it closes what it opens; this only guards against a token stream that does not.
  while (stack.length > 1) {
    const frame = stack.pop()
    if (frame) top().children.push(closed(frame, top().children.length, parts))
  }
  return root.children
}

/** One block of a reply's Markdown as React elements (no HTML string anywhere). */
export function markdownElements(source: string, parts: MarkdownParts): ReactNode[] {
  return walk(parser.parse(source, {}), parts)
}

/** What `warmMarkdown` runs: a little of everything replies hold (headings, emphasis, lists, a table, links, code). */
export const WARM_SAMPLE = [
  '## Heading',
  'Some **bold**, *italic*, ~~struck~~ and `code` text with a link to https://example.com/page.',
  '- [x] a task\n- an item with [a link](https://example.com)\n  1. nested',
  '> a quote',
  '| a | b |\n|:--|--:|\n| 1 | 2 |',
  '```ts\nconst x = 1\n```'
].join('\n\n')

const NONE = (): null => null

/**
 * Runs the parser and the walker once over a small sample, so that their first real use is not their
 * first use: the first conversation opened after start-up parsed its replies cold (the parser's rules and
 * patterns, the walker's code, all run for the first time). Called in idle time after start-up, with the
 * number formatter warmed too, the bench's first opening of a long conversation took 139-155 ms instead
 * of 170-174 (medians of three runs each).
 */
export function warmMarkdown(): void {
  void markdownElements(WARM_SAMPLE, { Link: NONE, Image: NONE, Code: NONE })
}
