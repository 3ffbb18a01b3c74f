import type BetterSqlite3 from 'better-sqlite3'
import type { FileSettings } from '../../shared/schemas/fileSettings'
import type { TeamCleanUpOutcome, TeamWorkDoing } from '../../shared/schemas/locations'
import { say } from '../../shared/sentences'
import { AppFailure } from '../contract/failure'
import type { CrashProbe } from '../crashPoints'
import { writeTransaction, type Db } from '../db/connection'
import type { BoardStore } from '../gallery/boards'
import type { ImportedImage, ImportRows } from '../gallery/importRows'
import type { MediaStore } from '../library/mediaStore'
import type { MediaMime } from '../library/sniff'
import { isMediaError } from '../library/errors'
import type { Library } from '../library/store'
import { settingsFrom } from '../provenance/foreign'
import type { LocationSecrets } from '../secrets/locationSecrets'
import { locationOrigin, openLocation } from '../locations/open'
import type { LocationRepository } from '../locations/repository'
import { cleanUpLocation, type ShareLeftovers } from './cleanUp'
import { readImageObject } from './cleanUpNotices'
import { copiesToDelete, goneFromTeam, type GalleryCopy } from './deletedByTeam'
import { SqliteJournal } from './journal'
import { ByteBudget, inTurns } from './inTurns'
import type { BaseKind, TeamLinks } from './links'
import { Replica, type ImageBytes } from './replica'
import { packKey } from './layout'
import { readAtMost, TOO_LARGE } from './readAtMost'
import type { Change } from './state'
import type { TeamDeletes } from './teamDeletes'
import type { StepReport, TeamWorkBoard } from './teamWork'
import { PACK_MAX_BYTES, readPack } from './thumbPacks'
import type { ImageRecord, ImageView, LibraryView, TeamEdits, Verdict } from './teamLibrary'

export interface TeamSyncDeps {
  db: Db
  locations: LocationRepository
  secrets: LocationSecrets
  library: Library
  boards: BoardStore
  rows: ImportRows
  links: TeamLinks
  /** The deletes for everyone asked here, each sent by its location's next sync. */
  deletes: Pick<TeamDeletes, 'pending' | 'sent' | 'forget'>
  /** Deletes gallery images the way the designer's Delete does (rows, files, `gallery.removed`). */
  deleteImages: (resultIds: string[]) => Promise<unknown>
  /** Sets gallery images' verdicts (the jobs repository owns them). */
  setVerdicts: (resultIds: readonly string[], verdict: Verdict | null) => number
  /** Sets gallery images' stars, and one image's note (the jobs repository owns them too). */
  setRatings: (resultIds: readonly string[], rating: number) => number
  setNote: (resultId: string, note: string) => boolean
  draftDir: string
  now: () => number
  /** This device's name in a team library (who published what). */
  author: () => string
  /** A fresh device id, the first time this machine joins a location. */
  newDevice: () => string
  /** Test-only crash points (crashPoints.ts); production passes none. */
  probe?: CrashProbe
  /** What each location's sync is doing, for the Queue. */
  work?: TeamWorkBoard
  /** Told after every sync that brought or sent something (the renderer refreshes the gallery). */
  onSynced?: (locationId: string, outcome: SyncOutcome) => void
  /**
   * Brings the gallery's side up to date just before a publish or sync of the location reads it, under its
   * lock (a published batch's board takes the batch's new images: `batchBoards.ts`).
   */
  beforeSync?: (locationId: string) => void
}

export interface SyncOutcome {
  pushed: number
  pulled: number
  /** Team images brought into the gallery by this sync. */
  added: number
  /** Copies of team images this sync deleted from the gallery, because the team deleted them. */
  removed: number
}

interface OpenReplica {
  replica: Replica
  store: MediaStore
  probe(): Promise<void>
  close(): void
}

/** What a gallery image shares with its team image besides its bytes; each is agreed on by itself. */
type Marks = Pick<ImageView, 'verdict' | 'rating' | 'note'>
const MARK_KINDS = ['verdict', 'rating', 'note'] as const satisfies readonly BaseKind[]
type MarkKind = (typeof MARK_KINDS)[number]
/** An image nobody marked; also what was agreed on stars and notes before the gallery had them. */
const UNMARKED: Marks = { verdict: null, rating: 0, note: '' }
/** An image of the gallery with a team image's bytes: its gallery id and its marks. */
type GalleryMarks = Marks & { resultId: string; sha256: string }

interface BoardImage {
  mediaId: string
  sha256: string
  mime: string
  bytes: number
  width: number | null
  height: number | null
  createdAt: number
  prompt: string
  model: string
}

