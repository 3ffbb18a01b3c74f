const common = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "base-uri 'none'",
  "form-action 'none'"
]

/** RELIABILITY P4: the Electron renderer makes no network calls at all; media comes from our protocol. */
export const ELECTRON_CSP = [
  ...common,
  "img-src 'self' studio-media: blob:",
  "media-src 'self' studio-media: blob:",
  "connect-src 'none'"
].join('; ')

/** The web host's equivalent: the only connection allowed is its own loopback WebSocket and origin. */
export function webCsp(origin: string): string {
  const wsOrigin = origin.replace(/^http:/, 'ws:')
  return [
    ...common,
    "img-src 'self' blob:",
    "media-src 'self' blob:",
    `connect-src 'self' ${wsOrigin}`,
    "frame-ancestors 'none'"
  ].join('; ')
}
