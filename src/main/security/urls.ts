/** RELIABILITY P5: links leave the app only as https or mailto, parsed with a URL parser, never by prefix. */
export function isAllowedExternalUrl(raw: string): boolean {
  try {
    const url = new URL(raw)
    if (url.protocol === 'mailto:') return url.pathname.length > 0
    return url.protocol === 'https:' && url.hostname.length > 0 && url.username === '' && url.password === ''
  } catch {
    return false
  }
}
