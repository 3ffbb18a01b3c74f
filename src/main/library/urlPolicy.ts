import { lookup as dnsLookup } from 'node:dns/promises'
import { isIP, type LookupFunction } from 'node:net'
import { describeUrl, MediaError, rejected } from './errors'

/**
 * Download URL policy (RELIABILITY P30, OWASP SSRF guidance): only `https:`; every address a host
 * resolves to must be public; `http:` and loopback only when the caller says the profile's gateway is
 * itself on loopback (`allowLoopback`), and then `http:` only to loopback. The demo gateway is narrower
 * still: its results come from its own origin and nowhere else. The addresses checked are the ones
 * connected to (see `PinnedResolver`), so DNS rebinding between the check and the connect cannot move a
 * download onto the local network.
 */

export interface ResolvedAddress {
  address: string
  family: number
}

/** All addresses of a host name, like `dns.promises.lookup(host, { all: true })`; injectable for tests. */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>

/**
 * The loopback downloads a profile's results may make: `false` none; `true` any loopback address (a
 * gateway the user runs on this machine, whose files may sit behind another local port); `{ origin }`
 * exactly that origin and nothing else at all, public hosts included (the in-process demo gateway, which
 * hosts its own files: another loopback port is another program, maybe one a web page told us about).
 */
export type LoopbackAllowance = boolean | { origin: string }

export interface UrlPolicy {
  allowLoopback?: LoopbackAllowance
  lookup?: HostLookup
}

const loopbackAllowed = (policy: UrlPolicy): boolean =>
  policy.allowLoopback !== undefined && policy.allowLoopback !== false

/** The one origin every URL must have under this policy, or null when any may. */
function onlyOrigin(policy: UrlPolicy): string | null {
  const allowance = policy.allowLoopback
  if (typeof allowance !== 'object') return null
  try {
    return new URL(allowance.origin).origin
  } catch {
    return 'null' // an unparsable origin matches no URL: refuse everything
  }
}

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'unspecified'
  | 'shared'
  | 'multicast'
  | 'reserved'
  | 'invalid'

export const systemLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true })

function parseIPv4(text: string): number[] | null {
  const parts = text.split('.')
  if (parts.length !== 4) return null
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN))
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null
}

/** 16 bytes of an IPv6 address (zone ids dropped, embedded dotted IPv4 allowed), or null. */
function parseIPv6(text: string): number[] | null {
  let s = text.replace(/%.*$/, '')
  const v4 = /:(\d+\.\d+\.\d+\.\d+)$/.exec(s)
  let tail: number[] = []
  if (v4?.[1]) {
    const b = parseIPv4(v4[1])
    if (!b) return null
    tail = b
    s = s.slice(0, s.length - v4[1].length) + '0:0'
  }
  const halves = s.split('::')
  if (halves.length > 2) return null
  const groups = (h: string | undefined): string[] => (h ? h.split(':') : [])
  const head = groups(halves[0])
  const rest = groups(halves[1])
  const missing = 8 - head.length - rest.length
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null
  const all = [...head, ...Array<string>(Math.max(missing, 0)).fill('0'), ...rest]
  const bytes: number[] = []
  for (const g of all) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null
    const n = Number.parseInt(g, 16)
    bytes.push(n >> 8, n & 0xff)
  }
  if (tail.length === 4) bytes.splice(12, 4, ...tail)
  return bytes
}

const inV4 = (b: number[], prefix: number[], bits: number): boolean => {
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3
    const mask = 0x80 >> (i & 7)
    if (((b[byte] ?? 0) & mask) !== ((prefix[byte] ?? 0) & mask)) return false
  }
  return true
}

function classifyIPv4(b: number[]): AddressClass {
  if (inV4(b, [0], 8)) return 'unspecified'
  if (inV4(b, [127], 8)) return 'loopback'
  if (inV4(b, [10], 8) || inV4(b, [172, 16], 12) || inV4(b, [192, 168], 16)) return 'private'
  if (inV4(b, [169, 254], 16)) return 'link-local'
  if (inV4(b, [100, 64], 10)) return 'shared'
  if (inV4(b, [224], 4)) return 'multicast'
  // 240/4 and broadcast, IETF protocol assignments, benchmarking and the documentation ranges.
  if (inV4(b, [240], 4) || inV4(b, [192, 0, 0], 24) || inV4(b, [198, 18], 15)) return 'reserved'
  if (inV4(b, [192, 0, 2], 24) || inV4(b, [198, 51, 100], 24) || inV4(b, [203, 0, 113], 24)) return 'reserved'
  return 'public'
}

function classifyIPv6(b: number[]): AddressClass {
  const zero = (from: number, to: number): boolean => b.slice(from, to).every((x) => x === 0)
  if (zero(0, 15) && b[15] === 0) return 'unspecified'
  if (zero(0, 15) && b[15] === 1) return 'loopback'
  // IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d and NAT64 64:ff9b::a.b.c.d reach the IPv4 address.
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return classifyIPv4(b.slice(12))
  if (zero(0, 12)) return classifyIPv4(b.slice(12))
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) {
    return classifyIPv4(b.slice(12))
  }
  // 6to4 2002:AABB:CCDD::/48 carries the IPv4 address AA.BB.CC.DD.
  if (b[0] === 0x20 && b[1] === 0x02) {
    const inner = classifyIPv4(b.slice(2, 6))
    if (inner !== 'public') return inner
  }
  const first = b[0] ?? 0
  const second = b[1] ?? 0
  if (first === 0xff) return 'multicast'
  if (first === 0xfe && (second & 0xc0) === 0x80) return 'link-local'
  if (first === 0xfe && (second & 0xc0) === 0xc0) return 'private' // deprecated site-local fec0::/10
  if ((first & 0xfe) === 0xfc) return 'unique-local'
  if (first === 0x20 && second === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return 'reserved' // 2001:db8::/32
  if (first === 0x01 && zero(1, 8)) return 'reserved' // discard-only 100::/64
  return 'public'
}