/**
 * The gallery's side of a team library: publishing a board to a location (its images go up with their
 * records, the board and its members as changes of this device's log), and a sync (this device's changes
 * up, the others' down, then every team board and image this gallery does not show yet brought in,
 * marked with who published it). One sync per location at a time.
 */
export class TeamSync {
  private readonly running = new Map<string, Promise<unknown>>()
  /**
   * Each location's replica and store, kept between syncs: opening one replays its whole journal and
   * makes a client with its own connections, which a sync every 2 minutes should not pay for each time.
   */
  private readonly opened = new Map<string, OpenReplica>()
  /** Stores opened only to fetch a team file (no sync has opened the location since start). */
  private readonly fetchStores = new Map<string, Promise<{ store: MediaStore; close(): void }>>()
  private readonly stopAuto = new AbortController()
  private auto: Promise<void> | null = null
  private marksStatement: BetterSqlite3.Statement<[string], GalleryMarks> | null = null

  constructor(private readonly deps: TeamSyncDeps) {}

  /**
   * Syncs every location that has a shared board every `everyMs`: edits made offline go out
   * once the location answers again, a teammate's arrive without anyone asking. A location that cannot
   * be reached is simply tried at the next turn (its failure is the manual sync's to show).
   */
  startAutoSync(sleep: (ms: number, signal: AbortSignal) => Promise<void>, everyMs: number): void {
    if (this.auto) return
    const signal = this.stopAuto.signal
    this.auto = (async () => {
      // A turn first waits: start-up has enough to do, and Sync with team is there for the impatient.
      while (!signal.aborted) {
        await sleep(everyMs, signal).catch(() => undefined)
        for (const location of this.deps.locations.list()) {
          if (signal.aborted) break
          if (this.deps.links.boards(location.id).length === 0) continue
          await this.sync(location.id).catch(() => undefined)
        }
      }
    })()
  }

  /** Stops the automatic sync and waits for a sync under way to end (before the database closes). */
  async close(): Promise<void> {
    this.stopAuto.abort()
    await this.auto
    await Promise.all([...this.running.values()].map((run) => run.catch(() => undefined)))
    for (const locationId of new Set([...this.opened.keys(), ...this.fetchStores.keys()]))
      this.drop(locationId)
  }

  /**
   * Lets go of what was opened for a location (its replica, its store and the store's connections): its
   * address or credentials changed, or it is gone. The next sync opens it anew from its journal.
   */
  async release(locationId: string): Promise<void> {
    await this.exclusive(locationId, () => {
      this.drop(locationId)
      return Promise.resolve()
    })
  }

  private drop(locationId: string): void {
    this.opened.get(locationId)?.close()
    this.opened.delete(locationId)
    const fetching = this.fetchStores.get(locationId)
    this.fetchStores.delete(locationId)
    void fetching?.then((opened) => opened.close()).catch(() => undefined)
  }

  /**
   * A team image's file, from the location it is at (the library's fetch on read: `Library.setFetcher`),
   * found as a sync finds it (its object, or a spare copy beside it). Through the store a sync keeps open
   * if there is one, else one opened for fetches. Null when the location has no such object; a location
   * that cannot be reached throws.
   */
  async fetchFile(remote: {
    locationId: string
    sha256: string
    mime: MediaMime
  }): Promise<Uint8Array | null> {
    const size = this.deps.library.findBySha256(remote.sha256)?.bytes
    if (size === undefined) return null
    const store = this.opened.get(remote.locationId)?.store ?? (await this.fetchStore(remote.locationId))
    return store ? readImageObject(store, remote.sha256, remote.mime, size) : null
  }

  private async fetchStore(locationId: string): Promise<MediaStore | null> {
    const location = this.deps.locations.get(locationId)
    if (!location) return null
    let opening = this.fetchStores.get(locationId)
    if (!opening) {
      opening = this.deps.secrets
        .open(locationId, locationOrigin(location.settings))
        .then((credentials) => openLocation(location.settings, credentials, { draftDir: this.deps.draftDir }))
      this.fetchStores.set(locationId, opening)
      // A failure to open is not kept: the next reader tries again.
      opening.catch(() => this.fetchStores.delete(locationId))
    }
    return (await opening).store
  }

  /**
   * Keeps the files of a linked board's images on this computer, or stops (files already here stay).
   * Pinned, a sync starts at once and brings the files the board does not have yet; its promise is that
   * sync's (the caller need not wait). Null when the board is not linked to a location.
   */
  pinBoard(boardId: string, pinned: boolean): { pinned: boolean; sync: Promise<unknown> | null } | null {
    const link = this.boardLinks().find((one) => one.boardId === boardId)
    if (!link || !this.deps.links.pin(link.locationId, boardId, pinned)) return null
    return { pinned, sync: pinned ? this.sync(link.locationId) : null }
  }

