import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MarkdownView } from '@renderer/features/chat/Markdown'
import { WARM_SAMPLE, warmMarkdown } from '@renderer/features/chat/markdownTree'
import { connectFake } from './harness'

/** Issue 28: replies' Markdown walked from markdown-it's tokens into React elements by our own code. */
function shown(text: string): HTMLElement {
  connectFake()
  return render(<MarkdownView text={text} />).container
}

describe('Markdown tokens as elements', () => {
  it('shows HTML blocks and inline tags as their text, with no link made inside a tag [P34]', () => {
    const container = shown(
      [
        '<div onclick="window.__pwned=1">',
        '*not emphasis* [x](https://example.com/a)',
        '</div>',
        '',
        'Inline <span style="color:red">red</span> and <a href="https://example.com/b">b</a>.'
      ].join('\n')
    )
    expect(container.querySelectorAll('div.md-block div, span[style], em')).toHaveLength(0)
    expect(container.textContent).toContain(
      '<div onclick="window.__pwned=1">\n*not emphasis* [x](https://example.com/a)\n</div>'
    )
    expect(container.textContent).toContain('<span style="color:red">red</span>')
    expect(container.querySelectorAll('a')).toHaveLength(0)
    expect((window as unknown as { __pwned?: unknown }).__pwned).toBeUndefined()
  })

  it('refuses every link that is not https or mailto, however it is spelt, keeping its words [P34]', () => {
    const container = shown(
      [
        '[one](javascript:alert(1)) [two](&#106;avascript:alert(2)) [three](vbscript:msgbox)',
        '[four](<javascript:alert(4)>) <javascript:alert(5)> [six](//evil.example/x)',
        '[seven](https://user:pw@example.com/) [eight](http://example.com/)'
      ].join('\n')
    )
    expect(container.querySelectorAll('a')).toHaveLength(0)
    const refused = [...container.querySelectorAll('.md-refused-link')].map((el) => el.textContent)
    expect(refused).toEqual(['one', 'two', 'three', 'four', 'javascript:alert(5)', 'six', 'seven', 'eight'])
  })

  it('links https addresses and e-mail addresses written out, but not a bare domain', () => {
    const container = shown('See https://example.com/a_b. Mail studio@example.com or visit example.com')
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/a_b',
      'mailto:studio@example.com'
    ])
    expect(container.textContent).toContain('visit example.com')
  })

  it('nests lists, keeps an ordered list’s start and shows tight items without paragraphs', () => {
    // (A list starting at 3 may not interrupt a paragraph, hence the blank line.)
    const container = shown('- fruit\n\n  3. apple\n  4. pear\n- veg\n\n  loose para')
    const outer = container.querySelector('.md-block > ul') as HTMLElement
    expect(outer.children).toHaveLength(2)
    const inner = outer.querySelector('li > ol') as HTMLOListElement
    expect(inner.getAttribute('start')).toBe('3')
    expect([...inner.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['apple', 'pear'])
    // The list is loose (a blank line inside it): its items' words are paragraphs, as CommonMark says.
    expect(outer.querySelectorAll(':scope > li > p').length).toBeGreaterThan(0)
    const tight = shown('1. a\n2. b')
    expect(tight.querySelector('ol')?.hasAttribute('start')).toBe(false)
    expect(tight.querySelectorAll('li > p')).toHaveLength(0)
  })

  it('aligns table columns as the delimiter row says and wraps the table to scroll', () => {
    const container = shown('| a | b | c | d |\n| :-- | :-: | --: | --- |\n| 1 | 2 | 3 | 4 |')
    const cells = [...container.querySelectorAll('td')] as HTMLElement[]
    expect(cells.map((td) => td.style.textAlign)).toEqual(['left', 'center', 'right', ''])
    expect(container.querySelector('.md-table-wrap > table > thead > tr > th')?.textContent).toBe('a')
  })

  it('renders headings, emphasis, inline code, hard breaks, rules, quotes and entities', () => {
    const container = shown(
      '# One\n\n### Three\n\n**bold** *em* `a < b &amp;`\nsoft\\\nhard  \nbreak\n\n---\n\n> quoted &amp; &copy; &#169;'
    )
    expect(container.querySelector('h1')?.textContent).toBe('One')
    expect(container.querySelector('h3')?.textContent).toBe('Three')
    expect(container.querySelector('strong')?.textContent).toBe('bold')
    expect(container.querySelector('em')?.textContent).toBe('em')
    // Code keeps its characters as written: no entity is decoded inside it.
    expect(container.querySelector('p > code')?.textContent).toBe('a < b &amp;')
    expect(container.querySelectorAll('p > br')).toHaveLength(2)
    expect(container.querySelector('p')?.textContent).toContain('\nsoft')
    expect(container.querySelector('hr')).not.toBeNull()
    expect(container.querySelector('blockquote p')?.textContent).toBe('quoted & © ©')
  })

  it('marks task items and their list; a bracket elsewhere is no task', () => {
    const container = shown('- [x] done\n- [ ] open\n- plain [x] later\n- [x]')
    const items = [...container.querySelectorAll('li')]
    expect(items.map((li) => li.className)).toEqual(['task-list-item', 'task-list-item', '', ''])
    expect(container.querySelector('ul')).toHaveClass('contains-task-list')
    expect(items[0]?.textContent).toBe(' done')
    expect(items[3]?.textContent).toBe('[x]')
    const boxes = screen.getAllByRole<HTMLInputElement>('checkbox')
    expect(boxes.map((box) => [box.checked, box.disabled])).toEqual([
      [true, true],
      [false, true]
    ])
    expect(shown('- a\n- b').querySelector('ul')?.className).toBe('')
  })

  it('shows an image as words from its description, emphasis and all, never as an image [P34]', () => {
    const container = shown('![a *fine* `chart`](https://cdn.example/c.png)')
    expect(container.querySelector('img')).toBeNull()
    expect(
      screen.getByRole('link', { name: /Image: a fine chart \(cdn.example, not loaded\)/ })
    ).toHaveAttribute('href', 'https://cdn.example/c.png')
  })

  it('gives an indented block and an unnamed fence no language, and a named one its lower-cased name', () => {
    const container = shown('    indented\n\n```\nplain\n```\n\n```Python extra words\nx = 1\n```')
    const codes = [...container.querySelectorAll('.md-code')]
    expect(codes.map((block) => block.querySelector('.md-code-lang')?.textContent ?? null)).toEqual([
      null,
      null,
      'python'
    ])
    expect(codes.map((block) => block.querySelector('pre')?.textContent)).toEqual([
      'indented\n',
      'plain\n',
      'x = 1\n'
    ])
  })
})

describe('the parser warmed at start-up', () => {
  it('runs over every kind of block and inline a reply holds, so their first real use is not cold', () => {
    expect(() => warmMarkdown()).not.toThrow()
    const container = shown(WARM_SAMPLE)
    for (const selector of [
      'h2',
      'strong',
      'em',
      'del',
      'ul',
      'ol',
      'blockquote',
      'table',
      'a',
      'code',
      'pre'
    ])
      expect(container.querySelector(selector), selector).not.toBeNull()
    expect(container.querySelector('input[type="checkbox"]')).not.toBeNull()
  })
})
