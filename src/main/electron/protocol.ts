import { readFile } from 'node:fs/promises'
import type { Protocol } from 'electron'
import { contentTypeFor } from '../security/contentTypes'
import { ELECTRON_CSP } from '../security/csp'
import { realPathInside, resolveInside } from '../security/paths'

export const APP_SCHEME = 'app'
export const MEDIA_SCHEME = 'studio-media'
export const APP_ORIGIN = 'app://app'

/** Must run before `app.ready`: both schemes behave like https (secure, standard) so the renderer needs no file://. */
export function registerSchemes(protocol: Protocol): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
    {
      scheme: MEDIA_SCHEME,
      privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true }
    }
  ])
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } })
}

/**
 * RELIABILITY P7: the UI comes from the build folder only. A path that could leave it as text is a 400; a
 * file whose real path (symlinks followed) is not inside the real build folder is a 404, like a missing one.
 */
export function appProtocolHandler(rendererDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url)
    if (url.host !== 'app') return notFound()
    const requested = resolveInside(rendererDir, url.pathname === '/' ? 'index.html' : url.pathname)
    if (!requested) return new Response('Bad path', { status: 400 })
    // fs.promises.realpath is asar-aware in Electron, so this holds for a packaged app too.
    const file = await realPathInside(rendererDir, requested)
    if (!file) return notFound()
    try {
      const body = await readFile(file)
      return new Response(body, {
        headers: {
          'content-type': contentTypeFor(file),
          'content-security-policy': ELECTRON_CSP,
          'x-content-type-options': 'nosniff'
        }
      })
    } catch {
      return notFound()
    }
  }
}

/**
 * Library files by media id only (`studio-media://<id>`); the backend maps ids to files it wrote itself.
 * `fetchFile` streams (Electron's `net.fetch` on a file URL), so a 2 GB video is never read into memory. A
 * thumbnail just encoded comes as bytes from memory, before its file is even whole under its name (issue
 * 17): sent whole, with the headers a file gets (a Range is not honoured for it; an <img> sends none).
 */
export function mediaProtocolHandler(
  serveMedia: (
    id: string
  ) => Promise<{ file: string; mime: string; bytes?: undefined } | { bytes: Buffer; mime: string } | null>,
  fetchFile: (file: string, request: Request) => Promise<Response>
): (request: Request) => Promise<Response> {
  return async (request) => {
    const id = new URL(request.url).host
    if (!/^[a-z0-9_-]{1,128}$/i.test(id)) return new Response('Bad media id', { status: 400 })
    const media = await serveMedia(id)
    if (!media) return notFound()
    if (media.bytes) {
      const headers = {
        'content-type': media.mime,
        'content-length': String(media.bytes.length),
        'x-content-type-options': 'nosniff'
      }
      return new Response(new Uint8Array(media.bytes), { status: 200, headers })
    }
    const response = await fetchFile(media.file, request)
    if (!response.ok && response.status !== 206) return notFound()
    const headers = new Headers(response.headers)
    headers.set('content-type', media.mime)
    headers.set('x-content-type-options', 'nosniff')
    return new Response(response.body, { status: response.status, headers })
  }
}
