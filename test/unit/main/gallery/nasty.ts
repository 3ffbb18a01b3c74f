import { mulberry32 } from '../../../e2e/support/gallerySeed'

/** Strings that break naive escaping, quoting and naming; fuzzers mix them with random code points. */
export const NASTY = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '</textarea><script>window.__pwned=1</script>',
  '<!--',
  '-->',
  ']]>',
  '&amp;',
  '&lt;script&gt;',
  '&#60;script&#62;',
  '&#x3C;',
  'javascript:alert(1)',
  '<a href="javascript:alert(1)">x</a>',
  '<style>*{display:none}</style>',
  '<meta http-equiv="refresh" content="0;url=http://evil.example">',
  '<base href="http://evil.example/">',
  '<iframe srcdoc="<script>x</script>">',
  '\u2028\u2029',
  '\u202e\u2066 bidi',
  'line\r\nbreak\rcr\nlf',
  'tab\there',
  '=HYPERLINK("http://evil.example","x")',
  '+SUM(1,2)',
  '-2+3',
  '@SUM(A1)',
  '\t=cmd',
  '\r=cmd',
  '"quoted, with comma"',
  'a""b',
  '../../etc/passwd',
  '..\\..\\windows\\system32',
  '\\\\server\\share\\x',
  '．．／．．／',
  'CON',
  'nul.txt',
  'COM1',
  'lpt9 .txt',
  '   ',
  '...',
  'ＡＢＣ 😀 👩‍👩‍👧 e\u0301',
  'x'.repeat(4096),
  '🎨'.repeat(300)
]

/** `count` strings mixing the nasty ones with random code points (including controls and astral ones). */
export function fuzzStrings(count: number, seed = 7): string[] {
  const random = mulberry32(seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T
  const codePoint = (): string => {
    const r = random()
    if (r < 0.3) return String.fromCodePoint(Math.floor(random() * 0x80))
    if (r < 0.5) return pick(['<', '>', '&', '"', "'", '=', '/', '\\', '\r', '\n', '\t', '%', '#', '?'])
    if (r < 0.8) return String.fromCodePoint(0x80 + Math.floor(random() * 0x2000))
    return String.fromCodePoint(0x1f300 + Math.floor(random() * 0x300))
  }
  return Array.from({ length: count }, () => {
    const parts: string[] = []
    const n = 1 + Math.floor(random() * 6)
    for (let i = 0; i < n; i++)
      parts.push(
        random() < 0.5
          ? pick(NASTY)
          : Array.from({ length: 1 + Math.floor(random() * 12) }, codePoint).join('')
      )
    return parts.join('')
  })
}
