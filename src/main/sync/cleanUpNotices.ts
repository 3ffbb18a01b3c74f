import { randomBytes } from 'node:crypto'
import { readJson } from '../../shared/json'
import type { MediaStore } from '../library/mediaStore'
import { MEDIA_CAPS } from '../library/sniff'
import { inTurns } from './inTurns'
import { NOTICE_MAX_BYTES, readAtMost, TOO_LARGE } from './readAtMost'
import {
  CLEANUPS_PREFIX,
  FORMAT,
  noticeKey,
  noticeOverKey,
  noticeSchema,
  objectKey,
  parseContentKey,
  parseNoticeKey,
  spareKey,
  type Notice
} from './layout'

/**
 * Clean up's notices, and what a push does about them: how an image a teammate publishes again keeps a
 * file at the location while another device's Clean up is removing that very file.
 *
 * The danger. Clean up (cleanUp.ts) reads every log, finds an object no live image names, reads the logs
 * once more and removes it. A push on another device is not under Clean up's lock: it finds the object
 * there (keys name content, so publishing bytes the location already holds sends nothing), then writes the
 * segment that names it. When the push's check comes before the removal and its segment after Clean up's
 * last read, the segment names a file that is gone. No wait of either side closes that by itself: either
 * side may be held up for any time between two steps (a laptop closed, a link cut).
 *
 * The protocol. A Clean up (`C`) lists the location, puts a notice `cleanups/<C>/<seq>.json` naming every
 * file it may remove, only then reads the logs its last time, removes only files its notice names, and
 * once no removal of it is under way (all of them answered, or refused) puts `<seq>.done.json` beside it,
 * which stays for good (the notice itself may go). A push (`P`) of a segment `S` that adds images:
 *   1. lists `cleanups/` (which Clean ups are over by then: `before`);
 *   2. checks which of the images' objects the location holds, and uploads the others;
 *   3. puts `S`;
 *   4. lists `cleanups/` again (`after`), and then, for each image of `S` whose bytes it still has:
 *      - if a Clean up not over in `after` names its object (or its notice cannot be read), it puts the
 *        bytes once more under a spare key with a fresh random nonce (`layout.ts`'s `spareKey`);
 *      - else, if some Clean up ended between `before` and `after`, it puts the object if it is missing.
 * Readers take a spare copy when the object is not there (`readImageObject`).
 *
 * Why an image of `S` keeps a file, whatever the timing (a listing shows every write that finished
 * before it began: S3, a WebDAV server, a folder on one file server). Take any Clean up `C` that removes a
 * file of the image, and its notice `N`:
 *   - `N` was put after step 4's listing began: `C`'s last read of the logs comes after `N`, so after `S`
 *     (step 3), and finds the image live; it removes none of its files.
 *   - `C` was over in `before`: all its removals came before step 1, so step 2 saw what they left and
 *     uploaded what was missing.
 *   - `C` ended between `before` and `after` (its mark, or a notice gone when read, says so): all its
 *     removals came before step 4, which puts the object if it is gone, after them.
 *   - `C` is not over in `after`, and `N` names the object: `C` may still remove it, so step 4 puts a spare
 *     copy. `N` names only keys that `C`'s listing found, before `N` was put, so before step 4; the spare
 *     key is new (drawn after that listing, and put only if absent), so `N` does not name it and `C` never
 *     removes it. A later Clean up is one of the first case.
 *   - `C` is not over in `after`, and `N` does not name the object: `C` removes nothing `N` does not name.
 * A push that stops anywhere before step 4 is done again from step 1 (its segment is still pending), so the
 * argument holds for the run that finishes. Nothing here overwrites or deletes: each put is of a key that
 * is not there. A device's own Clean ups are left out: they run under its own lock, never beside its push,
 * and one a crash left open removes nothing more.
 *
 * The cost: two listings of `cleanups/` (one request each) for a push that adds images, and the notices of
 * Clean ups under way read. A Clean up's mark stays so that a push that took days still sees it ended; one
 * small file per Clean up.
 */

/** The other devices' Clean ups, as one listing of `cleanups/` shows them. */
export interface CleanUpsSeen {
  /** Those that are over, as `<device>/<seq>`. */
  over: ReadonlySet<string>
  /** The notices of those that are not. */
  open: string[]
}

/** Images of a push whose files are put again at once. */
const PUT_AT_ONCE = 4

export async function cleanUpsSeen(store: MediaStore, device: string): Promise<CleanUpsSeen> {
  const over = new Set<string>()
  const notices = new Map<string, string>()
  for await (const { key } of store.list(CLEANUPS_PREFIX)) {
    const parsed = parseNoticeKey(key)
    if (!parsed || parsed.device === device) continue
    const id = `${parsed.device}/${parsed.seq}`
    if (parsed.over) over.add(id)
    else notices.set(id, key)
  }
  return { over, open: [...notices].filter(([id]) => !over.has(id)).map(([, key]) => key) }
}

/**
 * Step 4 of the protocol above, for the images of a segment just put, given what step 1 listed. Returns
 * how many files it put.
 */