  /** Puts a gallery board on a location as a team board (once: a board already published is synced). */
  async publishBoard(locationId: string, boardId: string): Promise<SyncOutcome & { images: number }> {
    return this.exclusive(locationId, async () => {
      const board = this.deps.boards.get(boardId)
      if (!board) throw new AppFailure('not_found', say('boardGone'))
      return this.tracked(locationId, 'publish', (report) =>
        this.publishNow(locationId, boardId, board.name, report)
      )
    })
  }

  private async publishNow(
    locationId: string,
    boardId: string,
    boardName: string,
    report: StepReport
  ): Promise<SyncOutcome & { images: number }> {
    this.deps.beforeSync?.(locationId)
    const images = this.boardImages(boardId)
    const { replica } = await this.open(locationId)
    const teamBoard = this.deps.links.team(locationId, 'board', boardId) ?? boardId.replace(/[^a-z0-9]/g, '')
    const view = replica.view()
    const known = new Set(view.images.map((image) => image.record.sha256))
    const onBoard = new Set(view.boards.find((b) => b.id === teamBoard)?.images ?? [])
    const marks = this.galleryMarks(images.map((image) => image.sha256))
    replica.edit((edits) => [
      ...(view.boards.some((b) => b.id === teamBoard) ? [] : edits.createBoard(teamBoard, boardName)),
      ...images.flatMap((image) =>
        known.has(image.sha256) ? [] : this.publishImage(image, edits, marks.get(image.sha256))
      ),
      ...images.flatMap((image) =>
        onBoard.has(image.sha256) ? [] : edits.addToBoard(teamBoard, image.sha256)
      )
    ])
    // One commit for the board's links, not one per image.
    writeTransaction(this.deps.db, () => {
      this.deps.links.link(locationId, 'board', teamBoard, boardId)
      for (const image of images) this.deps.links.link(locationId, 'image', image.sha256, image.mediaId)
    })
    const pushed = (await replica.push(report)).segments
    this.adopt(locationId, replica.view())
    return { pushed, pulled: 0, added: 0, removed: 0, images: images.length }
  }

  /**
   * A location that now points at another place (another bucket or folder in it, another server, another
   * folder) is a new location: what this device sent and read there, and which boards were linked, meant
   * the old place. Keeping it would number this device's next segment after ones the new place never
   * had, and teammates would stop at the gap. The gallery's boards stay, unlinked, ready to share again.
   */
  async forgetPlace(locationId: string): Promise<void> {
    await this.exclusive(locationId, () => {
      this.drop(locationId)
      SqliteJournal.forget(this.deps.db, locationId)
      this.deps.links.forget(locationId)
      this.deps.deletes.forget(locationId)
      return Promise.resolve()
    })
  }

  /**
   * Every gallery board linked to a saved location, whose board still exists; `pinned` (only when true):
   * its images' files are kept on this computer.
   */
  boardLinks(): Array<{ boardId: string; locationId: string; pinned?: true }> {
    return this.deps.locations.list().flatMap((location) => {
      const pinned = new Set(this.deps.links.pinned(location.id))
      return this.deps.links
        .boards(location.id)
        .filter(({ localId }) => this.deps.boards.get(localId) !== null)
        .map(({ localId }) => ({
          boardId: localId,
          locationId: location.id,
          ...(pinned.has(localId) ? { pinned: true as const } : {})
        }))
    })
  }

  /** Sends this device's changes, reads the others', and brings what is new into the gallery. */
  async sync(locationId: string): Promise<SyncOutcome> {
    return this.exclusive(locationId, () =>
      this.tracked(locationId, 'sync', (report) => this.syncNow(locationId, report))
    )
  }

  /**
   * The Queue sees `run` as `doing` at this location, with its progress, and how it ended. A failure
   * `reached` says came after the location was synced (a Clean up refused a delete) is the caller's to
   * say: the location itself is fine, and the Queue says so.
   */
  private async tracked<T>(
    locationId: string,
    doing: TeamWorkDoing,
    run: (report: StepReport) => Promise<T>,
    reached: () => boolean = () => false
  ): Promise<T> {
    const report = this.deps.work?.begin(locationId, doing) ?? QUIET
    try {
      const out = await run(report)
      report.end()
      return out
    } catch (error) {
      report.end(reached() ? undefined : error)
      throw error
    }
  }

