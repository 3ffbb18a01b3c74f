import { z } from 'zod'
import { DEVICE_ID, STAMP } from './hlc'
import { changeSchema, stateJsonSchema } from './state'

/**
 * Where things live in a team location (any `MediaStore`: a bucket prefix, a WebDAV folder, a shared folder).
 * Modelled on an append-only backup repository: nothing is ever written twice under one key, so a normal
 * sync needs no permission to overwrite or delete.
 *
 *   objects/<ab>/<sha256>.<ext>           an image or video, named by its content
 *   objects/<ab>/<sha256>.<device>-<nonce>.<ext>
 *                                         a copy of it a push put beside it, because a Clean up under way
 *                                         may remove the one it found there (cleanUpNotices.ts)
 *   thumbs/<ab>/<sha256>.webp             its thumbnail (written by older versions; none now)
 *   devices/<device>/log/<seq>.json       that device's changes, one segment per push, seq 1, 2, 3 …
 *   devices/<device>/thumbs/<seq>.zip     the thumbnails of the images segment seq adds, as
 *                                         `<sha256>.webp` entries (`thumbPacks.ts`), put before it; an
 *                                         image's record names its pack, so a subscriber shows the image
 *                                         before it fetches its file
 *   devices/<device>/snapshots/<seq>.json the whole state as that device saw it after pushing segment seq
 *   shares/<id>/index.html                a review page (`reviewShares.ts`), and its images/ beside it
 *   cleanups/<device>/<seq>.json          the files that device's Clean up number seq may remove
 *   cleanups/<device>/<seq>.done.json     that Clean up removes nothing more (kept for good)
 *
 * Only the device named in `devices/<device>/` or `cleanups/<device>/` writes there. A sync never reads
 * `shares/`.
 */

export const FORMAT = 'gateway-studio.sync/1'
const SEQ_DIGITS = 10
const EXT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'video/mp4': 'mp4'
}

export const objectKey = (sha256: string, type: string): string =>
  `objects/${sha256.slice(0, 2)}/${sha256}.${EXT[type] ?? 'bin'}`
export const thumbKey = (sha256: string): string => `thumbs/${sha256.slice(0, 2)}/${sha256}.webp`

const seqName = (seq: number): string => String(seq).padStart(SEQ_DIGITS, '0')
export const segmentKey = (device: string, seq: number): string =>
  `devices/${device}/log/${seqName(seq)}.json`
export const snapshotKey = (device: string, seq: number): string =>
  `devices/${device}/snapshots/${seqName(seq)}.json`
export const DEVICES_PREFIX = 'devices/'
/** The thumbnail pack put beside `device`'s segment `seq`. */
export const packKey = (device: string, seq: number): string => `devices/${device}/thumbs/${seqName(seq)}.zip`

const PACK_KEY = /^devices\/([a-z0-9]{8,32})\/thumbs\/(\d{10})\.zip$/

/** The device and segment a thumbnail pack's key names, or null for any other key. */
export function parsePackKey(key: string): { device: string; seq: number } | null {
  const match = PACK_KEY.exec(key)
  if (!match) return null
  const [, device = '', seq = '0'] = match
  return { device, seq: Number(seq) }
}

/** A file of review share `id` (`''`: its folder, `shares/<id>/`). */
export const shareKey = (id: string, path: string): string => `shares/${id}/${path}`
export const SHARE_PAGE = 'index.html'

const DEVICE_KEY = /^devices\/([a-z0-9]{8,32})\/(log|snapshots)\/(\d{10})\.json$/

/** What a key under `devices/` names, or null for anything else (ignored: a newer app's, or debris). */
export function parseDeviceKey(
  key: string
): { device: string; kind: 'log' | 'snapshots'; seq: number } | null {
  const match = DEVICE_KEY.exec(key)
  if (!match) return null
  const [, device = '', kind, seq = '0'] = match
  return { device, kind: kind === 'log' ? 'log' : 'snapshots', seq: Number(seq) }
}

/**
 * A second copy of an image's bytes, beside its object: `nonce` (16 hex digits, drawn anew each time) makes
 * it a key no listing made before it can have named, which is what keeps it from a Clean up under way.
 */
export const spareKey = (sha256: string, type: string, device: string, nonce: string): string =>
  `objects/${sha256.slice(0, 2)}/${sha256}.${device}-${nonce}.${EXT[type] ?? 'bin'}`

const CONTENT_KEY =
  /^(objects|thumbs)\/([0-9a-f]{2})\/([0-9a-f]{64})(\.[a-z0-9]{8,32}-[0-9a-f]{16})?\.([a-z0-9]{1,8})$/

/**
 * The image a key under `objects/` or `thumbs/` belongs to (its object, a spare copy of it, or its
 * thumbnail), or null for any other name there (not one this app writes: never Clean up's to judge).
 */
export function parseContentKey(key: string): { kind: 'objects' | 'thumbs'; sha256: string } | null {
  const match = CONTENT_KEY.exec(key)
  if (!match) return null
  const [, kind, folder = '', sha256 = '', spare, ext] = match
  if (!sha256.startsWith(folder) || (kind === 'thumbs' && (ext !== 'webp' || spare !== undefined)))
    return null
  return { kind: kind === 'objects' ? 'objects' : 'thumbs', sha256 }
}
export const OBJECTS_PREFIX = 'objects/'
export const THUMBS_PREFIX = 'thumbs/'
export const SHARES_PREFIX = 'shares/'
export const CLEANUPS_PREFIX = 'cleanups/'

/** Clean up number `seq` of `device`: its notice, and the mark that it is over. */
export const noticeKey = (device: string, seq: number): string => `cleanups/${device}/${seqName(seq)}.json`
export const noticeOverKey = (device: string, seq: number): string =>
  `cleanups/${device}/${seqName(seq)}.done.json`

const NOTICE_KEY = /^cleanups\/([a-z0-9]{8,32})\/(\d{10})(\.done)?\.json$/

/** What a key under `cleanups/` names, or null for anything else. */
export function parseNoticeKey(key: string): { device: string; seq: number; over: boolean } | null {
  const match = NOTICE_KEY.exec(key)
  if (!match) return null
  const [, device = '', seq = '0', over] = match
  return { device, seq: Number(seq), over: over !== undefined }
}

export const segmentSchema = z.object({
  format: z.literal(FORMAT),
  device: z.string().regex(DEVICE_ID),
  seq: z.number().int().positive(),
  changes: z.array(changeSchema).max(100_000)
})
export type Segment = z.infer<typeof segmentSchema>

export const snapshotSchema = z.object({
  format: z.literal(FORMAT),
  device: z.string().regex(DEVICE_ID),
  seq: z.number().int().positive(),
  /** For each device, the last of its segments this state includes. */
  vector: z.record(z.string().regex(DEVICE_ID), z.number().int().nonnegative()),
  /** The newest stamp in the state (a reader's clock moves past it). */
  clock: z.string().regex(STAMP),
  state: stateJsonSchema
})
export type Snapshot = z.infer<typeof snapshotSchema>

/** A Clean up's notice: every key it may remove, each listed at the location before the notice was put. */
export const noticeSchema = z.object({
  format: z.literal(FORMAT),
  device: z.string().regex(DEVICE_ID),
  seq: z.number().int().positive(),
  keys: z.array(z.string().max(1024)).max(10_000_000)
})
export type Notice = z.infer<typeof noticeSchema>
