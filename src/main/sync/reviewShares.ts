import type { SpokenLanguage } from '../../shared/language'
import type { ExportProfile, GallerySelection } from '../../shared/schemas/gallery'
import type { ReviewShare, ReviewShareState } from '../../shared/schemas/locations'
import { say } from '../../shared/sentences'
import { parseJson, STORED_LIMITS } from '../../shared/json'
import { AppFailure } from '../contract/failure'
import type { Db } from '../db/connection'
import type { BoardStore } from '../gallery/boards'
import { copiesInOrder, discard, plainCopy, sidecarName, type CopyOut } from '../gallery/export/exitCopy'
import { resolveSources } from '../gallery/export/manager'
import { checkTimeZone, planExport, systemTimeZone } from '../gallery/export/plan'
import { renderIndexHtml } from '../gallery/html'
import { EXTENSIONS } from '../gallery/names'
import type { GalleryRow } from '../gallery/store'
import type { MediaSource } from '../library'
import type { MediaStore } from '../library/mediaStore'
import { LocationError } from '../locations/errors'
import { locationOrigin, openLocation, type OpenLocation } from '../locations/open'
import type { LocationRepository } from '../locations/repository'
import type { LocationSecrets } from '../secrets/locationSecrets'
import { shareKey, SHARE_PAGE } from './layout'

export interface ReviewShareDeps {
  db: Db
  locations: LocationRepository
  secrets: LocationSecrets
  boards: BoardStore
  rows: (selection: GallerySelection) => GalleryRow[]
  /** A media's object in the library, or null when the library no longer has it. */
  source: (mediaId: string) => Promise<MediaSource | null>
  /** How each image's copy carries its story (`exitCopy.ts`); absent: the library's bytes as they are. */
  copyOut?: CopyOut
  gatewayHost?: (profileId: string) => string | null
  nameTemplate: () => string
  /** The page's language when the request names none: the one the settings mean. */
  language: () => SpokenLanguage
  appName: string
  appVersion: string
  draftDir: string
  /** The backend's one clock (`Clock.now`): what a link is signed from and its expiry compared with. */
  now: () => number
  /** A fresh share id: the folder `shares/<id>/` on the location. */
  newId: () => string
}

export interface ShareRequest {
  locationId: string
  boardId: string
  profile: ExportProfile
  lifetimeSeconds: number
  language?: SpokenLanguage | undefined
  timeZone?: string | undefined
}

interface ShareRow {
  id: string
  location_id: string
  board_id: string
  board_name: string
  profile: ExportProfile
  images: number
  keys: string
  link: string | null
  created_at: number
  expires_at: number | null
  revoked_at: number | null
}

const keyList = (text: string): string[] => {
  const keys = parseJson(text, STORED_LIMITS)
  return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : []
}

/**
 * Review without the app (issue 27): a board put on a team location as the export's inert page and the
 * copies of its images, under `shares/<id>/`, for people who have a link and not Gateway Studio. On a
 * bucket every address on the page, and the page's own, is pre-signed for the lifetime the user picked;
 * on a WebDAV server or in a shared folder the page finds its images beside it and lives until taken down.
 *
 * A share's row, with every key it will write, is recorded before the first byte goes up, so whatever a
 * crash or a refusal left on the location can be taken down from the list. Taking a share down removes
 * the page first (the link stops at once), then its images. It is the one thing besides *Clean up* that
 * deletes at a location, and it deletes only under its own `shares/<id>/`.
 */
export class ReviewShares {
  constructor(private readonly deps: ReviewShareDeps) {}

