import { describe, expect, it } from 'vitest'
import { attachmentDisposition } from '../../../../src/main/security/contentDisposition'

/** What a browser reads back from `filename*` (RFC 5987: UTF-8, percent-encoded). */
const extValue = (header: string): string =>
  decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(header)?.[1] ?? '')

describe('attachmentDisposition', () => {
  it.each([
    'a red fox in the snow-1a2b3c4d.png',
    '雪中的红狐狸-1a2b3c4d.jpg',
    "it's (almost) 100% *done*-1a2b3c4d.webp",
    'emoji 🦊; comma, semicolon-1a2b3c4d.zip'
  ])('names %s whole in filename*, and plainly in filename', (name) => {
    const header = attachmentDisposition(name)
    expect(header.startsWith('attachment; filename="')).toBe(true)
    expect(extValue(header)).toBe(name)
    // The extended value holds RFC 5987's attr-chars and escapes alone.
    expect(/filename\*=UTF-8''([A-Za-z0-9!#$&+.^_`|~%-]*)$/.test(header)).toBe(true)
    // The plain one is printable ASCII with nothing a client could decode or end the quotes with.
    const plain = /filename="([^"]*)"/.exec(header)?.[1] ?? ''
    expect(plain).toMatch(/^[\x20-\x7e]*$/)
    expect(plain).not.toMatch(/["\\%]/)
    expect(plain.endsWith(name.slice(name.lastIndexOf('.')))).toBe(true)
  })
})
