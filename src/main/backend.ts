import { randomBytes } from 'node:crypto'
import { userInfo } from 'node:os'
import { join } from 'node:path'
import type { EventName } from '../shared/contract'
import type { Result } from '../shared/result'
import { UNFINISHED_JOB_STATUSES } from '../shared/schemas/jobStatuses'
import { createDispatcher, type CommandHandlers } from './contract/dispatch'
import { createEventBus, type EventListener } from './contract/events'
import { scheduleBackups } from './dataFolder/backups'
import { StorageHealth } from './dataFolder/health'
import { markClosedCleanly } from './dataFolder/database'
import { openDataFolder } from './dataFolder/open'
import { AppFailure } from './contract/failure'
import { say } from '../shared/sentences'
import type { SecretCipher } from './secrets/cipher'
import { SettingsStore } from './settings/store'
import { createProfileHandlers } from './services/profiles'
import { ModelCatalogStore } from './profiles/catalog'
import { GatewayConnections } from './profiles/connections'
import { DemoGateway, downloadAllowanceFor } from './profiles/demoGateway'
import { ProfileRepository } from './profiles/repository'
import { ApiKeyStore } from './secrets/apiKeys'
import { LocationSecrets } from './secrets/locationSecrets'
import { LocationRepository } from './locations/repository'
import { createLocationHandlers } from './services/locations'
import { TeamLinks } from './sync/links'
import { TeamDeletes } from './sync/teamDeletes'
import { TeamSync } from './sync/teamSync'
import { BatchBoards } from './sync/batchBoards'
import { TeamWorkBoard } from './sync/teamWork'
import { ReviewShares } from './sync/reviewShares'
import { copiesWithMetadata } from './gallery/export/exitCopy'
import { DiskMediaStore, Library, type ServedMedia } from './library'
import type { Logger } from './log'
import { createChatHandlers } from './services/chat'
import type { DesktopNotice } from './notices/words'
import { createAppHandlers } from './services/app'
import { ChatRepository } from './chat/repository'
import { ChatRunner } from './chat/runner'
import { conversationView } from './chat/views'
import { BoardStore } from './gallery/boards'
import { ExportManager } from './gallery/export/manager'
import { ImageExit, type ServedCopy } from './gallery/exitOne'
import { GalleryStore } from './gallery/store'
import { LibraryPicker } from './library/picker'
import { PresetStore } from './presets/store'
import { createGalleryHandlers } from './services/gallery'
import { createPresetHandlers } from './services/presets'
import { createJobHandlers } from './services/jobs'
import { createBatchHandlers } from './services/batches'
import { batchSheet } from './gallery/batchSheet'
import { createLibraryHandlers } from './services/library'
import { createMoneyHandlers } from './services/money'
import { watchJobFinishes } from './notices/watcher'
import { spokenLanguage } from './settings/language'
import { JobEngine } from './jobs/engine'
import { librarySink } from './jobs/librarySink'
import type { PartialPolicy } from './jobs/policy'
import { JobGroups } from './jobs/groups'
import { QueueControl } from './jobs/queueControl'
import { LaneLimitStore } from './jobs/laneLimits'
import { JobRepository } from './jobs/repository'
import { Budget } from './money/budget'
import { SpendLedger } from './money/ledger'
import { PriceStore } from './money/priceStore'
import { Spending } from './money/spending'
import { MoneyViews } from './money/views'
import type { GatewayClientOptions } from './gateway'
import type { Timing } from '../emulator'
import { systemClock, type Clock } from './time/clock'
import { Coalesced } from './time/coalesced'
import { APP_NAME, APP_VERSION } from './version'
import { MetadataWriter } from './provenance/embed'
import { settingsOf } from './provenance/readBack'
import { ImportManager } from './gallery/imports'
import { ImportRows } from './gallery/importRows'
import { GalleryDeletion } from './gallery/deletion'
import { hostOf } from './provenance/record'
import type { CrashProbe } from './crashPoints'