  async create(request: ShareRequest): Promise<ReviewShare> {
    const { deps } = this
    const board = deps.boards.get(request.boardId)
    if (!board) throw new AppFailure('not_found', say('boardGone'))
    const location = deps.locations.get(request.locationId)
    if (!location) throw new AppFailure('not_found', say('locationGone'))
    const timeZone = checkTimeZone(request.timeZone ?? systemTimeZone())
    const rows = deps.rows({ kind: 'filter', filter: { boardIds: [board.id] }, except: [] })
    if (rows.length === 0) throw new AppFailure('invalid_input', say('reviewBoardEmpty'))
    const { present, skipped } = await resolveSources(rows, deps.source)
    if (present.length === 0) throw new AppFailure('gallery.files_missing', say('filesMissing'))
    const signedAt = deps.now()
    const plan = planExport(present, {
      template: deps.nameTemplate(),
      timeZone,
      language: request.language ?? deps.language(),
      exportedAt: signedAt,
      appName: deps.appName,
      appVersion: deps.appVersion,
      ...(deps.gatewayHost ? { gatewayHost: deps.gatewayHost } : {}),
      profile: request.profile,
      skipped
    })
    const id = deps.newId()
    // A location takes plainer names than an export (no spaces, no prompt words): the page still shows
    // each image's readable name, and links to it by number.
    const digits = Math.max(4, String(plan.files.length).length)
    const imageKeys = plan.files.map((file, index) =>
      shareKey(id, `images/${String(index + 1).padStart(digits, '0')}.${EXTENSIONS[file.mime] ?? 'bin'}`)
    )
    const pageKey = shareKey(id, SHARE_PAGE)
    const keys = [pageKey, ...imageKeys.flatMap((key) => [key, sidecarName(key)])]
    deps.db
      .prepare(
        `INSERT INTO review_shares (id, location_id, board_id, board_name, profile, images, keys, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
      )
      .run(
        id,
        location.id,
        board.id,
        board.name,
        request.profile,
        plan.files.length,
        JSON.stringify(keys),
        signedAt
      )

    const opened = await this.open(location.id)
    try {
      const lifetime = { seconds: request.lifetimeSeconds, signedAt }
      const hrefs: string[] = []
      for await (const { index, copy } of copiesInOrder(plan.files, deps.copyOut ?? plainCopy)) {
        const key = imageKeys[index] as string
        try {
          await putStream(opened, key, copy.stream)
        } catch (error) {
          discard(copy)
          throw error
        }
        if (copy.sidecar !== null) await opened.store.put(sidecarName(key), Buffer.from(copy.sidecar, 'utf8'))
        const link = await opened.link(key, lifetime)
        // A link that never expires is an address on the location: the page finds the file beside it.
        hrefs.push(link.expiresAt === null ? key.slice(shareKey(id, '').length) : link.url)
      }
      const html = renderIndexHtml(
        plan.page.map((image, index) => ({ ...image, href: hrefs[index] as string })),
        {
          exportedAt: signedAt,
          appName: deps.appName,
          language: request.language ?? deps.language(),
          timeZone,
          review: { title: board.name }
        }
      )
      await opened.store.put(pageKey, Buffer.from(html, 'utf8'))
      const page = await opened.link(pageKey, lifetime)
      deps.db
        .prepare('UPDATE review_shares SET link = ?, expires_at = ? WHERE id = ?')
        .run(page.url, page.expiresAt, id)
    } catch (error) {
      // What went up comes down again; if the location refuses that too, the row stays, unfinished, to
      // be taken down from the list later.
      if (
        await this.removeAll(opened, keys).then(
          () => true,
          () => false
        )
      )
        deps.db.prepare('DELETE FROM review_shares WHERE id = ?').run(id)
      throw error
    } finally {
      opened.close()
    }
    return this.view(this.row(id) as ShareRow)
  }

  /** This machine's review shares, of one board or all, newest first. */
  list(boardId?: string): ReviewShare[] {
    const rows = (
      boardId === undefined
        ? this.deps.db.prepare('SELECT * FROM review_shares ORDER BY created_at DESC, id')
        : this.deps.db
            .prepare('SELECT * FROM review_shares WHERE board_id = ? ORDER BY created_at DESC, id')
            .bind(boardId)
    ).all() as ShareRow[]
    return rows.map((row) => this.view(row))
  }

  /** Takes a share down: its page first, then every file it put there. Taking one down twice is fine. */
  async revoke(shareId: string): Promise<ReviewShare> {
    const row = this.row(shareId)
    if (!row) throw new AppFailure('not_found', say('reviewShareGone'))
    if (row.revoked_at === null) {
      const opened = await this.open(row.location_id)
      try {
        await this.removeAll(opened, keyList(row.keys))
        // A folder server keeps the emptied folders: without this, `shares/<id>/` stayed after Take down.
        await removeShareFolders(opened.store, row.id, keyList(row.keys)).catch(() => undefined)
      } catch (error) {
        if (error instanceof LocationError && error.kind === 'denied')
          throw new AppFailure('location.denied', say('reviewRemoveDenied', { folder: shareKey(row.id, '') }))
        throw error
      } finally {
        opened.close()
      }
      this.deps.db
        .prepare('UPDATE review_shares SET revoked_at = ? WHERE id = ?')
        .run(this.deps.now(), shareId)
    }
    return this.view(this.row(shareId) as ShareRow)
  }

  /**
   * This machine's shares at a location whose files nothing should show any more: taken down (their
   * emptied folder may be left), expired, or unfinished for longer than `graceMs` (a younger one may still
   * be going up). Shares put up from other machines are not listed here, and are never Clean up's to touch.
   */
  leftovers(locationId: string, graceMs: number): Array<{ id: string; keys: string[] }> {
    const rows = this.deps.db
      .prepare('SELECT * FROM review_shares WHERE location_id = ? ORDER BY created_at, id')
      .all(locationId) as ShareRow[]
    const now = this.deps.now()
    return rows
      .filter((row) => {
        const { state } = this.view(row)
        return (
          state === 'revoked' ||
          state === 'expired' ||
          (state === 'unfinished' && row.created_at <= now - graceMs)
        )
      })
      .map((row) => ({ id: row.id, keys: keyList(row.keys) }))
  }

  /** Shares whose files Clean up removed: taken down from now on (one taken down already keeps its time). */
  cleared(ids: readonly string[]): void {
    const update = this.deps.db.prepare(
      'UPDATE review_shares SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL'
    )
    const now = this.deps.now()
    for (const id of ids) update.run(now, id)
  }

  private async removeAll(opened: OpenLocation, keys: readonly string[]): Promise<void> {
    // The page is the first key: once it is gone, the link is dead even if an image's removal then fails.
    for (const key of keys) await opened.store.remove(key)
  }

  private async open(locationId: string): Promise<OpenLocation> {
    const location = this.deps.locations.get(locationId)
    if (!location) throw new AppFailure('not_found', say('locationGone'))
    const credentials = await this.deps.secrets.open(locationId, locationOrigin(location.settings))
    return await openLocation(location.settings, credentials, { draftDir: this.deps.draftDir })
  }

  private row(id: string): ShareRow | null {
    return (
      (this.deps.db.prepare('SELECT * FROM review_shares WHERE id = ?').get(id) as ShareRow | undefined) ??
      null
    )
  }

  private view(row: ShareRow): ReviewShare {
    const state: ReviewShareState =
      row.revoked_at !== null
        ? 'revoked'
        : row.link === null
          ? 'unfinished'
          : row.expires_at !== null && this.deps.now() >= row.expires_at
            ? 'expired'
            : 'live'
    return {
      id: row.id,
      locationId: row.location_id,
      boardId: row.board_id,
      boardName: row.board_name,
      profile: row.profile,
      images: row.images,
      link: state === 'live' ? row.link : null,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      state
    }
  }
}

/**
 * The folders a share's files were in (`shares/<id>/images/`, then `shares/<id>/`), removed when empty, on
 * a store that has folders. Only this share's own folders: nothing else is ever written under its id.
 */
export async function removeShareFolders(
  store: MediaStore,
  id: string,
  keys: readonly string[]
): Promise<number> {
  if (!store.removeEmptyFolder) return 0
  const root = shareKey(id, '')
  const folders = new Set<string>([root])
  for (const key of keys) {
    if (!key.startsWith(root)) continue
    for (let at = key.lastIndexOf('/'); at >= root.length; at = key.lastIndexOf('/', at - 1))
      folders.add(key.slice(0, at + 1))
  }
  let removed = 0
  // Deepest first: a folder is empty only once the ones inside it are gone.
  for (const folder of [...folders].sort((a, b) => b.length - a.length))
    if (await store.removeEmptyFolder(folder)) removed++
  return removed
}

/** A copy's bytes as one object, streamed through a draft: a video is never held whole in memory. */
async function putStream(opened: OpenLocation, key: string, stream: NodeJS.ReadableStream): Promise<void> {
  const draft = await opened.store.begin(key.slice(0, key.lastIndexOf('/') + 1))
  try {
    for await (const chunk of stream as AsyncIterable<Uint8Array>) await draft.write(chunk)
  } catch (error) {
    await draft.abort()
    throw error
  }
  await draft.commit(key)
}