export async function keepFromCleanUps(input: {
  store: MediaStore
  device: string
  before: CleanUpsSeen
  images: ReadonlyArray<{ sha256: string; type: string }>
  original: (sha256: string) => Promise<Uint8Array | null>
}): Promise<number> {
  const { store, device, before, images } = input
  const after = await cleanUpsSeen(store, device)
  let ended = [...after.over].some((id) => !before.over.has(id))
  let everything = false
  const named = new Set<string>()
  for (const key of after.open) {
    const bytes = await readAtMost(store, key, NOTICE_MAX_BYTES)
    // Listed a moment ago and gone now: its Clean up put its mark before taking it away, so it is over.
    if (!bytes) ended = true
    else {
      const notice = bytes === TOO_LARGE ? null : readNotice(bytes)
      // A notice this app cannot read (damaged, a newer app's) may name anything.
      if (!notice) everything = true
      else for (const one of notice.keys) named.add(one)
    }
  }
  if (!ended && !everything && named.size === 0) return 0
  let put = 0
  await inTurns(images, PUT_AT_ONCE, async ({ sha256, type }) => {
    const key = objectKey(sha256, type)
    const threatened = everything || named.has(key)
    if (!threatened && !ended) return
    const bytes = await input.original(sha256)
    // Deleted here since: the segment that removes it follows, and nothing of it needs to stay.
    if (!bytes) return
    // A store puts a key only when it is not there: the object is written again only if it was removed.
    await store.put(threatened ? spareKey(sha256, type, device, randomBytes(8).toString('hex')) : key, bytes)
    put++
  })
  return put
}

/**
 * An image's bytes at the location: its object, or else a spare copy of it (a push put one while a Clean
 * up that named the object was under way). Null when neither is there. The caller checks the bytes hash to
 * `sha256`, as it does for the object.
 *
 * `size` is the byte count its record gives. An object longer than that (or than any file of its kind
 * the library keeps) cannot be the file: it is read no further and passed over, so a teammate's record
 * claiming a small file, or an object of gigabytes, never fills memory or a sync's byte budget.
 */
export async function readImageObject(
  store: MediaStore,
  sha256: string,
  type: string,
  size: number
): Promise<Buffer | null> {
  const most = Math.min(size, MEDIA_CAPS[type.startsWith('video/') ? 'video' : 'image'])
  const key = objectKey(sha256, type)
  const bytes = await readAtMost(store, key, most)
  if (bytes && bytes !== TOO_LARGE) return bytes
  const folder = key.slice(0, key.lastIndexOf('/') + 1)
  for await (const { key: other } of store.list(folder)) {
    if (other === key || parseContentKey(other)?.sha256 !== sha256) continue
    const spare = await readAtMost(store, other, most)
    if (spare && spare !== TOO_LARGE) return spare
  }
  return null
}

/**
 * Clean up's side: its own notices a crash left open are closed first (no removal of theirs is under way:
 * this device's Clean ups run one at a time, under its lock), and the next number is one no notice or mark
 * of this device has used, so a mark never seems to close a newer notice.
 */
export async function nextNotice(store: MediaStore, device: string): Promise<number> {
  let last = 0
  const open: number[] = []
  const over = new Set<number>()
  for await (const { key } of store.list(`${CLEANUPS_PREFIX}${device}/`)) {
    const parsed = parseNoticeKey(key)
    if (!parsed || parsed.device !== device) continue
    last = Math.max(last, parsed.seq)
    if (parsed.over) over.add(parsed.seq)
    else open.push(parsed.seq)
  }
  for (const seq of open) await closeNotice(store, device, seq, over.has(seq))
  return last + 1
}

/** Puts Clean up's notice naming `keys`: before its last read of the logs, and before any removal. */
export async function putNotice(
  store: MediaStore,
  device: string,
  seq: number,
  keys: string[]
): Promise<void> {
  const notice: Notice = { format: FORMAT, device, seq, keys }
  await store.put(noticeKey(device, seq), Buffer.from(JSON.stringify(notice)))
}

/**
 * Says Clean up `seq` removes nothing more: its mark, then its notice taken away. Called only once no
 * removal of it is under way. Neither may fail the Clean up: a notice left open only makes pushes put
 * spare copies of what it names, until this device's next Clean up closes it.
 */
export async function closeNotice(
  store: MediaStore,
  device: string,
  seq: number,
  marked = false
): Promise<void> {
  try {
    if (!marked) {
      const mark = { format: FORMAT, device, seq }
      await store.put(noticeOverKey(device, seq), Buffer.from(JSON.stringify(mark)))
    }
    await store.remove(noticeKey(device, seq))
  } catch {
    // Said above: an open notice costs copies, never a file.
  }
}

/** A notice is a list of keys: one entry per file, nesting two deep. */
function readNotice(bytes: Uint8Array): Notice | null {
  const reading = readJson(Buffer.from(bytes).toString('utf8'), { maxDepth: 4, maxNodes: 20_000_000 })
  if (!reading.ok) return null
  const parsed = noticeSchema.safeParse(reading.value)
  return parsed.success ? parsed.data : null
}
