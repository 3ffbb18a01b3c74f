/**
 * RELIABILITY P34: the only links a model's Markdown may carry are `https:` (with a host and no
 * credentials) and `mailto:`, checked with a URL parser, never by prefix. Everything else (javascript:,
 * data:, file:, relative paths that would resolve inside the app, http:) becomes '' and renders as text.
 */
export function safeUrl(value: string): string {
  const raw = value.trim()
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return ''
  }
  if (url.protocol === 'mailto:') return url.pathname.length > 0 ? url.href : ''
  if (url.protocol !== 'https:' || url.hostname === '' || url.username !== '' || url.password !== '')
    return ''
  return url.href
}

/** The host of a vetted https link, shown next to links whose text hides where they go. */
export function hostOf(href: string): string {
  try {
    return new URL(href).hostname
  } catch {
    return ''
  }
}
