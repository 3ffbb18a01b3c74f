import { describe, expect, it } from 'vitest'
import { hostOf, safeUrl } from '@renderer/features/chat/urlTransform'

describe('safeUrl [P34]', () => {
  it.each([
    ['https://example.com/a?b=1#c', 'https://example.com/a?b=1#c'],
    ['  https://EXAMPLE.com  ', 'https://example.com/'],
    ['mailto:studio@example.com', 'mailto:studio@example.com']
  ])('keeps %s', (input, output) => {
    expect(safeUrl(input)).toBe(output)
  })

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'http://example.com',
    'ftp://example.com',
    'https://user:pass@example.com',
    '//evil.example/x',
    '/relative/path',
    '../up',
    '#anchor',
    'mailto:',
    'studio-media://abc',
    'app://app/index.html',
    ''
  ])('refuses %j', (input) => {
    expect(safeUrl(input)).toBe('')
  })

  it('names the host of a link', () => {
    expect(hostOf('https://evil.example/t.png')).toBe('evil.example')
    expect(hostOf('not a url')).toBe('')
  })
})
