import { Dispatcher } from 'undici'
import { describe, expect, it } from 'vitest'
import { downloadMedia } from '../../../../src/main/library/download'
import { MediaError } from '../../../../src/main/library/errors'
import { DiskMediaStore } from '../../../../src/main/library/diskStore'
import {
  addressAllowed,
  checkRedirect,
  checkUrl,
  classifyAddress,
  PinnedResolver,
  type HostLookup,
  type ResolvedAddress
} from '../../../../src/main/library/urlPolicy'

/** A dispatcher that counts what would have gone out and never connects. */
class CountingDispatcher extends Dispatcher {
  calls = 0
  override dispatch(): boolean {
    this.calls += 1
    throw new Error('no connection expected')
  }
  override close(): Promise<void> {
    return Promise.resolve()
  }
  override destroy(): Promise<void> {
    return Promise.resolve()
  }
}

const DNS: Record<string, string[]> = {
  'cdn.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'evil.example.com': ['127.0.0.1'],
  'metadata.example.com': ['169.254.169.254'],
  'intranet.example.com': ['10.1.2.3'],
  'mixed.example.com': ['93.184.216.34', '192.168.1.10'],
  'ula.example.com': ['fd12:3456::1'],
  'mapped.example.com': ['::ffff:10.0.0.1'],
  'cgnat.example.com': ['100.64.0.1'],
  localhost: ['127.0.0.1', '::1']
}

function fakeLookup(calls: string[] = []): HostLookup {
  return (host) => {
    calls.push(host)
    const list = DNS[host]
    if (!list) return Promise.reject(Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' }))
    return Promise.resolve(
      list.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }))
    )
  }
}

const policyError = (fn: () => unknown): MediaError => {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(MediaError)
    const e = error as MediaError
    expect(e.kind).toBe('rejected')
    return e
  }
  throw new Error('expected a refusal')
}

describe('classifyAddress [P30]', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd00::1', 'unique-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['100.128.0.1', 'public'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:a9fe:a9fe::1', 'link-local'],
    ['8.8.8.8', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['example.com', 'invalid'],
    ['1.2.3', 'invalid']
  ])('%s is %s', (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls)
  })
})

