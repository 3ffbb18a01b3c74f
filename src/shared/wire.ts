import { z } from 'zod'
import { ResultEnvelopeSchema } from './result'

/**
 * Messages of the web host's WebSocket. The per-launch token travels on every client message
 * (not only at the upgrade) so a socket handed to another page still cannot act.
 */
export const ClientMessage = z.object({
  t: z.literal('invoke'),
  id: z.number().int().nonnegative(),
  token: z.string(),
  name: z.string(),
  input: z.unknown()
})
export type ClientMessage = z.infer<typeof ClientMessage>

export const ServerMessage = z.discriminatedUnion('t', [
  z.object({ t: z.literal('result'), id: z.number().int().nonnegative(), result: ResultEnvelopeSchema }),
  z.object({ t: z.literal('event'), name: z.string(), payload: z.unknown() })
])
export type ServerMessage = z.infer<typeof ServerMessage>

export const WS_PATH = '/ws'
export const SESSION_PATH = '/session'
/** Holds a per-launch secret of its own (never the token) that unlocks media, image copies and export downloads only. */
export const SESSION_COOKIE = 'gs_session'
export const TOKEN_HEADER = 'x-studio-token'
export const MEDIA_PATH_PREFIX = '/media/'
/**
 * One image's copy as it leaves the app (`/copies/<result id>`), on the page's own origin: the web host's
 * behind the media cookie, and `app://app/copies/` in Electron, where only a link to the app's own origin
 * may download (any other is a navigation, which the shell refuses).
 */
export const COPY_PATH_PREFIX = '/copies/'
