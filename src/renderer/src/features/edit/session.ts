import { z } from 'zod'
import { EDIT_MAX_IMAGES } from '@shared/gateway/endpoints/imageEdits'

const KEY = 'gateway-studio.edit.session'

const Version = z.object({
  mediaId: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive()
})

/** What the edit screen keeps over a reload of the window: library ids and sizes, never pixels. */
const Session = z
  .object({
    chain: z.array(Version).max(500),
    base: z.number().int().min(0),
    inputs: z.array(z.object({ mediaId: z.string().min(1) })).max(EDIT_MAX_IMAGES - 1),
    mode: z.enum(['painted', 'whole']),
    awaiting: z.string().nullable()
  })
  .refine((session) => session.chain.length === 0 || session.base < session.chain.length)
export type EditSession = z.output<typeof Session>

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

/** The saved session, or null when there is none or it does not read back as one (a file read back). */
export function loadSession(): EditSession | null {
  const raw = storage()?.getItem(KEY)
  if (!raw) return null
  try {
    const parsed = Session.safeParse(JSON.parse(raw))
    return parsed.success && parsed.data.chain.length > 0 ? parsed.data : null
  } catch {
    return null
  }
}

/** Saves the session; an empty chain removes it. Storage that refuses (full, private mode) is let be. */
export function saveSession(session: EditSession): void {
  try {
    if (session.chain.length === 0) storage()?.removeItem(KEY)
    else storage()?.setItem(KEY, JSON.stringify(session))
  } catch {
    // Not saving only costs the restore after a reload.
  }
}