export interface BackendOptions {
  dataDir: string
  secretCipher: SecretCipher
  host: 'electron' | 'web'
  /** Electron passes the path of its own-ABI better-sqlite3 build; plain Node leaves it out. */
  nativeBinding?: string
  /** The desktop shell opens vetted links in the OS browser; the web host leaves that to the tab. */
  openExternal?: (url: string) => Promise<void>
  logger?: Logger
  /** Pace of the built-in demo gateway; tests pass the emulator's fast timing. */
  demoTiming?: Partial<Timing>
  /** Extra options for every gateway client (tests inject a dispatcher). */
  gatewayClientOptions?: GatewayClientOptions
  /** One clock for request retries, polls, downloads and deadlines (tests inject a fake). */
  clock?: Clock
  /** Engine figures (poll pace, concurrency); tests make polling fast. */
  enginePolicy?: PartialPolicy
  /** Desktop notifications (Electron `Notification`); the web host has none and shows toasts instead. */
  notify?: (notice: DesktopNotice) => void
  /**
   * Test-only: called at the named crash points of `crashPoints.ts` so crash tests can SIGKILL the
   * process exactly there. Both shells leave it out.
   */
  probe?: CrashProbe
  /** How often shared locations sync by themselves (tests shorten it). */
  teamSyncEveryMs?: number
  /** The user chose to open the newest backup of the database instead of the one there (P46). */
  restoreBackup?: boolean
}

export interface Backend {
  readonly dataDir: string
  dispatch(name: unknown, input: unknown): Promise<Result<unknown>>
  subscribe(listener: EventListener): () => void
  /**
   * The file on this machine the media store keeps for a media id, for tests and benches that read what
   * was stored; the shells never use it (they serve `serveMedia`'s stream).
   */
  resolveMedia(id: string): Promise<{ file: string; mime: string } | null>
  /** What the shells send for a media id: its object as a stream, or a just-encoded thumbnail from memory. */
  serveMedia(id: string): Promise<ServedMedia | null>
  /**
   * What the shells send for one image leaving the app ("Save as…", drag-out): its copy with its story, or
   * a zip of the untouched file and its sidecar (`gallery/exitOne.ts`); null for an unknown result id.
   */
  serveCopy(resultId: string): Promise<ServedCopy | null>
  /** The task engine, exposed for tests (`waitForIdle`) and benchmarks. */
  readonly engine: JobEngine
  /** The web host's port, written beside the data folder's lock for a second start to name. */
  announcePort(port: number): void
  close(): Promise<void>
}

/** The sentence of each disk fault (P47), with the data folder as its path. */
/** How often locations with shared boards sync by themselves (ours: often enough to feel live, rare enough to cost nothing). */
const TEAM_SYNC_EVERY_MS = 2 * 60 * 1000

const FAULT_SENTENCES = { full: 'diskFull', readOnly: 'diskReadOnly', io: 'diskFailing' } as const

const silentLogger: Logger = { info: () => undefined, error: () => undefined }

/**
 * The composition root: everything the app does, in plain Node. Shells only move commands in and
 * events out; whatever they must supply (secret storage, paths) arrives through these options.
 */
