import type { CleanUpTally, TeamCleanUpOutcome } from '../../shared/schemas/locations'
import { say } from '../../shared/sentences'
import { AppFailure } from '../contract/failure'
import type { ListedObject, MediaStore } from '../library/mediaStore'
import { LocationError } from '../locations/errors'
import { closeNotice, nextNotice, putNotice } from './cleanUpNotices'
import { inTurns } from './inTurns'
import { LOG_MAX_BYTES, readAtMost, TOO_LARGE } from './readAtMost'
import {
  DEVICES_PREFIX,
  OBJECTS_PREFIX,
  parseContentKey,
  parseDeviceKey,
  parsePackKey,
  segmentKey,
  SHARE_PAGE,
  shareKey,
  SHARES_PREFIX,
  THUMBS_PREFIX
} from './layout'
import { readSegment, readSnapshot } from './replica'
import { removeShareFolders } from './reviewShares'

/**
 * How old an unused image file must be before Clean up removes it. A device uploads an image's files
 * before the segment that adds it (replica.ts), so for a while a teammate's new image is at the location
 * and in no change anyone can read: a push in progress, or one cut off until its device comes back. A day
 * covers a push over the slowest link and a laptop closed overnight mid-push; a device away longer sends
 * its pending images again when it comes back (it lists their folders and puts what is missing), so even
 * then only the upload is repeated. Going by the server's own times, a wrong clock here moves nothing.
 */
export const CLEAN_UP_GRACE_MS = 24 * 60 * 60 * 1000

/** Removals in flight at once: as many as a sync's transfers. */
const REMOVE_AT_ONCE = 4

/** This computer's review shares at the location, as `ReviewShares` keeps them (it owns their rows). */
export interface ShareLeftovers {
  leftovers(graceMs: number): Array<{ id: string; keys: string[] }>
  cleared(ids: readonly string[]): void
}

export interface CleanUpInput {
  store: MediaStore
  /** This device's id at the location: its notices go under `cleanups/<device>/`. */
  device: string
  /** The backend's one clock: what an object's age is measured against. */
  now: () => number
  /** Content hashes of the images live in the merged state, after the full sync Clean up starts with. */
  live: ReadonlySet<string>
  /**
   * The live images again, after reading what teammates pushed since: asked after the notice is put and
   * before anything is removed, so an image a teammate published again meanwhile keeps its files.
   */
  recheck: () => Promise<ReadonlySet<string>>
  /**
   * The thumbnail packs live images' records name (keys), as the merged state holds them when asked: asked
   * once before the listing and again after `recheck`. Absent: no pack is judged (all are kept).
   */
  packs?: () => ReadonlySet<string>
  shares: ShareLeftovers
  graceMs?: number
}

type Kind = keyof TeamCleanUpOutcome['kinds']

interface Doomed {
  key: string
  size: number
  kind: Kind
  /** An image's files: spared if the image is live again when checked once more. */
  sha256?: string
  /** A thumbnail pack: spared if a live record names it when checked once more. */
  pack?: string
  share?: string
}

const tally = (): CleanUpTally => ({ files: 0, bytes: 0 })
const count = (into: CleanUpTally, size: number): void => {
  into.files += 1
  into.bytes += size
}

/**
 * Clean up: removes from a team location what nothing live uses, which a normal sync never does (it only
 * adds, so it runs with credentials that cannot delete). The caller holds the location's
 * sync lock and has synced, so the merged state is as current as this device can make it. Removed:
 * - the files and thumbnails of images that are not live in the merged state (deleted by the team, or
 *   left by a push that never finished), once older than the grace period by the location's own times;
 *   one whose time the location does not give is kept, and all are kept while a device's newest log is
 *   one this app cannot read (a newer app's images would look unused);
 * - each device's snapshots older than its newest, once that newest was read whole (a damaged newest one
 *   leaves the older ones, which readers fall back on). Other devices' are removed too: nobody reads a
 *   snapshot a newer valid one of the same device covers, and no device ever writes or reads its old ones
 *   again, while each is a whole copy of the state (the largest files under `devices/`). Log
 *   segments are never removed: a device that is behind still reads them, and they are the history a
 *   snapshot is only a summary of;
 * - thumbnail packs (`thumbPacks.ts`) no live image's record names, by the same age rule as image files
 *   (a pack goes up before its segment, so a young one may be a push in progress; while a log is unread,
 *   all are kept). A pack removed under a record a reader has not seen costs that reader only the
 *   fallback: it fetches the files;
 * - the files (and the emptied folders) of this computer's review shares that are taken down, expired or
 *   were never finished. Shares put up from another computer are not this one's to judge;
 * - what writes cut off before the grace period left beside the keys, where the store can hold such files
 *   (a shared folder's temp files, a WebDAV server's partial uploads): no listing shows them, so no image
 *   needs them, and a day-old one is nobody's write in progress.
 * Before its last read of the logs it puts a notice naming every image file it may remove, and it removes
 * no other; once nothing of it is under way it marks the notice over. A push of another device that its
 * last read misses sees the notice and keeps its image a file Clean up does not touch (cleanUpNotices.ts).
 * A refusal stops it at once and says how many files were removed before it (never a silent half).
 */
