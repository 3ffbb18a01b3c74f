import { describe, expect, it } from 'vitest'
import { PIECE_CHARS, segments, splitBlocks, splitLong } from '@renderer/features/chat/blocks'

describe('Markdown blocks for streaming', () => {
  it('splits at blank lines but never inside fenced code', () => {
    const text = 'Intro line\n\n```js\nconst a = 1\n\nconst b = 2\n```\n\nAfter the code\n\n~~~\nx\n\n~~~\n'
    expect(splitBlocks(text)).toEqual([
      'Intro line\n',
      '```js\nconst a = 1\n\nconst b = 2\n```\n',
      'After the code\n',
      '~~~\nx\n\n~~~\n'
    ])
  })

  it('keeps one list, list continuations and indented code together', () => {
    const text = '1. one\n\n2. two\n\n   more about two\n\nParagraph\n\n    indented code\n\n    still code'
    expect(splitBlocks(text)).toEqual([
      '1. one\n\n2. two\n\n   more about two\n',
      'Paragraph\n\n    indented code\n\n    still code'
    ])
  })

  it('treats an unclosed fence (still streaming) as one block to the end', () => {
    expect(splitBlocks('a\n\n```\ncode\n\nmore')).toEqual(['a\n', '```\ncode\n\nmore'])
  })

  it('cuts a very long paragraph at spaces where no inline Markdown is open', () => {
    const words = Array.from({ length: 2000 }, (_, i) => `w${i}`).join(' ')
    const pieces = splitLong(words)
    expect(pieces.length).toBeGreaterThan(3)
    expect(pieces.join(' ')).toBe(words)
    for (const piece of pieces.slice(0, -1)) expect(piece.length).toBeGreaterThanOrEqual(PIECE_CHARS)

    const bold = `${'a '.repeat(PIECE_CHARS / 2 - 2)}**bold across the cut point here** ${'b '.repeat(PIECE_CHARS)}`
    for (const piece of splitLong(bold)) expect((piece.match(/\*\*/g) ?? []).length % 2).toBe(0)
  })

  it('never cuts code, lists or quotes', () => {
    const long = 'x '.repeat(PIECE_CHARS * 2)
    for (const block of [`\`\`\`\n${long}\n\`\`\``, `- ${long}`, `> ${long}`, `    ${long}`]) {
      expect(splitLong(block)).toEqual([block])
    }
  })

  it('marks the pieces that carry on a paragraph', () => {
    const parts = segments(`Title\n\n${'word '.repeat(PIECE_CHARS)}`)
    expect(parts[0]).toEqual({ source: 'Title\n', continues: false })
    expect(parts.slice(1).map((p) => p.continues)).toEqual([
      false,
      ...Array<boolean>(parts.length - 2).fill(true)
    ])
  })
})