export function createBackend(options: BackendOptions): Backend {
  const logger = options.logger ?? silentLogger
  // Locked against a second Gateway Studio and its database checked before anything is written (P45, P46).
  const clock = options.clock ?? options.gatewayClientOptions?.clock ?? systemClock
  const { lock, db } = openDataFolder(options.dataDir, options.host, {
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
    ...(options.restoreBackup ? { restoreBackupAt: clock.now() } : {})
  })

  const bus = createEventBus((name: EventName, error) => logger.error(`event ${name} dropped`, error))
  // The disk under the data folder, as writes find it: one banner, not an error on every job (P47).
  const storage = new StorageHealth({
    dataDir: options.dataDir,
    onChange: (state) => bus.emit('app.storageChanged', state),
    onError: (message, error) => logger.error(message, error)
  })
  const now = (): number => clock.now()
  const onError = (message: string, error: unknown): void => logger.error(message, error)
  const settings = new SettingsStore(db, now)
  const profiles = new ProfileRepository(db, now)
  profiles.ensureDemo()
  const profileName = (id: string): string | null => profiles.get(id)?.name ?? null
  const keys = new ApiKeyStore(db, options.secretCipher, now)
  const catalog = new ModelCatalogStore(db)
  const demo = new DemoGateway(options.demoTiming)
  const connections = new GatewayConnections({
    profiles,
    keys,
    catalog,
    demo,
    clientOptions: { ...options.gatewayClientOptions, clock }
  })

  // A team file that came here takes the cloud off its tiles and details, in every window at once: a
  // pinned board's thousand files make a few words, not a thousand.
  const filesHere = new Coalesced((mediaIds) => bus.emit('gallery.filesHere', { mediaIds }))
  const library = new Library(db, new DiskMediaStore(join(options.dataDir, 'library')), {
    clock,
    probe: options.probe,
    onError,
    onFileHere: (mediaId) => filesHere.add(mediaId)
  })
  const swept = library.sweep()
  if (swept > 0) logger.info(`removed ${swept} unfinished temp file(s) from the library`)
  const jobs = new JobRepository(db, now)
  const groups = new JobGroups(db, now)
  const laneLimits = new LaneLimitStore(db, now)
  // Money (P50): each send's estimate reserved as it is claimed, and held when a cap would be crossed.
  const prices = new PriceStore(db, now)
  const ledger = new SpendLedger(db, now)
  const budget = new Budget(db, ledger, (groupId) => groups.capOf(groupId), now)
  const moneyViews = new MoneyViews({
    prices,
    budget,
    ledger,
    groupCap: (groupId) => groups.capOf(groupId),
    groupProfile: (groupId) => groups.profileOf(groupId),
    now
  })
  const spending = new Spending({
    prices,
    ledger,
    budget,
    now,
    profileName,
    onTotals: (profileId) => {
      if (profiles.get(profileId)) bus.emit('spend.changed', moneyViews.caps(profileId))
    },
    onNewDay: () => engine.budgetChanged()
  })
  const engine = new JobEngine({
    repo: jobs,
    groups,
    queue: new QueueControl(db, now),
    laneLimits,
    spend: spending,
    connections,
    media: librarySink(library),
    bus,
    allowsLoopbackDownloads: (profileId) => {
      const profile = profiles.get(profileId)
      return profile ? downloadAllowanceFor(profile, demo) : false
    },
    lookupModel: (profileId, modelId) => catalog.lookup(profileId, modelId),
    activeProfileId: () => profiles.active().id,
    ...(options.enginePolicy ? { policy: options.enginePolicy } : {}),
    clock,
    storage,
    onError,
    probe: options.probe
  })

  const chatRepo = new ChatRepository(db, now)
  const interrupted = chatRepo.markInterrupted()
  if (interrupted > 0) logger.info(`${interrupted} chat repl(ies) were cut off when the app last stopped`)
  const chatRunner = new ChatRunner({
    repo: chatRepo,
    bus,
    conversationView: (record) => conversationView(record, profileName(record.profileId)),
    alive: () => db.open,
    onError,
    now,
    probe: options.probe,
    clientFor: async (profileId) => {
      if (!profiles.get(profileId)) throw new AppFailure('chat.gateway_missing', say('gatewayRemoved'))
      return (await connections.forProfile(profileId)).client
    },
    loadImage: async (mediaId) => {
      const media = await library.read(mediaId)
      return media ? { mime: media.mime, base64: media.bytes.toString('base64') } : null
    }
  })

  const gallery = new GalleryStore(db)
  // The ExifTool processes (two at most) that write each exported copy's story, started on the first one.
  const metadata = new MetadataWriter(join(options.dataDir, 'metadata-work'))
  const gatewayHost = (profileId: string): string | null => hostOf(profiles.get(profileId)?.baseUrl)
  const exports = new ExportManager({
    exportsDir: join(options.dataDir, 'exports'),
    protectedDir: options.dataDir,
    rows: (selection) => gallery.rows(selection),
    source: (mediaId) => library.source(mediaId),
    away: (mediaId) => library.remoteOf(mediaId),
    nameTemplate: () => settings.get().exportNameTemplate,
    emit: (progress) => bus.emit('gallery.exportProgress', progress),
    appName: APP_NAME,
    appVersion: APP_VERSION,
    language: () => spokenLanguage(settings.get().language),
    now,
    onError,
    probe: options.probe,
    batchJobs: (groupId) => {
      const group = groups.view(groupId)
      return group ? batchSheet(db, group, { wholePrompts: true }).jobs : null
    },
    metadata,
    gatewayHost
  })
  // One image's copy, told as the export tells each of its images.
  const exits = new ImageExit({
    row: (resultId) => gallery.rows({ kind: 'ids', ids: [resultId] })[0] ?? null,
    source: (mediaId) => library.source(mediaId),
    read: (mediaId) => library.read(mediaId),
    metadata,
    gatewayHost,
    app: `${APP_NAME} ${APP_VERSION}`
  })
  const importRows = new ImportRows(db, jobs)
  // The gallery's one way to delete images: the designer's Delete, and a sync for what the team deleted.
  const deletion = new GalleryDeletion({
    store: gallery,
    jobs,
    importRows,
    removeMedia: (mediaId) => library.remove(mediaId),
    bus
  })
  const imports = new ImportManager({
    rows: importRows,
    library,
    // The same ExifTool processes read what a file says of itself (issue 26).
    readSettings: async (path) => settingsOf(await metadata.readTags(path)),
    dataDir: options.dataDir,
    emit: (progress) => bus.emit('gallery.importProgress', progress),
    now,
    onError
  })
  const sweptExports = exports.sweep()
  if (sweptExports > 0) logger.info(`removed ${sweptExports} unfinished export(s)`)

  // Finish notices listen from before the engine starts, so the transitions of its recovery are seen too.
  watchJobFinishes({
    bus,
    notifyOnJobFinish: () => settings.get().notifyOnJobFinish,
    notify: options.notify ?? null,
    language: () => spokenLanguage(settings.get().language),
    activeAtStart: jobs.listJobIds({ status: [...UNFINISHED_JOB_STATUSES], limit: 1_000_000 }),
    now,
    onError
  })

  const boards = new BoardStore(db, now)
  const locations = new LocationRepository(db, now)
  const locationSecrets = new LocationSecrets(db, options.secretCipher, now)
  const syncDrafts = join(options.dataDir, 'sync-drafts')
  const teamDeletes = new TeamDeletes(db, now)
  const batchBoards = new BatchBoards({ db, boards, group: (groupId) => groups.view(groupId), now })
  const teamWork = new TeamWorkBoard(
    (locationId) => locations.get(locationId)?.name ?? null,
    now,
    (work) => bus.emit('team.work', work)
  )
  const teamSync = new TeamSync({
    db,
    locations,
    secrets: locationSecrets,
    library,
    boards,
    rows: importRows,
    links: new TeamLinks(db),
    deletes: teamDeletes,
    deleteImages: (ids) => deletion.delete({ kind: 'ids', ids }),
    setVerdicts: (resultIds, verdict) => jobs.setVerdicts(resultIds, verdict),
    setRatings: (resultIds, rating) => jobs.setRatings(resultIds, rating),
    setNote: (resultId, note) => jobs.setNote(resultId, note),
    draftDir: syncDrafts,
    now,
    author: () => settings.get().teamName || userInfo().username,
    newDevice: () => randomBytes(8).toString('hex'),
    probe: options.probe,
    work: teamWork,
    onSynced: (locationId, outcome) => bus.emit('team.synced', { locationId, outcome }),
    beforeSync: (locationId) => batchBoards.catchUp(locationId)
  })
  // A team image brought in by its thumbnail gets its file from its location the first time it is read.
  library.setFetcher((remote) => teamSync.fetchFile(remote))
  const reviews = new ReviewShares({
    db,
    locations,
    secrets: locationSecrets,
    boards,
    rows: (selection) => gallery.rows(selection),
    source: (mediaId) => library.source(mediaId),
    copyOut: copiesWithMetadata(metadata),
    gatewayHost,
    nameTemplate: () => settings.get().exportNameTemplate,
    language: () => spokenLanguage(settings.get().language),
    appName: APP_NAME,
    appVersion: APP_VERSION,
    draftDir: syncDrafts,
    now,
    newId: () => randomBytes(12).toString('hex')
  })
  teamSync.startAutoSync(
    (ms, signal) => clock.sleep(ms, signal),
    options.teamSyncEveryMs ?? TEAM_SYNC_EVERY_MS
  )

  // Every command of the contract, each group from the few parts it uses (by name).
  const removeMedia = (mediaId: string) => library.remove(mediaId)
  const handlers: CommandHandlers = {
    ...createAppHandlers({
      info: { name: APP_NAME, version: APP_VERSION, dataDir: options.dataDir, host: options.host },
      settings,
      bus,
      storage: () => storage.current(),
      openExternal: options.openExternal
    }),
    ...createProfileHandlers({
      profiles,
      keys,
      catalog,
      connections,
      bus,
      now,
      onBackgroundError: (error) => logger.error('background refresh failed', error),
      onDeleted: (profileId) => {
        laneLimits.forgetProfile(profileId)
        prices.forgetProfile(profileId)
        budget.forgetProfile(profileId)
        // Its caps went with it: what waited for them is tried again (and fails for want of its gateway).
        engine.budgetChanged()
      }
    }),
    ...createJobHandlers({
      engine,
      repo: jobs,
      groups,
      bus,
      removeMedia: async (ids) => {
        let removed = 0
        for (const id of ids) if ((await removeMedia(id)) === 'removed') removed += 1
        return removed
      },
      profileExists: (profileId) => profiles.get(profileId) !== null
    }),
    ...createBatchHandlers({
      engine,
      groups,
      activeProfileId: () => profiles.active().id,
      lookupModel: (profileId, modelId) => catalog.lookup(profileId, modelId),
      profileExtras: (profileId) => connections.profileExtras(profileId),
      sheet: (group) => batchSheet(db, group),
      setVerdicts: (ids, verdict) => jobs.setVerdicts(ids, verdict)
    }),
    ...createMoneyHandlers({
      prices,
      budget,
      groups,
      views: moneyViews,
      profileName,
      budgetChanged: () => engine.budgetChanged(),
      profileChanged: (profileId) => spending.profileChanged(profileId)
    }),
    ...createChatHandlers({
      repo: chatRepo,
      runner: chatRunner,
      bus,
      now,
      profileName,
      activeProfileId: () => profiles.active().id,
      catalog,
      storeAttachment: (data, storeOptions) => library.storeBase64(data, storeOptions),
      removeMedia
    }),
    ...createLibraryHandlers({ picker: new LibraryPicker(db, library) }),
    ...createGalleryHandlers({
      store: gallery,
      boards,
      exports,
      exits,
      imports,
      importRows,
      jobs,
      deletion,
      forEveryone: (mediaIds) => teamDeletes.forEveryone(mediaIds),
      profileName,
      fileAway: (mediaId) => library.remoteOf(mediaId)
    }),
    ...createPresetHandlers({ store: new PresetStore(db, now) }),
    ...createLocationHandlers({
      locations,
      secrets: locationSecrets,
      teamSync,
      work: teamWork,
      reviews,
      deleteImpact: (selection) => teamDeletes.impact(gallery.selected(selection).map((row) => row.id)),
      batches: batchBoards,
      draftDir: syncDrafts,
      now
    })
  }

  // A daily copy of a database that passed its check, after start-up (P46).
  const stopBackups = scheduleBackups({
    db,
    dataDir: options.dataDir,
    now: () => clock.now(),
    onError: (message, error) => logger.error(message, error)
  })

  const dispatch = createDispatcher(
    handlers,
    (error) => logger.error('command failed', error),
    (error) => {
      const fault = storage.report(error)
      return fault
        ? new AppFailure(`storage.${fault}`, say(FAULT_SENTENCES[fault], { path: options.dataDir }))
        : null
    }
  )
  const recovered = engine.start()
  if (recovered.strandedAsNeedsAttention > 0) {
    logger.info(`${recovered.strandedAsNeedsAttention} request(s) were cut off by a crash and need attention`)
  }
  let closed = false

  return {
    dataDir: options.dataDir,
    dispatch,
    subscribe: (listener) => bus.subscribe(listener),
    resolveMedia: async (id) => {
      const source = await library.mediaSource(id)
      // A thumbnail may be served before its row names it (a commit later); its file is named after that.
      if (source) await library.idle()
      const file = library.localFile(id)
      return source && file ? { file, mime: source.mime } : null
    },
    serveMedia: (id) => library.serveMedia(id),
    serveCopy: (resultId) => exits.serve(resultId),
    engine,
    announcePort: (port) => lock.announcePort(port),
    async close() {
      if (closed) return
      closed = true
      engine.stop()
      spending.stop()
      await demo.stop()
      await imports.close()
      await teamSync.close()
      await metadata.close()
      // Thumbnails still being made finish first: they end by writing their row.
      await library.idle()
      filesHere.stop()
      storage.stop()
      await stopBackups()
      db.close()
      // Under the lock still: the next start may skip reading the whole file if it is as left here (P46).
      try {
        markClosedCleanly(options.dataDir)
      } catch (error) {
        logger.error('marking the database closed failed', error)
      }
      lock.release()
    }
  }
}
