import { posix, win32 } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  cutToBytes,
  isInside,
  isReservedName,
  pathInside,
  safeFileName,
  safeNameStem
} from '../../../../src/main/library/names'
import { seededRandom } from '../../../helpers/random'

/** Microsoft's naming rules, checked independently of the code under test. */
function windowsProblems(name: string): string[] {
  const problems: string[] = []
  if (name.length === 0) problems.push('empty')
  if (Buffer.byteLength(name, 'utf8') > 255) problems.push('over 255 bytes')
  for (const ch of name) {
    const code = ch.codePointAt(0) ?? 0
    if (code < 32) problems.push(`control ${code}`)
    if ('<>:"/\\|?*'.includes(ch)) problems.push(`reserved char ${ch}`)
    if (
      [
        0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x61c
      ].includes(code)
    )
      problems.push(`bidi ${code.toString(16)}`)
    if (code >= 0xd800 && code <= 0xdfff) problems.push('lone surrogate')
  }
  if (/[. ]$/.test(name)) problems.push('trailing dot or space')
  const stem = (name.split('.')[0] ?? '').replace(/ +$/, '').toUpperCase()
  if (/^(CON|PRN|AUX|NUL|COM[0-9¹²³]|LPT[0-9¹²³])$/.test(stem)) problems.push('device name')
  if (name !== name.normalize('NFC')) problems.push('not NFC')
  if (name === '.' || name === '..') problems.push('dot name')
  return problems
}

const PIECES = [
  '../',
  '..\\',
  '../../../../etc/passwd',
  '..\\..\\Windows\\System32\\',
  '\\\\server\\share\\',
  '//server/share/',
  '\\\\?\\C:\\',
  '\\\\.\\PhysicalDrive0',
  'C:\\',
  'C:',
  '/',
  '\\',
  '．．／',
  '．．＼',
  '\u202e',
  '\u202egnp.exe',
  '\u2066\u2069\u200e\u200f\u061c',
  'CON',
  'con.txt',
  'NUL',
  'nul.tar.gz',
  'COM1',
  'LPT9.',
  'AUX ',
  'prn.',
  'COM¹',
  '.',
  '..',
  '...',
  ' ',
  '\t',
  '\n',
  '\r\n',
  '\u0000',
  '\u001f',
  '\u007f',
  '<>:"|?*',
  'a cat on a mat',
  'Überstraße',
  'e\u0301', // decomposed é, NFC turns it into one code point
  '日本語のプロンプト',
  '🦊🐳',
  '👩‍👩‍👧',
  '\ud83e', // lone high surrogate
  '\udc00', // lone low surrogate
  'ﬁ',
  '%2e%2e%2f',
  'file:///etc/passwd',
  '~',
  '$',
  'CONIN$'
]

function fuzzPrompt(next: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T
  const roll = next()
  if (roll < 0.05) return pick(PIECES).repeat(Math.ceil(4096 / Math.max(1, pick(PIECES).length)))
  if (roll < 0.1) {
    let s = ''
    while (s.length < 4096) s += String.fromCharCode(Math.floor(next() * 0x10000))
    return s
  }
  const parts: string[] = []
  const n = 1 + Math.floor(next() * 12)
  for (let i = 0; i < n; i++) {
    parts.push(next() < 0.7 ? pick(PIECES) : String.fromCodePoint(Math.floor(next() * 0x10ffff) & 0x1fffff))
  }
  return parts.join('')
}