  /**
   * Clean up (`cleanUp.ts`): a whole sync first, so this device's changes are out and the merged state
   * is as current as it can be, then what nothing live uses is removed. Under the location's lock, so no
   * sync of this device runs beside it; `shares` are this computer's review shares at the location.
   */
  async cleanUp(locationId: string, shares: ShareLeftovers): Promise<TeamCleanUpOutcome> {
    let synced = false
    return this.exclusive(locationId, () =>
      this.tracked(
        locationId,
        'cleanUp',
        async (report) => {
          await this.syncNow(locationId, report)
          synced = true
          const { replica, store } = await this.open(locationId)
          const live = (): ReadonlySet<string> =>
            new Set(replica.view().images.map((image) => image.record.sha256))
          const packs = (): ReadonlySet<string> =>
            new Set(
              replica
                .view()
                .images.flatMap(({ record }) =>
                  record.thumbs ? [packKey(record.thumbs.device, record.thumbs.seq)] : []
                )
            )
          return cleanUpLocation({
            store,
            device: replica.device,
            now: this.deps.now,
            live: live(),
            packs,
            recheck: async () => {
              // Only read: what arrives is taken into the gallery by the next sync, as after any pull.
              await replica.pull()
              return live()
            },
            shares
          })
        },
        () => synced
      )
    )
  }

  private async syncNow(locationId: string, report: StepReport): Promise<SyncOutcome> {
    const { replica, store } = await this.open(locationId)
    this.deps.beforeSync?.(locationId)
    const before = replica.view()
    const deletes = this.deps.deletes.pending(locationId)
    // The asks leave their table in the commit that puts their changes in the journal's outbox: a crash
    // loses neither, and a push that fails (the location out of reach) sends them with the next one.
    writeTransaction(this.deps.db, () => {
      replica.edit((edits) => [
        ...this.editsSinceBase(locationId, before, edits),
        ...deletes.flatMap((sha) => edits.deleteImage(sha))
      ])
      this.deps.deletes.sent(locationId, deletes)
    })
    const pushed = (await replica.push(report)).segments
    const pulled = (await replica.pull(report)).segments
    const view = replica.view()
    const added = await this.bringIn(locationId, view, store, report)
    const removed = await this.letGo(locationId, view)
    this.adopt(locationId, view)
    // After `adopt`: a board's new team images are on it only from there.
    const fetched = await this.keepPinned(locationId, report)
    const outcome = { pushed, pulled, added, removed }
    // Files fetched for a pinned board change the gallery too (its tiles lose their cloud).
    if (pushed + pulled + removed + fetched > 0) this.deps.onSynced?.(locationId, outcome)
    return outcome
  }