describe('checkUrl [P30]', () => {
  const strict = { lookup: fakeLookup() }
  const loop = { allowLoopback: true, lookup: fakeLookup() }

  it.each([
    'data:image/png;base64,iVBORw0KGgo=',
    'file:///etc/passwd',
    'ftp://example.com/a.png',
    'javascript:alert(1)',
    'http://cdn.example.com/a.png',
    'http://169.254.169.254/latest/meta-data/',
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.1/a.png',
    'https://172.16.5.4/a.png',
    'https://192.168.1.1/a.png',
    'https://100.64.0.1/a.png',
    'https://0.0.0.0/a.png',
    'https://[::1]/a.png',
    'https://[fd00::1]/a.png',
    'https://[fe80::1]/a.png',
    'https://[::ffff:127.0.0.1]/a.png',
    'https://[::ffff:a9fe:a9fe]/a.png',
    'https://127.0.0.1/a.png',
    'https://0x7f.1/a.png',
    'https://2130706433/a.png',
    'https://user:pass@cdn.example.com/a.png',
    'not a url'
  ])('refuses %s without loopback permission', (url) => {
    expect(policyError(() => checkUrl(url, strict)).reason).toBe('policy')
  })

  it('allows https to public hosts and leaves names for DNS', () => {
    expect(checkUrl('https://cdn.example.com/a.png?Signature=x', strict).hostname).toBe('cdn.example.com')
    expect(checkUrl('https://93.184.216.34/a.png', strict).hostname).toBe('93.184.216.34')
  })

  it('with allowLoopback: http and https only to loopback, still never private or other schemes', () => {
    expect(checkUrl('http://127.0.0.1:8080/files/a.png', loop).port).toBe('8080')
    expect(checkUrl('http://[::1]:8080/a.png', loop).hostname).toBe('[::1]')
    expect(checkUrl('https://127.0.0.1/a.png', loop).protocol).toBe('https:')
    for (const url of [
      'http://169.254.169.254/',
      'http://10.0.0.1/',
      'http://93.184.216.34/',
      'http://[fd00::1]/',
      'file:///etc/passwd',
      'data:text/html,hi',
      'ftp://127.0.0.1/'
    ]) {
      expect(policyError(() => checkUrl(url, loop)).reason, url).toBe('policy')
    }
  })

  it('redirects: resolved against the hop, re-checked, never https→http', () => {
    const from = new URL('https://cdn.example.com/a/b.png')
    expect(checkRedirect(from, '/c.png', strict).href).toBe('https://cdn.example.com/c.png')
    expect(policyError(() => checkRedirect(from, 'http://cdn.example.com/c.png', strict)).reason).toBe(
      'policy'
    )
    expect(policyError(() => checkRedirect(from, 'http://127.0.0.1/c.png', loop)).reason).toBe('policy')
    expect(policyError(() => checkRedirect(from, 'https://169.254.169.254/', strict)).reason).toBe('policy')
    expect(policyError(() => checkRedirect(from, 'file:///etc/passwd', strict)).reason).toBe('policy')
    const plain = new URL('http://127.0.0.1:1/a.png')
    expect(checkRedirect(plain, 'https://cdn.example.com/x', loop).protocol).toBe('https:')
  })

  it('with allowLoopback { origin } (the demo gateway): that exact origin only, nothing else at all', () => {
    const demo = { allowLoopback: { origin: 'http://127.0.0.1:4000' }, lookup: fakeLookup() }
    expect(checkUrl('http://127.0.0.1:4000/files/a.png?exp=1', demo).href).toBe(
      'http://127.0.0.1:4000/files/a.png?exp=1'
    )
    for (const url of [
      'http://127.0.0.1:4001/files/a.png', // another loopback port: another program
      'http://127.0.0.1/files/a.png',
      'http://127.0.0.2:4000/files/a.png',
      'http://localhost:4000/files/a.png',
      'http://[::1]:4000/files/a.png',
      'https://127.0.0.1:4000/files/a.png',
      'https://cdn.example.com/a.png', // even a public https host: the demo hosts its own files
      'http://169.254.169.254/'
    ]) {
      expect(policyError(() => checkUrl(url, demo)).reason, url).toBe('policy')
    }
    const from = new URL('http://127.0.0.1:4000/files/a.png')
    expect(checkRedirect(from, '/files/b.png', demo).href).toBe('http://127.0.0.1:4000/files/b.png')
    for (const location of ['http://127.0.0.1:4001/x.png', 'https://cdn.example.com/x.png']) {
      expect(policyError(() => checkRedirect(from, location, demo)).reason, location).toBe('policy')
    }
    expect(addressAllowed('127.0.0.1', 'http:', demo)).toBe(true)
    expect(addressAllowed('93.184.216.34', 'https:', demo)).toBe(false)
  })

  it('addressAllowed: http never to a public address', () => {
    expect(addressAllowed('93.184.216.34', 'https:', {})).toBe(true)
    expect(addressAllowed('93.184.216.34', 'http:', { allowLoopback: true })).toBe(false)
    expect(addressAllowed('127.0.0.1', 'http:', { allowLoopback: true })).toBe(true)
    expect(addressAllowed('127.0.0.1', 'https:', {})).toBe(false)
  })
})

