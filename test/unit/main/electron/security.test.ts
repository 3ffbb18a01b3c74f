import { describe, expect, it, vi } from 'vitest'
import type { Session, WebContents } from 'electron'
import {
  enforceCsp,
  hardenedWebPreferences,
  isAppUrl,
  lockNavigation,
  restrictPermissions
} from '../../../../src/main/electron/security'
import { ELECTRON_CSP } from '../../../../src/main/security/csp'
import { isAllowedExternalUrl } from '../../../../src/main/security/urls'

describe('hardened webPreferences [P1]', () => {
  it('turns every risky switch off and isolation on', () => {
    expect(hardenedWebPreferences('/app/preload.js')).toEqual({
      preload: '/app/preload.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick'
    })
  })
})

describe('CSP [P4]', () => {
  it('is the promised policy: no remote scripts, no connections, media only from our protocol', () => {
    const directives: Record<string, string> = Object.fromEntries(
      ELECTRON_CSP.split(';').map((part): [string, string] => {
        const [name = '', ...values] = part.trim().split(/\s+/)
        return [name, values.join(' ')]
      })
    )
    expect(directives).toMatchObject({
      'default-src': "'none'",
      'script-src': "'self'",
      'style-src': "'self'",
      'img-src': "'self' studio-media: blob:",
      'connect-src': "'none'",
      'object-src': "'none'",
      'frame-src': "'none'",
      'base-uri': "'none'",
      'form-action': "'none'"
    })
    expect(ELECTRON_CSP).not.toMatch(/unsafe-(inline|eval)/)
  })

  it('is attached as a header to every response', () => {
    let hook: ((details: unknown, cb: (r: unknown) => void) => void) | undefined
    const session = {
      webRequest: { onHeadersReceived: (fn: typeof hook) => (hook = fn) }
    } as unknown as Session
    enforceCsp(session, ELECTRON_CSP)
    const callback = vi.fn()
    hook?.({ responseHeaders: { 'X-Other': ['1'] } }, callback)
    expect(callback).toHaveBeenCalledWith({
      responseHeaders: { 'X-Other': ['1'], 'Content-Security-Policy': [ELECTRON_CSP] }
    })
  })
})

describe('navigation and window lock [P5]', () => {
  type Handler = (event: { url: string; preventDefault: () => void }) => void
  const setup = (): { handlers: Map<string, Handler>; openHandler: () => unknown } => {
    const handlers = new Map<string, Handler>()
    let openHandler: () => unknown = () => undefined
    const contents = {
      on: (name: string, fn: Handler) => handlers.set(name, fn),
      setWindowOpenHandler: (fn: () => unknown) => (openHandler = fn)
    } as unknown as WebContents
    lockNavigation(contents, 'app://app')
    return { handlers, openHandler: () => openHandler() }
  }

  const attempts = [
    'https://example.com/',
    'http://127.0.0.1:8080/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'smb://server/share',
    'ms-msdt:/id PCWDiagnostic',
    'app://app.evil.com/index.html',
    'app://evil/index.html',
    'data:text/html,<script>1</script>'
  ]

  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])(
    '%s blocks every foreign target',
    (name) => {
      const { handlers } = setup()
      for (const url of attempts) {
        const preventDefault = vi.fn()
        handlers.get(name)?.({ url, preventDefault })
        expect(preventDefault, url).toHaveBeenCalled()
      }
      const preventDefault = vi.fn()
      handlers.get(name)?.({ url: 'app://app/index.html#chat', preventDefault })
      expect(preventDefault).not.toHaveBeenCalled()
    }
  )

  it('denies every new window and webview', () => {
    const { handlers, openHandler } = setup()
    expect(openHandler()).toEqual({ action: 'deny' })
    const preventDefault = vi.fn()
    handlers.get('will-attach-webview')?.({ url: '', preventDefault })
    expect(preventDefault).toHaveBeenCalled()
  })

  it('compares origins with a parser, not a prefix', () => {
    expect(isAppUrl('app://app/index.html', 'app://app')).toBe(true)
    expect(isAppUrl('app://app.attacker.com/', 'app://app')).toBe(false)
    expect(isAppUrl('app://user:pw@app/', 'app://app')).toBe(false)
    expect(isAppUrl('http://localhost:5173/x', 'http://localhost:5173')).toBe(true)
    expect(isAppUrl('http://localhost:5174/x', 'http://localhost:5173')).toBe(false)
    expect(isAppUrl('not a url', 'app://app')).toBe(false)
  })

  it('lets only https and mailto links out', () => {
    expect(isAllowedExternalUrl('https://example.com/docs')).toBe(true)
    expect(isAllowedExternalUrl('mailto:team@example.com')).toBe(true)
    for (const url of [
      'http://example.com',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'smb://x/y',
      'ms-msdt:x',
      'https://u:p@example.com',
      'mailto:'
    ]) {
      expect(isAllowedExternalUrl(url), url).toBe(false)
    }
  })
})