  /**
   * Every team image this gallery does not show yet, brought in, thumbnails first: an image whose record
   * names a thumbnail pack comes in by its thumbnail alone (each pack read once, `thumbPacks.ts`), its
   * file left at the location until a reader asks for it (`Library.keepRemote`); any other (an older
   * record, a pack or entry missing or refused) is fetched whole (checked against its hash) unless the
   * library has its bytes already. Each is kept in the library, then given its gallery row and its link.
   * `FETCH_AT_ONCE` are fetched at a time (within `FETCH_BYTES`), and rows and links are written
   * `ROWS_AT_ONCE` to a transaction rather than one commit each. A kill between a stored file and its
   * row costs at most that many files fetched again at the next sync.
   */
  private async bringIn(
    locationId: string,
    view: LibraryView,
    store: MediaStore,
    report: StepReport
  ): Promise<number> {
    const { library, rows, links, boards, db } = this.deps
    const wanted = view.images.filter(
      ({ record }) => links.local(locationId, 'image', record.sha256) === null
    )
    report.step('receiving', wanted.length)
    const ready: Array<{ sha256: string; mediaId: string; row: ImportedImage | null }> = []
    let added = 0
    const settle = (): void =>
      writeTransaction(db, () => {
        const fresh = ready.flatMap((one) => (one.row ? [one.row] : []))
        if (fresh.length > 0) rows.insert(fresh)
        for (const one of ready) links.link(locationId, 'image', one.sha256, one.mediaId)
        added += fresh.length
        ready.length = 0
      })
    const rowOf = (record: ImageRecord, mediaId: string): ImportedImage => ({
      name: `${record.author}`,
      mediaId,
      settings: record.prompt === null && record.model === null ? null : settingsOf(record),
      team: { author: record.author, locationId }
    })
    // Thumbnails first, a pack at a time (its thumbnails are in memory only while its images are kept).
    const byPack = new Map<string, ImageView[]>()
    const whole: ImageView[] = []
    for (const image of wanted) {
      const { thumbs, type, sha256 } = image.record
      if (!thumbs || type === 'video/mp4' || library.findBySha256(sha256)) whole.push(image)
      else {
        const key = packKey(thumbs.device, thumbs.seq)
        byPack.set(key, [...(byPack.get(key) ?? []), image])
      }
    }
    await inTurns([...byPack], PACKS_AT_ONCE, async ([key, images]) => {
      const thumbs = await readPackAt(store, key)
      await inTurns(images, FETCH_AT_ONCE, async (image) => {
        const { record } = image
        const thumbnail = thumbs?.get(record.sha256)
        if (!thumbnail || record.type === 'video/mp4') {
          whole.push(image)
          return
        }
        const kept = await library.keepRemote({
          sha256: record.sha256,
          mime: record.type,
          bytes: record.size,
          width: record.width,
          height: record.height,
          thumbnail,
          locationId
        })
        const shown = rows.galleryIdOf(record.sha256) !== null
        ready.push({ sha256: record.sha256, mediaId: kept.id, row: shown ? null : rowOf(record, kept.id) })
        if (ready.length >= ROWS_AT_ONCE) settle()
        report.advance()
      })
    })
    const bringOne = async ({ record }: ImageView): Promise<void> => {
      const row = (mediaId: string): ImportedImage => ({
        name: `${record.author}`,
        mediaId,
        settings: record.prompt === null && record.model === null ? null : settingsOf(record),
        team: { author: record.author, locationId }
      })
      const known = library.findBySha256(record.sha256)
      if (known && rows.galleryIdOf(record.sha256) !== null) {
        ready.push({ sha256: record.sha256, mediaId: known.id, row: null })
      } else if (known) {
        ready.push({ sha256: record.sha256, mediaId: known.id, row: row(known.id) })
      } else {
        const bytes = await readImageObject(store, record.sha256, record.type, record.size)
        // An object not there yet (its segment outran it): the next sync tries again.
        if (!bytes) return
        let stored
        try {
          stored = await library.storeBytes(bytes, { expect: 'image', intake: 'bulk', sha256: record.sha256 })
        } catch (error) {
          // Not what its name says, or not an image this gallery can keep (a video, damaged bytes from
          // another app): left out, and the rest of the sync goes on; it is tried again next time.
          if (isMediaError(error)) return
          throw error
        }
        ready.push({ sha256: record.sha256, mediaId: stored.id, row: row(stored.id) })
      }
      if (ready.length >= ROWS_AT_ONCE) settle()
    }
    const budget = new ByteBudget(FETCH_BYTES)
    await inTurns(whole, FETCH_AT_ONCE, async (image) => {
      await budget.take(image.record.size)
      try {
        await bringOne(image)
      } finally {
        budget.give(image.record.size)
      }
      report.advance()
    })
    settle()
    for (const teamBoard of view.boards) {
      if (links.local(locationId, 'board', teamBoard.id) !== null) continue
      links.link(locationId, 'board', teamBoard.id, boards.create(this.freeName(teamBoard.name)).id)
    }
    return added
  }

  /**
   * The files of every image on this location's pinned boards ("Keep files on this computer") that are
   * still at the location, fetched through the library (checked and kept as on any read), within the same
   * limits as a sync's fetches. One that cannot be fetched is left for the next sync. Answers how many came.
   */
  private async keepPinned(locationId: string, report: StepReport): Promise<number> {
    const { library, links } = this.deps
    const seen = new Set<string>()
    const away: BoardImage[] = []
    for (const boardId of links.pinned(locationId))
      for (const image of this.boardImages(boardId)) {
        if (seen.has(image.mediaId)) continue
        seen.add(image.mediaId)
        if (library.remoteOf(image.mediaId) !== null) away.push(image)
      }
    if (away.length === 0) return 0
    report.step(
      'receiving',
      away.length,
      away.reduce((sum, image) => sum + image.bytes, 0)
    )
    const budget = new ByteBudget(FETCH_BYTES)
    let fetched = 0
    await inTurns(away, FETCH_AT_ONCE, async (image) => {
      await budget.take(image.bytes)
      try {
        if ((await library.source(image.mediaId)) && library.remoteOf(image.mediaId) === null) fetched++
      } finally {
        budget.give(image.bytes)
      }
      report.advanceBytes(image.bytes)
      report.advance()
    })
    return fetched
  }

  /**
   * The team images linked here that the team library no longer holds (deleted for everyone, here or by
   * a teammate): the copies a sync brought in leave the gallery by its own delete (`deletedByTeam.ts`
   * says which, and why a designer's own image stays), and their links go. Returns how many left.
   */
  private async letGo(locationId: string, view: LibraryView): Promise<number> {
    const { links, db } = this.deps
    const gone = goneFromTeam(links.images(locationId), new Set(view.images.map((i) => i.record.sha256)))
    if (gone.length === 0) return 0
    const doomed = copiesToDelete(this.galleryCopies(gone), links.imagesElsewhere(locationId, gone))
    if (doomed.length > 0) await this.deps.deleteImages(doomed)
    // After the delete: killed between the two, the next sync finds the same links and nothing to delete.
    writeTransaction(db, () => {
      for (const sha of gone) links.unlink(locationId, 'image', sha)
    })
    return doomed.length
  }

