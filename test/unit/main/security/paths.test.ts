import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { resolveInside, resolveRealInside } from '../../../../src/main/security/paths'
import { makeTempDir } from '../../../helpers/tempDir'

const root = '/srv/app/renderer'

// RELIABILITY P7: 50 traversal vectors, none may resolve outside the root.
const vectors = [
  '../etc/passwd',
  '/../etc/passwd',
  '..%2fetc%2fpasswd',
  '%2e%2e%2fetc%2fpasswd',
  '%2e%2e/%2e%2e/etc/passwd',
  '..%5cwindows%5cwin.ini',
  '..\\windows\\win.ini',
  '%2e%2e%5c%2e%2e%5cboot.ini',
  '....//....//etc/passwd',
  '..//..//etc/passwd',
  'assets/../../etc/passwd',
  'assets/%2e%2e/%2e%2e/etc/passwd',
  'assets/..%2f..%2fetc/passwd',
  '%252e%252e%252fetc%252fpasswd',
  '/%2e%2e/%2e%2e/%2e%2e/etc/shadow',
  '\\\\server\\share\\file',
  '//server/share/file',
  '%5c%5cserver%5cshare',
  'C:\\Windows\\system.ini',
  'c:/windows/system.ini',
  '/C:/Windows/system.ini',
  'index.html%00.png',
  'index.html\u0000.png',
  '%00',
  '..',
  '../',
  '/..',
  '%2e%2e',
  '.%2e/etc/passwd',
  '%2e./etc/passwd',
  '..%c0%afetc/passwd',
  '..%ef%bc%8fetc/passwd',
  '%c0%ae%c0%ae/etc/passwd',
  'assets/../../../../../../../../../../etc/passwd',
  './../etc/passwd',
  'assets/./../../etc/passwd',
  '%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%252f..%252fetc/passwd',
  '/%5c..%5c..%5cetc/passwd',
  'assets\\..\\..\\secret',
  '%E0%80%AE%E0%80%AE/etc/passwd',
  '..;/etc/passwd',
  '../renderer-secrets/key',
  '../renderer/../../etc/passwd',
  '%2e%2e%2frenderer2/x',
  'a/b/../../../x',
  '',
  '/',
  '%',
  '%zz'
]

describe('resolveInside [P7]', () => {
  it('has 50 vectors', () => expect(vectors).toHaveLength(50))

  it.each(vectors)('never leaves the root for %j', (vector) => {
    const resolved = resolveInside(root, vector)
    if (resolved !== null) {
      const rel = relative(root, resolved)
      expect(rel.startsWith('..')).toBe(false)
      expect(rel).not.toBe('')
      expect(resolved.startsWith(root + '/')).toBe(true)
    }
  })

  it('resolves ordinary files inside the root', () => {
    expect(resolveInside(root, '/index.html')).toBe(join(root, 'index.html'))
    expect(resolveInside(root, 'assets/index-abc.js')).toBe(join(root, 'assets/index-abc.js'))
    expect(resolveInside(root, '/assets/a%20b.png')).toBe(join(root, 'assets/a b.png'))
  })
})

describe('resolveRealInside: the text check, then the same check on the real path [P7]', () => {
  const temp = makeTempDir('gs-paths-real-')
  const base = join(temp.dir, 'root')
  mkdirSync(join(base, 'assets'), { recursive: true })
  mkdirSync(join(temp.dir, 'outside'))
  writeFileSync(join(base, 'index.html'), 'index')
  writeFileSync(join(base, 'assets', 'app.js'), 'app')
  writeFileSync(join(temp.dir, 'outside', 'secret.txt'), 'secret')
  writeFileSync(join(temp.dir, 'root-sibling.txt'), 'sibling')
  symlinkSync(join(temp.dir, 'outside', 'secret.txt'), join(base, 'leak.txt'))
  symlinkSync(join(temp.dir, 'outside'), join(base, 'assets', 'linked'))
  symlinkSync(join(temp.dir, 'root-sibling.txt'), join(base, 'sibling.txt'))
  symlinkSync(join(base, 'assets', 'app.js'), join(base, 'alias.js'))
  // The root itself reached through a link: real paths on both sides, so files inside still resolve.
  symlinkSync(base, join(temp.dir, 'root-link'))
  afterAll(() => temp.cleanup())

  it('refuses a link inside the root whose target is outside it', async () => {
    for (const path of [
      'leak.txt',
      'assets/linked/secret.txt',
      'sibling.txt',
      'missing.txt',
      '../outside/secret.txt'
    ]) {
      expect(await resolveRealInside(base, path), path).toBeNull()
    }
  })

  it('returns the real path of files inside, also through a link that stays inside or a linked root', async () => {
    const realBase = realpathSync(base)
    expect(await resolveRealInside(base, '/index.html')).toBe(join(realBase, 'index.html'))
    expect(await resolveRealInside(base, 'alias.js')).toBe(join(realBase, 'assets', 'app.js'))
    expect(await resolveRealInside(join(temp.dir, 'root-link'), 'assets/app.js')).toBe(
      join(realBase, 'assets', 'app.js')
    )
  })
})