describe('safe file names [P33]', () => {
  it('follows the steps on plain examples', () => {
    expect(safeFileName('a cat on a mat', 'job1', 'png')).toBe('a cat on a mat-job1.png')
    expect(safeFileName('../../etc/passwd', 'j', 'png')).toBe('etcpasswd-j.png')
    expect(safeFileName('..\\..\\Windows\\win.ini', 'j', 'png')).toBe('Windowswin.ini-j.png')
    expect(safeFileName('\\\\server\\share\\x', 'j', 'png')).toBe('serversharex-j.png')
    expect(safeFileName('．．／secret', 'j', 'png')).toBe('．．／secret-j.png')
    expect(safeFileName('photo\u202egnp.exe', 'j', 'png')).toBe('photognp.exe-j.png')
    expect(safeFileName('ends with dots...  ', 'j', 'jpg')).toBe('ends with dots-j.jpg')
    expect(safeFileName('e\u0301', 'j', 'png')).toBe('\u00e9-j.png')
    expect(safeFileName('line one\nline two', 'j', 'png')).toBe('line one line two-j.png')
    expect(safeFileName('', 'j', 'png')).toBe('untitled-j.png')
    expect(safeFileName('<>:"/\\|?*', 'j', 'png')).toBe('untitled-j.png')
  })

  it('refuses device names with or without an extension', () => {
    for (const name of [
      'CON',
      'con',
      'PRN',
      'AUX',
      'NUL',
      'COM1',
      'com9',
      'LPT1',
      'LPT9',
      'NUL.txt',
      'nul .tar.gz'
    ]) {
      expect(isReservedName(name), name).toBe(true)
      const stem = safeNameStem(name)
      expect(isReservedName(stem), stem).toBe(false)
      expect(windowsProblems(safeFileName(name, 'j', 'png')), name).toEqual([])
    }
    expect(safeNameStem('CON')).toBe('_CON')
    expect(safeNameStem('con.txt')).toBe('_con.txt')
    expect(isReservedName('CONSOLE')).toBe(false)
    expect(isReservedName('COM10')).toBe(false)
  })

  it('cuts to 100 bytes of UTF-8 without splitting a sequence', () => {
    expect(Buffer.byteLength(safeNameStem('a'.repeat(500)))).toBe(100)
    // 3-byte characters: 33 fit (99 bytes), the 34th would split.
    expect(safeNameStem('語'.repeat(50))).toBe('語'.repeat(33))
    // 4-byte emoji: 25 fit exactly.
    expect(safeNameStem('🦊'.repeat(40))).toBe('🦊'.repeat(25))
    expect(cutToBytes('ab🦊', 5)).toBe('ab')
    // A cut that leaves a trailing space or dot is trimmed again.
    expect(safeNameStem(`${'a'.repeat(99)} b`)).toBe('a'.repeat(99))
  })

  it('checks ids and extensions instead of cleaning them', () => {
    expect(() => safeFileName('x', '../j', 'png')).toThrow()
    expect(() => safeFileName('x', 'j', 'png/../x')).toThrow()
    expect(() => safeFileName('x', '', 'png')).toThrow()
  })

  it('keeps paths inside the directory (resolve/relative)', () => {
    expect(isInside('/lib', '/lib/a/b.png')).toBe(true)
    expect(isInside('/lib', '/lib')).toBe(true)
    expect(isInside('/lib', '/lib/../etc')).toBe(false)
    expect(isInside('/lib', '/library/x')).toBe(false)
    expect(isInside('/lib', '/lib/..x/y')).toBe(true)
    expect(() => pathInside('/lib', '../x')).toThrow()
    expect(() => pathInside('/lib', '/etc/passwd')).toThrow()
    expect(() => pathInside('/lib', '.')).toThrow()
    expect(pathInside('/lib', 'a.png')).toBe(posix.resolve('/lib/a.png'))
  })

  it('fuzz: 10,000 prompts give 0 escaping names, all valid on Windows and ≤ 255 bytes', () => {
    const next = seededRandom(0x5eed)
    const dir = '/srv/export/gallery'
    const winDir = 'C:\\Users\\me\\export'
    let escaping = 0
    let invalid = 0
    let maxBytes = 0
    const failures: string[] = []
    for (let i = 0; i < 10_000; i++) {
      const prompt = fuzzPrompt(next)
      const name = safeFileName(prompt, `job${i}`, i % 2 ? 'png' : 'mp4')
      maxBytes = Math.max(maxBytes, Buffer.byteLength(name))
      const problems = windowsProblems(name)
      if (problems.length > 0) {
        invalid += 1
        if (failures.length < 5)
          failures.push(`${JSON.stringify(prompt.slice(0, 40))}: ${problems.join(', ')}`)
      }
      const posixTarget = posix.resolve(dir, name)
      const winTarget = win32.resolve(winDir, name)
      const out =
        posix.dirname(posixTarget) !== dir ||
        win32.dirname(winTarget) !== winDir ||
        posix.relative(dir, posixTarget).startsWith('..') ||
        win32.relative(winDir, winTarget).startsWith('..')
      if (out) escaping += 1
      expect(() => pathInside(dir, name)).not.toThrow()
    }
    expect(failures).toEqual([])
    expect({ escaping, invalid }).toEqual({ escaping: 0, invalid: 0 })
    expect(maxBytes).toBeLessThanOrEqual(255)
  })

  it('fuzz harness can fail: the raw prompts would escape and be invalid', () => {
    const next = seededRandom(0x5eed)
    let escaping = 0
    let invalid = 0
    for (let i = 0; i < 1000; i++) {
      const raw = `${fuzzPrompt(next)}-j.png`
      if (windowsProblems(raw).length > 0) invalid += 1
      if (posix.relative('/srv/x', posix.resolve('/srv/x', raw)).startsWith('..')) escaping += 1
    }
    expect(invalid).toBeGreaterThan(500)
    expect(escaping).toBeGreaterThan(0)
  })
})