  /** The gallery's images with these content hashes, and the location each copy was brought in from. */
  private galleryCopies(shas: readonly string[]): GalleryCopy[] {
    return this.deps.db
      .prepare<[string], GalleryCopy>(
        `SELECT r.id AS resultId, m.sha256,
           CASE WHEN json_valid(j.imported) THEN json_extract(j.imported, '$.team.locationId') END
             AS broughtFrom
         FROM media m JOIN results r ON r.media_id = m.id JOIN jobs j ON j.id = r.job_id
         WHERE m.sha256 IN (SELECT value FROM json_each(?)) AND r.kind = 'image' AND r.status = 'stored'`
      )
      .all(JSON.stringify(shas))
  }

  /**
   * The edits made in the gallery since the last sync, as team changes: a linked board renamed, images
   * put on it (a new one is published with them) or taken off, a verdict, stars or a note changed. Found
   * by comparing the gallery with what both sides last agreed on, so an edit made offline, or while the
   * app was closed, is found the same way.
   */
  private editsSinceBase(locationId: string, view: LibraryView, edits: TeamEdits): Change[] {
    const { links, boards } = this.deps
    const names = links.base(locationId, 'name')
    const members = links.base(locationId, 'member')
    const inTeam = new Set(view.images.map((image) => image.record.sha256))
    const changes: Change[] = []
    for (const { teamId, localId } of links.boards(locationId)) {
      const board = boards.get(localId)
      if (!board || !view.boards.some((b) => b.id === teamId)) continue
      const agreedName = names.get(teamId)
      if (agreedName !== undefined && board.name !== agreedName)
        changes.push(...edits.renameBoard(teamId, board.name))
      const here = new Map(this.boardImages(localId).map((image) => [image.sha256, image]))
      for (const [sha, image] of here) {
        if (members.has(`${teamId}/${sha}`)) continue
        if (!inTeam.has(sha)) {
          changes.push(...this.publishImage(image, edits, this.galleryMarks([sha]).get(sha)))
          inTeam.add(sha)
          links.link(locationId, 'image', sha, image.mediaId)
        }
        changes.push(...edits.addToBoard(teamId, sha))
      }
      for (const member of members.keys()) {
        const [boardOf, sha = ''] = member.split('/')
        if (boardOf === teamId && !here.has(sha)) changes.push(...edits.removeFromBoard(teamId, sha))
      }
    }
    const agreed = MARK_KINDS.map((kind) => [kind, links.base(locationId, kind)] as const)
    // An image agreed on before the gallery had stars and notes has no base for them: it had none then.
    const marks = this.galleryMarks(new Set(agreed.flatMap(([, values]) => [...values.keys()])))
    for (const [sha, local] of marks) {
      for (const [kind, values] of agreed)
        if (markText(local, kind) !== (values.get(sha) ?? markText(UNMARKED, kind)))
          changes.push(...markEdit(edits, sha, kind, local))
    }
    return changes
  }

  /**
   * The gallery takes the merged team state for what is linked (board names and members, verdicts, stars
   * and notes), and that becomes what both sides agree on. A team board that is gone leaves the gallery's
   * board as it is, no longer linked; so does a linked board deleted here.
   */
  private adopt(locationId: string, view: LibraryView): void {
    // One commit for all of it: a board of 1,000 images otherwise wrote its agreed base a row a commit.
    writeTransaction(this.deps.db, () => this.adoptNow(locationId, view))
  }

  private adoptNow(locationId: string, view: LibraryView): void {
    const { links, boards, rows } = this.deps
    const names = new Map<string, string>()
    const members = new Map<string, string>()
    for (const { teamId, localId } of links.boards(locationId)) {
      const team = view.boards.find((b) => b.id === teamId)
      const board = boards.get(localId)
      if (!team || !board) {
        links.unlink(locationId, 'board', teamId)
        continue
      }
      // The team's name, or the team's name made free here ("Picks (2)" beside one's own "Picks"). What
      // is agreed is the name the gallery shows, so a suffix given here is never sent as a rename.
      const shown =
        board.name === team.name || this.nameOf(board.name, team.name)
          ? board.name
          : this.freeName(team.name, localId)
      if (shown !== board.name) boards.rename(localId, shown)
      names.set(teamId, shown)
      const wanted = new Set(team.images)
      const here = new Set(this.boardImages(localId).map((image) => image.sha256))
      const add = team.images.filter((sha) => !here.has(sha)).flatMap((sha) => idOf(rows.galleryIdOf(sha)))
      const remove = [...here].filter((sha) => !wanted.has(sha)).flatMap((sha) => idOf(rows.galleryIdOf(sha)))
      if (add.length > 0) boards.add(localId, { kind: 'ids', ids: add })
      if (remove.length > 0) boards.remove(localId, { kind: 'ids', ids: remove })
      for (const sha of team.images) members.set(`${teamId}/${sha}`, '')
    }
    const agreed = new Map(MARK_KINDS.map((kind) => [kind, new Map<string, string>()]))
    const marks = this.galleryMarks(view.images.map((image) => image.record.sha256))
    for (const image of view.images) {
      const sha = image.record.sha256
      const local = marks.get(sha)
      if (local === undefined) continue
      const { resultId } = local
      if (local.verdict !== image.verdict) this.deps.setVerdicts([resultId], image.verdict)
      if (local.rating !== image.rating) this.deps.setRatings([resultId], image.rating)
      if (local.note !== image.note) this.deps.setNote(resultId, image.note)
      for (const [kind, values] of agreed) values.set(sha, markText(image, kind))
    }
    links.setBase(locationId, 'name', names)
    links.setBase(locationId, 'member', members)
    for (const [kind, values] of agreed) links.setBase(locationId, kind, values)
  }