/** What kind of address an IP literal is; `invalid` for anything that is not one. */
export function classifyAddress(ip: string): AddressClass {
  const text = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip
  const version = isIP(text.replace(/%.*$/, ''))
  if (version === 4) {
    const b = parseIPv4(text)
    return b ? classifyIPv4(b) : 'invalid'
  }
  if (version === 6) {
    const b = parseIPv6(text)
    return b ? classifyIPv6(b) : 'invalid'
  }
  return 'invalid'
}

/** Whether a connection to `ip` is allowed for a URL of `protocol` under `policy`. */
export function addressAllowed(ip: string, protocol: string, policy: UrlPolicy): boolean {
  const cls = classifyAddress(ip)
  if (cls === 'loopback') return loopbackAllowed(policy)
  // Under a single-origin allowance (the demo: a loopback origin) no other address can be the one.
  if (onlyOrigin(policy) !== null) return false
  return cls === 'public' && protocol === 'https:'
}

const policyError = (message: string) => rejected('policy', message)

/**
 * Parses and checks a URL without touching the network: scheme, credentials, and the address when the
 * host is an IP literal. Host names still need `PinnedResolver.check`.
 */
export function checkUrl(input: string | URL, policy: UrlPolicy): URL {
  let url: URL
  try {
    url = new URL(input)
  } catch {
    throw policyError('not a valid URL')
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackAllowed(policy))) {
    throw policyError(`scheme ${url.protocol} is not allowed for downloads`)
  }
  const only = onlyOrigin(policy)
  if (only !== null && url.origin !== only) {
    throw policyError(`${describeUrl(url)}: only ${only} is allowed for this profile`)
  }
  if (url.username !== '' || url.password !== '') {
    throw policyError('URLs with credentials are not followed')
  }
  const host = hostOf(url)
  if (host === '') throw policyError('URL has no host')
  if (isIP(host) !== 0 && !addressAllowed(host, url.protocol, policy)) {
    throw policyError(`${describeUrl(url)}: ${classifyAddress(host)} address refused`)
  }
  return url
}

/** A redirect target, resolved against the current URL and checked like the first URL; no https→http. */
export function checkRedirect(from: URL, location: string, policy: UrlPolicy): URL {
  let target: URL
  try {
    target = new URL(location, from)
  } catch {
    throw rejected('redirects', 'redirect with an invalid Location')
  }
  if (from.protocol === 'https:' && target.protocol !== 'https:') {
    throw policyError(`redirect from https to ${target.protocol} refused`)
  }
  return checkUrl(target, policy)
}

/** The host of a URL without IPv6 brackets. */
export function hostOf(url: URL): string {
  const h = url.hostname
  return h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h
}

/**
 * Resolves host names once, checks every address, and hands exactly those addresses to the connect
 * (undici `connect.lookup`), so there is no second DNS answer to rebind. Names never checked through
 * `check()` are resolved and checked at connect time instead; the stricter `http:` rule applies to any
 * name first seen there.
 */
export class PinnedResolver {
  private readonly checked = new Map<string, ResolvedAddress[]>()
  private readonly lookupFn: HostLookup

  constructor(private readonly policy: UrlPolicy) {
    this.lookupFn = policy.lookup ?? systemLookup
  }

  /** Resolves and checks the URL's host (no-op for IP literals, which `checkUrl` already judged). */
  async check(url: URL): Promise<void> {
    const host = hostOf(url)
    if (isIP(host) !== 0) return
    await this.resolve(host, url.protocol)
  }

  private async resolve(host: string, protocol: string): Promise<ResolvedAddress[]> {
    const key = `${protocol}//${host.toLowerCase()}`
    const known = this.checked.get(key)
    if (known) return known
    let addresses: ResolvedAddress[]
    try {
      addresses = await this.lookupFn(host)
    } catch (error) {
      throw new MediaError({
        kind: 'transient',
        reason: 'network',
        message: `could not resolve ${host}`,
        cause: error
      })
    }
    if (addresses.length === 0) throw policyError(`${host} resolved to no address`)
    const bad = addresses.find((a) => !addressAllowed(a.address, protocol, this.policy))
    if (bad) throw policyError(`${host} resolves to a ${classifyAddress(bad.address)} address; refused`)
    this.checked.set(key, addresses)
    return addresses
  }

  /** For undici `connect: { lookup }`: serves the checked addresses in Node's lookup callback shape. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    const protocol = this.checked.has(`https://${hostname.toLowerCase()}`) ? 'https:' : 'http:'
    this.resolve(hostname, protocol).then(
      (addresses) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0
        const usable = family === 0 ? addresses : addresses.filter((a) => a.family === family)
        const first = usable[0]
        if (options.all) callback(null, usable)
        else if (first) callback(null, first.address, first.family)
        else
          callback(
            Object.assign(new Error(`no IPv${family} address for ${hostname}`), { code: 'ENOTFOUND' }),
            '',
            0
          )
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0)
    )
  }
}
