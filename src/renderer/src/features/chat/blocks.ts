const FENCE = /^ {0,3}(`{3,}|~{3,})/
const BLANK = /^\s*$/
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])\s/

/** Past this many characters a paragraph is shown in pieces (see `splitLong`). */
export const PIECE_CHARS = 1600

/**
 * Splits Markdown into top-level blocks at blank lines outside fenced code, so a streaming reply re-parses
 * only its last block (earlier blocks keep their rendered output). It does not split before an indented
 * line (a list item's continuation or indented code) nor between items of one list, so those stay whole.
 */
export function splitBlocks(text: string): string[] {
  const lines = text.split('\n')
  const blocks: string[] = []
  let current: string[] = []
  let fence: string | null = null
  let blankBefore = false

  const close = (): void => {
    if (current.some((line) => !BLANK.test(line))) blocks.push(current.join('\n'))
    current = []
  }

  for (const line of lines) {
    if (fence !== null) {
      current.push(line)
      const match = FENCE.exec(line)
      const closes =
        match?.[1] !== undefined &&
        match[1][0] === fence[0] &&
        match[1].length >= fence.length &&
        BLANK.test(line.slice(match[0].length))
      if (closes) fence = null
      continue
    }
    if (BLANK.test(line)) {
      blankBefore = true
      current.push(line)
      continue
    }
    const startsList = LIST_ITEM.test(line)
    const continues = /^[ \t]/.test(line) || (startsList && current.some((l) => LIST_ITEM.test(l)))
    if (blankBefore && !continues) close()
    blankBefore = false
    current.push(line)
    const open = FENCE.exec(line)
    if (open?.[1]) fence = open[1]
  }
  close()
  return blocks
}

/**
 * Inline Markdown that would break if cut here: an open code span, emphasis or link text. Delimiters are
 * counted as runs (`**` opens once); `_` only at a word edge, since inside a word it is just a letter.
 */
function balanced(text: string): boolean {
  const runs = (pattern: RegExp): number => (text.match(pattern) ?? []).length
  const ticks = runs(/`+/g)
  const stars = runs(/\*+/g)
  const unders = runs(/(?:^|(?<=\s))_+|_+(?=\s|$)/g)
  const open = runs(/\[/g) - runs(/\]/g)
  return ticks % 2 === 0 && stars % 2 === 0 && unders % 2 === 0 && open === 0
}

/**
 * A very long plain paragraph is laid out again by the browser on every change, at a cost that grows with
 * its length (the chat benchmark saw 100-450 ms tasks for a 10,000-token paragraph). It is cut, at spaces
 * where no inline Markdown is open, into pieces of about PIECE_CHARS shown flush one under another, so a
 * streaming reply changes only its last piece. Code, lists, tables and quotes are never cut.
 */
export function splitLong(block: string): string[] {
  if (block.length <= PIECE_CHARS * 1.5) return [block]
  const first = block.trimStart()
  if (FENCE.test(block) || /^[ \t]/.test(block) || LIST_ITEM.test(first) || /^[>|#]/.test(first))
    return [block]
  const pieces: string[] = []
  let start = 0
  let at = PIECE_CHARS
  while (block.length - start > PIECE_CHARS * 1.5) {
    const space = block.indexOf(' ', start + at)
    if (space === -1) break
    const piece = block.slice(start, space)
    if (balanced(piece)) {
      pieces.push(piece)
      start = space + 1
      at = PIECE_CHARS
    } else {
      // Inside emphasis or a code span: try a little further on.
      at = space - start + 1
      if (at > PIECE_CHARS * 4) break
    }
  }
  pieces.push(block.slice(start))
  return pieces
}

export interface Segment {
  source: string
  /** Carries on the paragraph of the segment before (shown without a paragraph gap). */
  continues: boolean
}

/** The rendered pieces of a reply: its blocks, with very long paragraphs in pieces. */
export function segments(text: string): Segment[] {
  return splitBlocks(text).flatMap((block) =>
    splitLong(block).map((source, index) => ({ source, continues: index > 0 }))
  )
}
