import type { Readable } from 'node:stream'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../src/main/db/connection'
import { migrate } from '../../../../src/main/db/migrate'
import { migrations } from '../../../../src/main/db/migrations'
import { SqliteJournal } from '../../../../src/main/sync/journal'
import { MemoryJournal } from '../../../../src/main/sync/memoryJournal'
import type { ReplicaJournal } from '../../../../src/main/sync/replica'
import { makeTempDir } from '../../../helpers/tempDir'
import type { ByteRange, MediaStore, ObjectDraft } from '../../../../src/main/library/mediaStore'
import { MemoryMediaStore } from '../../../../src/main/library/memoryStore'
import { parseDeviceKey } from '../../../../src/main/sync/layout'
import { seededRandom } from '../../../helpers/random'
import {
  expectedShas,
  interleave,
  lostImages,
  restart,
  simDevice,
  type SimDevice,
  type SimLedger
} from '../../../helpers/teamSim'

/**
 * A location whose next write or read can be made to fail the way a kill -9 cuts a sync: before the bytes
 * land, or after they landed but before the device recorded it. Counts writes that would change an object.
 */
class CuttingStore implements MediaStore {
  cut: 'before' | 'after' | 'read' | null = null
  overwrites = 0
  puts = 0

  constructor(private readonly inner: MemoryMediaStore) {}

  async put(key: string, data: Uint8Array): Promise<void> {
    const held = await this.inner.read(key)
    if (held && !Buffer.from(data).equals(held)) this.overwrites++
    if (this.cut === 'before') return this.fail()
    this.puts++
    await this.inner.put(key, data)
    if (this.cut === 'after') return this.fail()
  }

  async read(key: string): Promise<Buffer | null> {
    if (this.cut === 'read') return this.fail()
    return this.inner.read(key)
  }

  begin(prefix: string): Promise<ObjectDraft> {
    return this.inner.begin(prefix)
  }
  // Logs are read as streams (never more than a log may be): a cut read fails there too.
  async open(key: string, range?: ByteRange): Promise<Readable | null> {
    if (this.cut === 'read') return this.fail()
    return this.inner.open(key, range)
  }
  stat(key: string): Promise<{ size: number } | null> {
    return this.inner.stat(key)
  }
  remove(key: string): Promise<boolean> {
    return this.inner.remove(key)
  }
  list(prefix?: string): AsyncIterable<{ key: string; size: number }> {
    return this.inner.list(prefix)
  }
  sweep(now: number): number {
    return (this.inner as MediaStore).sweep(now)
  }
  localFile(): string | null {
    return null
  }

  private fail(): never {
    this.cut = null
    throw new Error('killed')
  }
}

/** Journals that outlive a kill: in memory (the same object), or a database reopened as at a restart. */
interface JournalKind {
  name: string
  open(device: string, run: number): ReplicaJournal
  /** After the kill: the journal as a restarted process finds it. */
  reopen(device: string, run: number): ReplicaJournal | undefined
  close(): void
}

const temp = makeTempDir('gs-sync-journal-')
afterAll(() => temp.cleanup())

function sqliteJournals(): JournalKind {
  const open = new Map<string, Db>()
  const connect = (device: string, run: number): Db => {
    const file = join(temp.dir, `${device}-${run}.db`)
    const db = openDatabase(file)
    migrate(db, migrations)
    db.prepare(
      `INSERT OR IGNORE INTO team_locations (id, name, kind, settings, created_at, updated_at)
       VALUES ('loc', 'Team', 'folder', '{}', 0, 0)`
    ).run()
    open.get(file)?.close()
    open.set(file, db)
    return db
  }
  return {
    name: 'the database',
    open: (device, run) => new SqliteJournal(connect(device, run), 'loc', device),
    reopen: (device, run) => new SqliteJournal(connect(device, run), 'loc', device),
    close: () => {
      for (const db of open.values()) db.close()
      open.clear()
    }
  }
}

const memoryJournals: JournalKind = {
  name: 'memory',
  open: (device) => new MemoryJournal(device),
  reopen: () => undefined,
  close: () => undefined
}

