import { fireEvent, render, screen, waitFor } from '@testing-library/react'
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
