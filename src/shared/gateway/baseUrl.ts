/**
 * P29: the tenant base URL must be https; plain http only for a loopback host (the demo gateway and
 * tests), so the key never crosses a network in clear text.
 */

import { english, type SentenceCode } from '../sentences'

/** A refusal carries its sentence's code (the renderer words it) and its English (for logs, a TypeError). */
export type BaseUrlCheck = { ok: true; baseUrl: string } | { ok: false; code: SentenceCode; message: string }

const refused = (code: SentenceCode): BaseUrlCheck => ({ ok: false, code, message: english(code) })

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname)
}

/** Returns the URL without query, fragment or trailing slash, ready to prefix the spec's paths. */
export function checkBaseUrl(value: string, options: { allowLoopbackHttp: boolean }): BaseUrlCheck {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return refused('baseUrlNotAddress')
  }
  if (url.username || url.password) {
    return refused('baseUrlCredentials')
  }
  if (url.search || url.hash) {
    return refused('baseUrlQuery')
  }
  if (url.protocol === 'http:') {
    if (!isLoopbackHost(url.hostname)) {
      return refused('baseUrlHttpRemote')
    }
    if (!options.allowLoopbackHttp) return refused('baseUrlHttps')
  } else if (url.protocol !== 'https:') {
    return refused('baseUrlHttps')
  }
  return { ok: true, baseUrl: `${url.origin}${url.pathname.replace(/\/+$/, '')}` }
}

/**
 * The origin (scheme, host, port) a base URL sends requests to, as the WHATWG URL parser normalises it:
 * scheme and host lower-cased, a default port dropped, an IDN host in punycode. A stored API key belongs to
 * exactly one origin. Null for anything that is not an http(s) address, so a
 * comparison with it never matches.
 */
export function originOf(baseUrl: string): string | null {
  let url: URL
  try {
    url = new URL(baseUrl.trim())
  } catch {
    return null
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null
}