describe('PinnedResolver [P30]', () => {
  it('refuses host names that resolve to any non-public address', async () => {
    for (const host of [
      'evil.example.com',
      'metadata.example.com',
      'intranet.example.com',
      'mixed.example.com',
      'ula.example.com',
      'mapped.example.com',
      'cgnat.example.com',
      'localhost'
    ]) {
      const resolver = new PinnedResolver({ lookup: fakeLookup() })
      await expect(resolver.check(new URL(`https://${host}/a.png`)), host).rejects.toMatchObject({
        kind: 'rejected',
        reason: 'policy'
      })
    }
  })

  it('hands the connect exactly the checked addresses, resolving once', async () => {
    const calls: string[] = []
    const resolver = new PinnedResolver({ lookup: fakeLookup(calls) })
    await resolver.check(new URL('https://cdn.example.com/a.png'))
    const viaLookup = (all: boolean) =>
      new Promise<unknown>((resolve, reject) => {
        resolver.lookup('cdn.example.com', { all, family: 0 }, (err, address, family) =>
          err ? reject(err) : resolve(all ? address : { address, family })
        )
      })
    expect(await viaLookup(true)).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 }
    ])
    expect(await viaLookup(false)).toEqual({ address: '93.184.216.34', family: 4 })
    expect(calls).toEqual(['cdn.example.com'])
  })

  it('a name first seen at connect time is checked there (rebinding cannot slip past)', async () => {
    let answer = '93.184.216.34'
    const resolver = new PinnedResolver({
      lookup: () => Promise.resolve([{ address: answer, family: 4 }])
    })
    answer = '127.0.0.1'
    const err = await new Promise<unknown>((resolve) => {
      resolver.lookup('rebind.example.com', { all: true }, (e) => resolve(e))
    })
    expect(err).toMatchObject({ kind: 'rejected', reason: 'policy' })
  })

  it('DNS failure is transient', async () => {
    const resolver = new PinnedResolver({ lookup: fakeLookup() })
    await expect(resolver.check(new URL('https://nowhere.example.com/'))).rejects.toMatchObject({
      kind: 'transient',
      reason: 'network'
    })
  })
})

describe('downloadMedia refuses bad vectors before any connection [P30]', () => {
  it.each([
    ['data:image/png;base64,iVBORw0KGgo=', false],
    ['file:///etc/passwd', false],
    ['ftp://cdn.example.com/a.png', false],
    ['javascript:alert(1)', false],
    ['http://169.254.169.254/latest/meta-data/', false],
    ['http://169.254.169.254/latest/meta-data/', true],
    ['https://10.0.0.1/a.png', false],
    ['https://[::1]/a.png', false],
    ['https://[fd00::1]/a.png', false],
    ['https://metadata.example.com/a.png', false],
    ['https://intranet.example.com/a.png', true],
    ['https://mixed.example.com/a.png', false],
    ['http://cdn.example.com/a.png', true]
  ])('%s (allowLoopback %s): 0 connections', async (url, allowLoopback) => {
    const dispatcher = new CountingDispatcher()
    await expect(
      downloadMedia(url, {
        now: Date.now,
        begin: () => new DiskMediaStore('/nonexistent').begin(''),
        allowLoopback,
        lookup: fakeLookup(),
        dispatcher
      })
    ).rejects.toMatchObject({ kind: 'rejected', reason: 'policy' })
    expect(dispatcher.calls).toBe(0)
  })

  it.each([
    'http://127.0.0.1:4001/files/a.png',
    'http://localhost:4000/files/a.png',
    'https://cdn.example.com/a.png'
  ])('%s for the demo gateway at http://127.0.0.1:4000: 0 connections', async (url) => {
    const dispatcher = new CountingDispatcher()
    await expect(
      downloadMedia(url, {
        now: Date.now,
        begin: () => new DiskMediaStore('/nonexistent').begin(''),
        allowLoopback: { origin: 'http://127.0.0.1:4000' },
        lookup: fakeLookup(),
        dispatcher
      })
    ).rejects.toMatchObject({ kind: 'rejected', reason: 'policy' })
    expect(dispatcher.calls).toBe(0)
  })

  it('the counting dispatcher does see a good URL (the check above can fail)', async () => {
    const dispatcher = new CountingDispatcher()
    await expect(
      downloadMedia('https://cdn.example.com/a.png', {
        now: Date.now,
        begin: () => new DiskMediaStore('/nonexistent').begin(''),
        lookup: fakeLookup(),
        dispatcher
      })
    ).rejects.toMatchObject({ kind: 'transient' })
    expect(dispatcher.calls).toBe(1)
  })
})