  /** A gallery image as a new team image, with the verdict, stars and note it has here. */
  private publishImage(image: BoardImage, edits: TeamEdits, marks: Marks | undefined): Change[] {
    const local = marks ?? UNMARKED
    return [
      ...edits.addImage(this.recordOf(image)),
      ...MARK_KINDS.flatMap((kind) =>
        markText(local, kind) === markText(UNMARKED, kind) ? [] : markEdit(edits, image.sha256, kind, local)
      )
    ]
  }

  /** True when `local` is `team` or `team` made free here ("Picks (2)"). */
  private nameOf(local: string, team: string): boolean {
    const lower = local.toLowerCase()
    const base = team.toLowerCase()
    return lower === base || (lower.startsWith(`${base} (`) && /^ \(\d+\)$/.test(lower.slice(base.length)))
  }

  /**
   * The gallery's image and its marks for each of these content hashes the gallery has (one such image:
   * the one `ImportRows.galleryIdOf` names). A few queries for a whole board: asked one image at a time,
   * a board of 1,000 cost two queries per image in each publish and sync.
   */
  private galleryMarks(shas: Iterable<string>): Map<string, GalleryMarks> {
    const out = new Map<string, GalleryMarks>()
    const all = [...shas]
    for (let at = 0; at < all.length; at += MARKS_AT_ONCE) {
      for (const row of this.marksQuery.all(JSON.stringify(all.slice(at, at + MARKS_AT_ONCE)))) {
        if (!out.has(row.sha256)) out.set(row.sha256, row)
      }
    }
    return out
  }

  private get marksQuery(): BetterSqlite3.Statement<[string], GalleryMarks> {
    this.marksStatement ??= this.deps.db.prepare(
      `SELECT m.sha256, r.id AS resultId, r.verdict, r.rating, r.note
       FROM media m JOIN results r ON r.media_id = m.id
       WHERE m.sha256 IN (SELECT value FROM json_each(?)) AND r.kind = 'image' AND r.status = 'stored'
       ORDER BY m.sha256, r.rowid`
    )
    return this.marksStatement
  }

  /** A board name this gallery does not use yet (the team's "Picks" beside one's own "Picks"). */
  private freeName(name: string, except?: string): string {
    return this.deps.boards.freeName(name, except)
  }

  private async open(locationId: string): Promise<OpenReplica> {
    const { locations, secrets, db } = this.deps
    const location = locations.get(locationId)
    if (!location) throw new AppFailure('not_found', say('locationGone'))
    let kept = this.opened.get(locationId)
    if (!kept) {
      const credentials = await secrets.open(locationId, locationOrigin(location.settings))
      const opened = await openLocation(location.settings, credentials, { draftDir: this.deps.draftDir })
      const device = deviceOf(db, locationId) ?? this.deps.newDevice()
      const bytes: ImageBytes = {
        original: async (sha) => {
          const media = this.deps.library.findBySha256(sha)
          return media ? ((await this.deps.library.read(media.id))?.bytes ?? null) : null
        },
        // Made now if the gallery never asked for it (a bulk import's): once here, not on every teammate's.
        thumbnail: async (sha) => {
          const media = this.deps.library.findBySha256(sha)
          if (!media || !media.mime.startsWith('image/')) return null
          const source = await this.deps.library.mediaSource(`${media.id}_thumb`)
          return source ? readAll(await source.open()) : null
        }
      }
      const journal = new SqliteJournal(db, locationId, device)
      const replica = new Replica(device, journal, opened.store, bytes, this.deps.now, this.deps.probe)
      kept = { replica, store: opened.store, probe: () => opened.probe(), close: () => opened.close() }
      this.opened.set(locationId, kept)
    }
    // A shared folder that is not mounted lists as empty: without this, its sync would say "up to date".
    if (location.settings.kind === 'folder') await kept.probe()
    return kept
  }

