import type { Session, WebContents, WebPreferences } from 'electron'

/** RELIABILITY P1: one place that states every hardened preference; tests assert this exact object. */
export function hardenedWebPreferences(preload: string): WebPreferences {
  return {
    preload,
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
    // Middle-click would otherwise try to open links in new windows (denied anyway by the window-open handler).
    disableBlinkFeatures: 'Auxclick'
  }
}

/**
 * The app's own pages: `app://app/...` in production, or the dev server in development. Compared by
 * parsed protocol and host (never `startsWith`, which `https://app.evil` would pass).
 */
export function isAppUrl(raw: string, appOrigin: string): boolean {
  let url: URL
  let origin: URL
  try {
    url = new URL(raw)
    origin = new URL(appOrigin)
  } catch {
    return false
  }
  return (
    url.protocol === origin.protocol && url.host === origin.host && url.username === '' && url.password === ''
  )
}

/** RELIABILITY P5: no navigation away from the app, no new windows, no webviews. */
export function lockNavigation(contents: WebContents, appOrigin: string): void {
  const blockUnlessApp = (event: { preventDefault(): void }, url: string): void => {
    if (!isAppUrl(url, appOrigin)) event.preventDefault()
  }
  contents.on('will-navigate', (event) => blockUnlessApp(event, event.url))
  contents.on('will-frame-navigate', (event) => blockUnlessApp(event, event.url))
  contents.on('will-redirect', (event) => blockUnlessApp(event, event.url))
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
}

/**
 * The one permission granted, and only to the app's own top-level page: writing to the clipboard ("Copy
 * image", "Copy prompt"). Chromium sanitises what a page writes and lets it write only during a click;
 * reading the clipboard stays refused.
 */
export const CLIPBOARD_WRITE = 'clipboard-sanitized-write'

/**
 * RELIABILITY P6: every permission is refused but `CLIPBOARD_WRITE` for the app's own page, checked and
 * requested alike (Chromium checks first, then asks). Electron would otherwise grant every request.
 */
export function restrictPermissions(session: Session, appOrigin: string): void {
  const granted = (permission: string, details: { requestingUrl?: string; isMainFrame?: boolean }): boolean =>
    permission === CLIPBOARD_WRITE &&
    details.isMainFrame === true &&
    details.requestingUrl !== undefined &&
    isAppUrl(details.requestingUrl, appOrigin)
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(granted(permission, details ?? {}))
  )
  // A check may name only the origin asking, not its page.
  session.setPermissionCheckHandler((_contents, permission, origin, details) =>
    granted(permission, { ...details, requestingUrl: details?.requestingUrl ?? origin })
  )
}

/** RELIABILITY P4: the CSP travels as a header on every response, including the dev server's. */
export function enforceCsp(session: Session, csp: string): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...details.responseHeaders, 'Content-Security-Policy': [csp] }
    callback({ responseHeaders: headers })
  })
}