export async function cleanUpLocation(input: CleanUpInput): Promise<TeamCleanUpOutcome> {
  const { store } = input
  const graceMs = input.graceMs ?? CLEAN_UP_GRACE_MS
  const now = input.now()
  const outcome: TeamCleanUpOutcome = {
    removed: tally(),
    kinds: {
      images: tally(),
      thumbnails: tally(),
      snapshots: tally(),
      reviewPages: tally(),
      unfinished: tally()
    },
    kept: { recent: tally(), undated: tally(), unread: tally() }
  }

  const shares = input.shares.leftovers(graceMs)
  // One listing of every device's files serves the logs' check, the packs and the snapshots.
  const devices: ListedObject[] = []
  for await (const object of store.list(DEVICES_PREFIX)) devices.push(object)
  const unread = await unreadLogs(store, devices)
  const age: AgeRule = { now, graceMs, kept: outcome.kept, unread }
  const content = await contentFiles(store, input.live, age)
  const packs = input.packs ? unusedPacks(devices, input.packs(), age) : []
  const doomed: Doomed[] = [
    ...(await shareFiles(store, shares)),
    ...content,
    ...packs,
    ...(await supersededSnapshots(store, devices))
  ]

  // The notice goes up before the last read of the logs and names every image file that may go: a push
  // of another device that the last read misses sees it, and keeps its image (cleanUpNotices.ts).
  let notice: number | null = null
  try {
    try {
      const seq = await nextNotice(store, input.device)
      if (content.length > 0) {
        notice = seq
        await putNotice(
          store,
          input.device,
          seq,
          content.map((one) => one.key)
        )
      }
    } catch (error) {
      throw stopped(error, outcome)
    }
    await removeAll(input, outcome, doomed, shares, notice !== null)
    return await removeUnfinished(store, outcome, now, graceMs)
  } finally {
    // Only now is no removal of this Clean up under way (a refusal too waits for those in flight).
    if (notice !== null) await closeNotice(store, input.device, notice)
  }
}

async function removeAll(
  input: CleanUpInput,
  outcome: TeamCleanUpOutcome,
  doomed: Doomed[],
  shares: ReadonlyArray<{ id: string; keys: string[] }>,
  recheck: boolean
): Promise<TeamCleanUpOutcome> {
  const { store } = input
  const live = recheck ? await input.recheck() : input.live
  const packs = input.packs?.() ?? new Set<string>()
  const work = doomed.filter(
    (one) =>
      (one.sha256 === undefined || !live.has(one.sha256)) && (one.pack === undefined || !packs.has(one.pack))
  )
  /** Keys removed, or found gone already: a share all of whose files are here is taken down. */
  const gone = new Set<string>()
  const finished = (id: string): boolean => work.every((one) => one.share !== id || gone.has(one.key))
  try {
    await inTurns(work, REMOVE_AT_ONCE, async (one) => {
      if (await store.remove(one.key)) {
        count(outcome.removed, one.size)
        count(outcome.kinds[one.kind], one.size)
      }
      gone.add(one.key)
    })
    for (const share of shares) await removeShareFolders(store, share.id, share.keys)
  } catch (error) {
    throw stopped(error, outcome)
  } finally {
    // Even when something after it was refused: its link is dead, and the list should say so.
    input.shares.cleared(shares.map((share) => share.id).filter(finished))
  }
  return outcome
}

/**
 * What writes cut off before the grace period left beside the keys, where the store can hold such files.
 * After the rest: a refusal here leaves what was removed said.
 */
async function removeUnfinished(
  store: MediaStore,
  outcome: TeamCleanUpOutcome,
  now: number,
  graceMs: number
): Promise<TeamCleanUpOutcome> {
  if (!store.removeUnfinished) return outcome
  try {
    const left = await store.removeUnfinished(now, graceMs)
    for (const into of [outcome.removed, outcome.kinds.unfinished]) {
      into.files += left.files
      into.bytes += left.bytes
    }
  } catch (error) {
    throw stopped(error, outcome)
  }
  return outcome
}

/**
 * The files of this computer's leftover review shares, from one listing of `shares/`: each share's page
 * is started first (its link is dead once the page is gone, whatever happens to the rest).
 */
