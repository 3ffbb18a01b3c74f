export interface ThumbWrite {
  /** True once the whole file is under its name (it may be shown from disk). */
  readable: Promise<boolean>
  /** True once its name is durable too (a row may name it). */
  durable: Promise<boolean>
  /** Its bytes once encoded, before they are written (shown from memory); null when none were made. */
  encoded: Promise<Buffer | null>
}

/** Where a thumbnail goes: its object in the media store. */
export interface ThumbTarget {
  put(webp: Buffer, onVisible: () => void): Promise<void>
  exists(): Promise<boolean>
}

/**
 * Writes a thumbnail atomically (P28) once `thumbnail` (its encoding, in `ImageWork`) gives it; one already
 * there (left by a crash) is replaced by the same picture. `readable`/`durable` are false when it could
 * not be made (reported through `onError`; the media it is made of is kept).
 */
export function writeThumbnail(
  target: ThumbTarget,
  onError: ((message: string, error: unknown) => void) | undefined,
  thumbnail: () => Promise<Buffer>,
  /** Keep one already there instead (a row repaired after a crash): asked off the main thread. */
  reuseExisting = false
): ThumbWrite {
  let shown: (ok: boolean) => void = () => undefined
  const readable = new Promise<boolean>((resolveShown) => (shown = resolveShown))
  let made: (webp: Buffer | null) => void = () => undefined
  const encoded = new Promise<Buffer | null>((resolveMade) => (made = resolveMade))
  const durable = (async (): Promise<boolean> => {
    if (reuseExisting && (await target.exists())) return true
    const webp = await thumbnail()
    made(webp)
    await target.put(webp, () => shown(true))
    return true
  })().catch((error: unknown) => {
    onError?.('a thumbnail could not be made', error)
    return false
  })
  // Whichever has not settled yet settles now (a promise settles once).
  void durable.then((ok) => {
    shown(ok)
    made(null)
  })
  return { readable, durable, encoded }
}
