import { readFile } from 'node:fs/promises'
import { Readable } from 'node:stream'
import type { Protocol } from 'electron'
import { COPY_PATH_PREFIX } from '../../shared/wire'
import type { ServedCopy } from '../gallery/exitOne'
import type { ServedMedia } from '../library'
import { rangeOf } from '../security/byteRanges'
import { attachmentDisposition } from '../security/contentDisposition'
import { contentTypeFor } from '../security/contentTypes'
import { ELECTRON_CSP } from '../security/csp'
import { realPathInside, resolveInside } from '../security/paths'

export const APP_SCHEME = 'app'
export const MEDIA_SCHEME = 'studio-media'
export const APP_ORIGIN = 'app://app'

/**
 * Must run before `app.ready`: both schemes behave like https (secure, standard) so the renderer needs no
 * file://. Media may be read across origins (CORS, allowed for the app's origin alone by
 * `mediaProtocolHandler`): "Copy image" draws the image on a canvas, which another origin's pixels would
 * otherwise taint.
 */
export function registerSchemes(protocol: Protocol): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
    {
      scheme: MEDIA_SCHEME,
      privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true, corsEnabled: true }
    }
  ])
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } })
}

/**
 * One image's copy as it leaves the app ("Save as…", drag-out), from the backend's `serveCopy`, by result id
 * only (checked as media ids are). Always an attachment: it is saved (Electron asks where) and never shown
 * in place of the app.
 */
export async function copyResponse(
  serveCopy: (resultId: string) => Promise<ServedCopy | null>,
  resultId: string
): Promise<Response> {
  if (!/^[a-z0-9_-]{1,128}$/i.test(resultId)) return new Response('Bad result id', { status: 400 })
  const copy = await serveCopy(resultId)
  if (!copy) return notFound()
  return new Response(new Uint8Array(copy.bytes), {
    status: 200,
    headers: {
      'content-type': copy.mime,
      'content-length': String(copy.bytes.length),
      'content-disposition': attachmentDisposition(copy.fileName),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff'
    }
  })
}

/**
 * RELIABILITY P7: the UI comes from the build folder only. A path that could leave it as text is a 400; a
 * file whose real path (symlinks followed) is not inside the real build folder is a 404, like a missing one.
 * Apart from it, `/copies/<result id>` is one image's copy (`copyResponse`): on the app's own origin because
 * Electron treats `<a download>` as a navigation (electron/electron#44375), which `lockNavigation` lets
 * through to the app alone, and Chromium honours `download` only for a link to the page's own origin.
 */
export function appProtocolHandler(
  rendererDir: string,
  serveCopy?: (resultId: string) => Promise<ServedCopy | null>
): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url)
    if (url.host !== 'app') return notFound()
    if (serveCopy && url.pathname.startsWith(COPY_PATH_PREFIX))
      return copyResponse(serveCopy, url.pathname.slice(COPY_PATH_PREFIX.length))
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
 * Library media by media id only (`studio-media://<id>`): the backend maps ids to objects of its media
 * store and hands back a stream, sent as it is read (a 2 GB video is never held in memory), whole or the
 * one range asked for (video seeking). A thumbnail just encoded comes as bytes from memory, before its file
 * is even whole under its name: sent whole, with the headers a file gets.
 */
export function mediaProtocolHandler(
  serveMedia: (id: string) => Promise<ServedMedia | null>,
  /** The one origin that may read media's pixels (the app's), for "Copy image"'s canvas. */
  appOrigin?: string
): (request: Request) => Promise<Response> {
  return async (request) => {
    const id = new URL(request.url).host
    if (!/^[a-z0-9_-]{1,128}$/i.test(id)) return new Response('Bad media id', { status: 400 })
    const media = await serveMedia(id)
    if (!media) return notFound()
    const headers: Record<string, string> = {
      'content-type': media.mime,
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      ...(appOrigin ? { 'access-control-allow-origin': appOrigin } : {})
    }
    if (media.bytes) {
      return new Response(new Uint8Array(media.bytes), {
        status: 200,
        headers: { ...headers, 'content-length': String(media.bytes.length) }
      })
    }
    const range = rangeOf(request.headers.get('range'), media.size)
    if (range === 'unsatisfiable') {
      return new Response(null, { status: 416, headers: { 'content-range': `bytes */${media.size}` } })
    }
    const stream = await media.open(range ?? undefined)
    if (!stream) return notFound()
    const body = Readable.toWeb(stream) as ReadableStream<Uint8Array>
    if (!range)
      return new Response(body, {
        status: 200,
        headers: { ...headers, 'content-length': String(media.size) }
      })
    return new Response(body, {
      status: 206,
      headers: {
        ...headers,
        'content-length': String(range.end - range.start + 1),
        'content-range': `bytes ${range.start}-${range.end}/${media.size}`
      }
    })
  }
}