describe.each([
  { journals: memoryJournals, runs: 20 },
  { journals: sqliteJournals(), runs: 8 }
])('a sync killed mid-way, journal in $journals.name [P42]', ({ journals, runs }) => {
  afterAll(() => journals.close())

  it('resumes after a kill during any push or pull: converges, loses nothing, overwrites nothing, leaves no gap', async () => {
    const kills = { before: 0, after: 0, read: 0 }
    for (let run = 0; run < runs; run++) {
      const random = seededRandom(4242 + run)
      const store = new CuttingStore(new MemoryMediaStore())
      let wall = 1_800_000_000_000
      const now = (): number => (wall += 1)
      const ledger: SimLedger = { added: new Map(), deleted: new Set() }
      const [a, b] = (['devicekilla', 'devicekillb'] as const).map((id, i) =>
        simDevice(id, store, run * 3 + 1 + i, 400, now, journals.open(id, run))
      ) as [SimDevice, SimDevice]
      await interleave([a, b], ledger, random, async (device, step) => {
        if (step === 'edit' || random() > 0.5) return
        // The next step of this device is cut by a kill, then the device starts again from its journal.
        const cut = (['before', 'after', 'read'] as const)[Math.floor(random() * 3)] ?? 'before'
        store.cut = cut
        await (cut === 'read' ? device.replica.pull() : device.replica.push()).catch((error: Error) => {
          expect(error.message).toBe('killed')
          kills[cut]++
        })
        store.cut = null
        restart(device, store, now, journals.reopen(device.id, run))
      })
      expect(a.replica.digest(), `run ${run}`).toBe(b.replica.digest())
      const shown = a.replica
        .view()
        .images.map((image) => image.record.sha256)
        .sort()
      expect(shown).toEqual(expectedShas(ledger))
      expect(await lostImages(store, ledger, shown)).toEqual([])
      expect(store.overwrites).toBe(0)
      const seqs = new Map<string, number[]>()
      for await (const { key } of store.list('devices/')) {
        const parsed = parseDeviceKey(key)
        if (parsed?.kind === 'log') seqs.set(parsed.device, [...(seqs.get(parsed.device) ?? []), parsed.seq])
      }
      for (const [, list] of seqs) expect(list.sort((x, y) => x - y)).toEqual(list.map((_, i) => i + 1))
      // What each device holds survives its journal: a fresh start reads back the same state.
      for (const device of [a, b]) {
        restart(device, store, now, journals.reopen(device.id, run))
        expect(device.replica.digest(), `run ${run} reopened`).toBe(a.replica.digest())
      }
    }
    // Each way of being cut happened, several times (a step with nothing to send or read cannot be cut).
    expect(Math.min(kills.before, kills.after, kills.read), JSON.stringify(kills)).toBeGreaterThan(2)
  }, 120_000)
})

describe('a late subscriber [P42]', () => {
  it('brings a device that subscribes late up to date from a snapshot, to the same state', async () => {
    const store = new MemoryMediaStore()
    let wall = 1_800_000_000_000
    const now = (): number => (wall += 1)
    const ledger: SimLedger = { added: new Map(), deleted: new Set() }
    const a = simDevice('devicesnapa', store, 11, 3_000, now)
    const b = simDevice('devicesnapb', store, 12, 3_000, now)
    await interleave([a, b], ledger, seededRandom(99))
    await a.replica.push()
    let snapshots = 0
    for await (const { key } of store.list('devices/'))
      if (parseDeviceKey(key)?.kind === 'snapshots') snapshots++
    expect(snapshots).toBeGreaterThan(0)
    const journals = sqliteJournals()
    const late = simDevice('devicesnapc', store, 13, 0, now, journals.open('devicesnapc', 0))
    const pulled = await late.replica.pull()
    expect(pulled.snapshot).toBe(true)
    expect(late.replica.digest()).toBe(a.replica.digest())
    // Kept in its database as the changes the snapshot stands for: a restart reads back the same state.
    restart(late, store, now, journals.reopen('devicesnapc', 0))
    expect(late.replica.digest()).toBe(a.replica.digest())
    expect((await late.replica.pull()).segments).toBe(0)
    journals.close()
  }, 60_000)
})
