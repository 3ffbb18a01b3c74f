import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MarkdownView } from '@renderer/features/chat/Markdown'
import { connectFake } from './harness'

const payload = [
  'Here: <img src=x onerror="window.__pwned=1">',
  '[click](javascript:window.__pwned=2) and [caps](JAVASCRIPT:alert(1))',
  '![tracker](https://evil.example/t.png) ![local](/etc/passwd)',
  '<script>window.__pwned=3</script>',
  '<svg onload="window.__pwned=4"></svg><iframe src="https://evil.example/f"></iframe>',
  '<a href="javascript:window.__pwned=5">raw link</a>',
  '[data](data:text/html;base64,PHNjcmlwdD4=) [plain](http://example.com) [rel](/settings)',
  '[safe](https://example.com/docs) [mail](mailto:studio@example.com)',
  '```js\nconst answer = 42\n```'
].join('\n\n')

describe('reply Markdown', () => {
  const open = vi.fn()
  const writeText = vi.fn(() => Promise.resolve())
  beforeEach(() => {
    vi.stubGlobal('open', open)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    open.mockReset()
  })

  it('renders no element that runs code or loads anything, and no unsafe link [P34]', () => {
    connectFake()
    const { container } = render(<MarkdownView text={payload} />)
    expect(container.querySelectorAll('img, script, iframe, svg, object, embed, style')).toHaveLength(0)
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))
    expect(hrefs).toEqual([
      'https://evil.example/t.png',
      'https://example.com/docs',
      'mailto:studio@example.com'
    ])
    // Raw HTML is shown as the text it is.
    expect(container.textContent).toContain('<img src=x onerror="window.__pwned=1">')
    expect(container.textContent).toContain('<script>window.__pwned=3</script>')
    // Refused links keep their words; remote images become links that say they were not loaded.
    expect(screen.getByText('click').tagName).toBe('SPAN')
    expect(screen.getByText('plain').tagName).toBe('SPAN')
    expect(
      screen.getByRole('link', { name: /Image: tracker \(evil.example, not loaded\)/ })
    ).toBeInTheDocument()
    expect(screen.getByText('[Image: local]')).toBeInTheDocument()
    expect((window as unknown as { __pwned?: unknown }).__pwned).toBeUndefined()
  })

  it('opens a link outside the app through app.openExternal; a browser tab opens it itself [P5][P34]', async () => {
    const { invoke } = connectFake({ 'app.openExternal': { opened: false, allowed: true } })
    render(<MarkdownView text={payload} />)
    fireEvent.click(screen.getByRole('link', { name: 'safe' }))
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://example.com/docs', '_blank', 'noopener,noreferrer')
    )
    expect(invoke).toHaveBeenCalledWith('app.openExternal', { url: 'https://example.com/docs' })
  })

  it('does not open a link the host refused or already opened', async () => {
    const { invoke } = connectFake({ 'app.openExternal': { opened: true, allowed: true } })
    render(<MarkdownView text="[safe](https://example.com/docs)" />)
    fireEvent.click(screen.getByRole('link', { name: 'safe' }))
    await waitFor(() => expect(invoke).toHaveBeenCalled())
    expect(open).not.toHaveBeenCalled()
  })

  it('gives every code block a Copy button that copies the code', async () => {
    connectFake()
    render(<MarkdownView text={payload} />)
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('const answer = 42'))
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument()
  })
})

describe('GitHub-flavoured Markdown and highlighted code (issue 15)', () => {
  it('renders tables as tables, strikethrough as deleted text and task lists as checkboxes', () => {
    connectFake()
    const text = [
      '| Model | Price | Note |',
      '| :-- | --: | --- |',
      '| studio-chat | 1 | ~~old~~ new |',
      '| seedance | 0.5 | <b>raw</b> |',
      '',
      'This is ~~wrong~~ right.',
      '',
      '- [x] done',
      '- [ ] to do'
    ].join('\n')
    const { container } = render(<MarkdownView text={text} />)
    const table = screen.getByRole('table')
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Model',
      'Price',
      'Note'
    ])
    expect(screen.getAllByRole('row')).toHaveLength(3)
    expect(table.closest('.md-table-wrap')).not.toBeNull()
    expect([...container.querySelectorAll('del')].map((d) => d.textContent)).toEqual(['old', 'wrong'])
    // Raw HTML inside a cell stays text (P34 holds with GFM on).
    expect(container.querySelector('b')).toBeNull()
    expect(screen.getByText('<b>raw</b>')).toBeInTheDocument()
    const boxes = screen.getAllByRole('checkbox')
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, false])
    expect(boxes.every((box) => (box as HTMLInputElement).disabled)).toBe(true)
  })

  it('colours a fenced block once the highlighter has loaded, as spans only, and copies the plain code', async () => {
    connectFake()
    const { container } = render(<MarkdownView text={'```ts\nconst answer: number = 42 // why\n```'} />)
    // Plain at first; the highlighter arrives lazily.
    await waitFor(() => expect(container.querySelector('code.hljs.language-ts')).not.toBeNull())
    const code = container.querySelector('code.hljs') as HTMLElement
    expect(code.textContent).toBe('const answer: number = 42 // why')
    expect(code.querySelector('.hljs-keyword')?.textContent).toBe('const')
    expect(code.querySelector('.hljs-number')?.textContent).toBe('42')
    expect(code.querySelector('.hljs-comment')?.textContent).toBe('// why')
    expect([...code.querySelectorAll('*')].every((el) => el.tagName === 'SPAN')).toBe(true)
    expect(screen.getByText('ts')).toHaveClass('md-code-lang')
  })

  it('leaves an unknown language plain', async () => {
    connectFake()
    const { container } = render(<MarkdownView text={'```klingon\nQapla!\n```'} />)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(container.querySelector('code.hljs')).toBeNull()
    expect(container.querySelector('pre')?.textContent).toBe('Qapla!\n')
  })

  it('colours code only once the page is idle, showing it plain until then (issue 28)', async () => {
    const idle: IdleRequestCallback[] = []
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback))
    vi.stubGlobal('cancelIdleCallback', () => undefined)
    const runIdle = (): void =>
      idle.splice(0).forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 }))
    try {
      connectFake()
      const { container, unmount } = render(<MarkdownView text={'```ts\nconst answer = 42\n```'} />)
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(container.querySelector('code.hljs')).toBeNull()
      expect(container.querySelector('pre > code.language-ts')?.textContent).toBe('const answer = 42\n')
      // The first idle moment fetches the highlighter, the next one colours the block.
      act(runIdle)
      await waitFor(() => expect(idle).toHaveLength(1))
      expect(container.querySelector('code.hljs')).toBeNull()
      act(runIdle)
      expect(container.querySelector('code.hljs.language-ts .hljs-keyword')?.textContent).toBe('const')
      unmount()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