describe('permissions [P6]', () => {
  type RequestHandler = (
    wc: unknown,
    permission: string,
    cb: (granted: boolean) => void,
    details?: { requestingUrl?: string; isMainFrame?: boolean }
  ) => void
  type CheckHandler = (
    wc: unknown,
    permission: string,
    origin: string,
    details?: { requestingUrl?: string; isMainFrame?: boolean }
  ) => boolean
  const handlers = (): { request: RequestHandler; check: CheckHandler } => {
    let request: RequestHandler | undefined
    let check: CheckHandler | undefined
    const session = {
      setPermissionRequestHandler: (fn: RequestHandler) => (request = fn),
      setPermissionCheckHandler: (fn: CheckHandler) => (check = fn)
    } as unknown as Session
    restrictPermissions(session, 'app://app')
    if (!request || !check) throw new Error('both handlers are set')
    return { request, check }
  }
  const requested = (
    request: RequestHandler,
    ...args: [string, { requestingUrl?: string; isMainFrame?: boolean }?]
  ) => {
    const callback = vi.fn()
    request({}, args[0], callback, args[1])
    return callback.mock.calls[0]?.[0] as boolean
  }

  it('denies every request and every check, from the app itself too', () => {
    const { request, check } = handlers()
    const page = { requestingUrl: 'app://app/index.html', isMainFrame: true }
    for (const permission of [
      'media',
      'notifications',
      'geolocation',
      'midi',
      'clipboard-read',
      'openExternal'
    ]) {
      expect(requested(request, permission), permission).toBe(false)
      expect(requested(request, permission, page), permission).toBe(false)
      expect(check({}, permission, 'app://app'), permission).toBe(false)
      expect(check({}, permission, 'app://app', page), permission).toBe(false)
    }
  })

  it('lets the app’s own page write to the clipboard (Copy image), and nothing else do so', () => {
    const { request, check } = handlers()
    const write = 'clipboard-sanitized-write'
    expect(requested(request, write, { requestingUrl: 'app://app/index.html', isMainFrame: true })).toBe(true)
    expect(check({}, write, 'app://app', { isMainFrame: true })).toBe(true)
    expect(check({}, write, 'app://app', { requestingUrl: 'app://app/index.html', isMainFrame: true })).toBe(
      true
    )
    for (const details of [
      undefined,
      { requestingUrl: 'app://app/index.html', isMainFrame: false },
      { requestingUrl: 'https://example.com/', isMainFrame: true },
      { requestingUrl: 'app://app.evil.com/', isMainFrame: true },
      { requestingUrl: 'studio-media://abc', isMainFrame: true }
    ]) {
      expect(requested(request, write, details), JSON.stringify(details)).toBe(false)
      expect(check({}, write, 'https://example.com', details), JSON.stringify(details)).toBe(false)
    }
  })
})