async function shareFiles(
  store: MediaStore,
  shares: ReadonlyArray<{ id: string; keys: string[] }>
): Promise<Doomed[]> {
  if (shares.length === 0) return []
  const ids = new Set(shares.map((share) => share.id))
  const out: Doomed[] = []
  for await (const { key, size } of store.list(SHARES_PREFIX)) {
    const id = key.slice(SHARES_PREFIX.length).split('/')[0] ?? ''
    if (ids.has(id)) out.push({ key, size, kind: 'reviewPages', share: id })
  }
  const page = (one: Doomed): number => (one.key === shareKey(one.share ?? '', SHARE_PAGE) ? 0 : 1)
  return out.sort((a, b) => page(a) - page(b))
}

/** What makes an unused file old enough to remove, and where the ones kept are counted. */
interface AgeRule {
  now: number
  graceMs: number
  kept: TeamCleanUpOutcome['kept']
  /** A log this app cannot read: everything is kept (its images may be live). */
  unread: boolean
}

/** Whether an unused file may go by its age; one that may not is counted as kept, with why. */
function oldEnough(object: ListedObject, { now, graceMs, kept, unread }: AgeRule): boolean {
  if (unread) count(kept.unread, object.size)
  else if (object.modified === undefined) count(kept.undated, object.size)
  else if (object.modified > now - graceMs) count(kept.recent, object.size)
  else return true
  return false
}

/** Image files and thumbnails no live image names, old enough to be nobody's upload in progress. */
async function contentFiles(store: MediaStore, live: ReadonlySet<string>, age: AgeRule): Promise<Doomed[]> {
  const out: Doomed[] = []
  for (const prefix of [OBJECTS_PREFIX, THUMBS_PREFIX])
    for await (const object of store.list(prefix)) {
      const content = parseContentKey(object.key)
      if (!content || live.has(content.sha256) || !oldEnough(object, age)) continue
      out.push({
        key: object.key,
        size: object.size,
        kind: content.kind === 'objects' ? 'images' : 'thumbnails',
        sha256: content.sha256
      })
    }
  return out
}

/** Thumbnail packs no live record names, old enough to be nobody's push in progress. */
function unusedPacks(devices: readonly ListedObject[], inUse: ReadonlySet<string>, age: AgeRule): Doomed[] {
  return devices
    .filter((object) => parsePackKey(object.key) && !inUse.has(object.key) && oldEnough(object, age))
    .map((object) => ({ key: object.key, size: object.size, kind: 'thumbnails', pack: object.key }))
}

/**
 * True when a device's newest log segment is not one this app reads: a newer app's format (or damage).
 * A pull skips such a segment, so the images it adds are live for the team but not in this device's
 * merged state, and would look unused here. One read per device: an app that moves to a new format writes
 * its next segments in it, so its newest one says so.
 */
async function unreadLogs(store: MediaStore, devices: readonly ListedObject[]): Promise<boolean> {
  const newest = new Map<string, number>()
  for (const { key } of devices) {
    const parsed = parseDeviceKey(key)
    if (parsed?.kind === 'log' && parsed.seq > (newest.get(parsed.device) ?? 0))
      newest.set(parsed.device, parsed.seq)
  }
  for (const [device, seq] of newest) {
    const bytes = await readAtMost(store, segmentKey(device, seq), LOG_MAX_BYTES)
    if (bytes === TOO_LARGE || (bytes && !readSegment(bytes, device, seq))) return true
  }
  return false
}

/** Every device's snapshots but its newest, when that newest reads whole. */
async function supersededSnapshots(store: MediaStore, devices: readonly ListedObject[]): Promise<Doomed[]> {
  const byDevice = new Map<string, Array<{ key: string; size: number; seq: number }>>()
  for (const { key, size } of devices) {
    const parsed = parseDeviceKey(key)
    if (parsed?.kind !== 'snapshots') continue
    const list = byDevice.get(parsed.device) ?? []
    list.push({ key, size, seq: parsed.seq })
    byDevice.set(parsed.device, list)
  }
  const out: Doomed[] = []
  for (const [device, snapshots] of byDevice) {
    if (snapshots.length < 2) continue
    snapshots.sort((a, b) => b.seq - a.seq)
    const [newest, ...older] = snapshots
    if (!newest) continue
    const bytes = await readAtMost(store, newest.key, LOG_MAX_BYTES)
    if (!bytes || bytes === TOO_LARGE || !readSnapshot(bytes, device, newest.seq)) continue
    for (const one of older) out.push({ key: one.key, size: one.size, kind: 'snapshots' })
  }
  return out
}

/** A removal that stopped partway, said with how much was removed before it (nothing of it is in use). */
function stopped(error: unknown, outcome: TeamCleanUpOutcome): unknown {
  if (!(error instanceof LocationError)) return error
  const files = outcome.removed.files
  if (error.kind === 'denied')
    return new AppFailure(
      'location.denied',
      files === 0 ? say('cleanUpDenied') : say('cleanUpDeniedPartway', { files }),
      outcome
    )
  return new AppFailure(`location.${error.kind}`, say('cleanUpInterrupted', { files }), outcome)
}