  private boardImages(boardId: string): BoardImage[] {
    return this.deps.db
      .prepare(
        `SELECT m.id AS mediaId, m.sha256, m.mime, m.bytes, m.width, m.height, m.created_at AS createdAt,
           j.prompt, j.model
         FROM board_items bi JOIN results r ON r.id = bi.result_id JOIN media m ON m.id = r.media_id
           JOIN jobs j ON j.id = r.job_id
         WHERE bi.board_id = ? AND r.status = 'stored' AND r.kind = 'image'
         ORDER BY bi.added_at, r.id`
      )
      .all(boardId) as BoardImage[]
  }

  private recordOf(image: BoardImage): ImageRecord {
    return {
      sha256: image.sha256,
      type: image.mime as ImageRecord['type'],
      size: image.bytes,
      width: image.width,
      height: image.height,
      author: this.deps.author(),
      createdAt: image.createdAt,
      prompt: image.prompt === '' ? null : image.prompt,
      model: image.model === '' ? null : image.model
    }
  }

  private async exclusive<T>(locationId: string, run: () => Promise<T>): Promise<T> {
    const before = this.running.get(locationId) ?? Promise.resolve()
    // After a failure the replica is opened anew from its journal: what it held in memory is not trusted.
    const mine = before
      .catch(() => undefined)
      .then(run)
      .catch((error: unknown) => {
        this.drop(locationId)
        throw error
      })
    this.running.set(locationId, mine)
    try {
      return await mine
    } finally {
      if (this.running.get(locationId) === mine) this.running.delete(locationId)
    }
  }
}

/** A mark as `team_base` keeps it: text. */
const markText = (marks: Marks, kind: MarkKind): string =>
  kind === 'verdict' ? (marks.verdict ?? '') : String(marks[kind])

function markEdit(edits: TeamEdits, sha: string, kind: MarkKind, marks: Marks): Change[] {
  if (kind === 'verdict') return edits.setVerdict(sha, marks.verdict)
  return kind === 'rating' ? edits.setRating(sha, marks.rating) : edits.setNote(sha, marks.note)
}

function deviceOf(db: Db, locationId: string): string | null {
  const row = db.prepare('SELECT device FROM sync_replicas WHERE location_id = ?').get(locationId) as
    { device: string } | undefined
  return row?.device ?? null
}

/** What a team record says of its image, as the settings an imported file carries (each field checked). */
function settingsOf(record: ImageRecord): FileSettings {
  return settingsFrom('gateway-studio', {
    prompt: record.prompt,
    model: record.model,
    width: record.width,
    height: record.height
  })
}

const idOf = (id: string | null): string[] => (id === null ? [] : [id])

/**
 * A thumbnail pack's thumbnails (`thumbPacks.ts`), or null when it is missing, larger than a pack may be
 * (read no further than that), unreadable, or the location fails: its images' files are fetched instead.
 */
async function readPackAt(store: MediaStore, key: string): Promise<Map<string, Buffer> | null> {
  try {
    const bytes = await readAtMost(store, key, PACK_MAX_BYTES)
    return bytes && bytes !== TOO_LARGE ? await readPack(bytes) : null
  } catch {
    return null
  }
}

/** A thumbnail's whole bytes from its stream (tens of KB). */
async function readAll(stream: NodeJS.ReadableStream | null): Promise<Buffer | null> {
  if (!stream) return null
  const chunks: Buffer[] = []
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk)
  return Buffer.concat(chunks)
}

/** Progress told to nobody (no Queue to show it: tests, tools). */
const QUIET: StepReport & { end(error?: unknown): void } = {
  step: () => undefined,
  advance: () => undefined,
  advanceBytes: () => undefined,
  end: () => undefined
}

/** Content hashes per marks query. */
const MARKS_AT_ONCE = 500
/**
 * Team images fetched at once by a sync. Each one kept costs this device a file fsync, a folder fsync and
 * a share of a database commit, which 4 in flight (as a plain download of the files runs) left the link
 * idle for: a first sync of 1,000 images ran at about 0.55x plain downloads 4 at a time, at 0.74x with 8,
 * at 0.92x with 16 (bench/suites/teamSync.ts). `FETCH_BYTES` keeps large ones from all being in memory.
 */
const FETCH_AT_ONCE = 16
const FETCH_BYTES = 64 * 1024 * 1024
/** Thumbnail packs read at once by a sync (each up to `PACK_MAX_BYTES` in memory). */
const PACKS_AT_ONCE = 2
/** Gallery rows and links written per transaction while a sync brings images in. */
const ROWS_AT_ONCE = 50
