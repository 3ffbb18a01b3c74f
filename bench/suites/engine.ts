import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createEventBus, type EventBus } from '../../src/main/contract/events'
import { openDatabase, type Db } from '../../src/main/db/connection'
import { migrate } from '../../src/main/db/migrate'
import { migrations } from '../../src/main/db/migrations'
import type { GatewayClient } from '../../src/main/gateway'
import type { ProfileClient } from '../../src/main/profiles/connections'
import { JobEngine } from '../../src/main/jobs/engine'
import type { MediaSink } from '../../src/main/jobs/media'
import { QueueControl } from '../../src/main/jobs/queueControl'
import { JobGroups } from '../../src/main/jobs/groups'
import { JobRepository } from '../../src/main/jobs/repository'
import { LaneLimitStore } from '../../src/main/jobs/laneLimits'
import type { JobGroupView } from '../../src/shared/schemas/jobGroups'
import type { JobRequest } from '../../src/shared/schemas/jobs'
import type { LaneLimits } from '../../src/shared/schemas/lanes'
import { makeTempDir } from '../../test/helpers/tempDir'
import { cpuProfiled } from '../cpuProfile'
import { bench, times, type BenchContext } from '../harness'

const media: MediaSink = {
  storeBytes: () => Promise.reject(new Error('unused')),
  storeDownload: () => Promise.reject(new Error('unused')),
  classifyDownloadError: () => ({ kind: 'transient', message: '' }),
  thumbnailReady: () => Promise.resolve(),
  read: () => Promise.resolve(null)
}

/** Seeds `count` v2 jobs whose single task is queued remotely, as a restart would find them. */
function seed(db: Db, count: number, firstPollAt: (i: number) => number): void {
  const repo = new JobRepository(db, Date.now)
  const request = { endpoint: 'imagesV2', body: { model: 'm', prompt: 'p' }, count: 1 } as const
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const { taskIds } = repo.insertJob({
        kind: 'image',
        endpoint: '/v2/images/generations',
        profileId: 'p',
        model: 'm',
        prompt: `prompt ${i}`,
        request,
        billingUnit: 'image',
        taskCount: 1,
        requestHash: () => 'h'
      })
      repo.updateTask(taskIds[0] as string, {
        status: 'queued',
        remoteId: `imgtask_${i}`,
        remoteCreatedAt: Date.now(),
        deadlineAt: Date.now() + 3_600_000,
        nextPollAt: firstPollAt(i)
      })
    }
  })()
}

function fakeClient(onPoll: () => void): ProfileClient {
  const client = {
    poll: (_endpoint: string, id: string) => {
      onPoll()
      return Promise.resolve({
        requestId: undefined,
        data: {
          task: { id, status: 'running' },
          id,
          status: 'running',
          terminal: false,
          resultUrl: undefined,
          failure: undefined
        }
      })
    }
  } as unknown as GatewayClient
  return { profile: {} as ProfileClient['profile'], client }
}

function engineFor(db: Db, onPoll: () => void, pollMs: number): JobEngine {
  return new JobEngine({
    repo: new JobRepository(db, Date.now),
    groups: new JobGroups(db, Date.now),
    queue: new QueueControl(db, Date.now),
    connections: { forProfile: () => Promise.resolve(fakeClient(onPoll)) },
    media,
    bus: createEventBus(),
    allowsLoopbackDownloads: () => false,
    activeProfileId: () => 'p',
    policy: { poll: { initialMs: pollMs, maxMs: pollMs, factor: 1, jitter: 0 }, concurrency: { poll: 8 } }
  })
}

/** Per side and run; at ~0.3 ms a poll, 600 polls (0.2 s) swung the ratio from 0.9× to 1.6× between runs. */
const POLLS = 2_000

/**
 * Milliseconds of engine work per poll (fake gateway answering at once) while `live` tasks are scheduled:
 * `due` of them are polled over and over (every millisecond) until POLLS polls have run; the rest wait an
 * hour. Start-up is excluded, so what grows with `live` is the per-poll cost alone.
 */
async function overheadPerPoll(dir: string, live: number, due: number, round: number): Promise<number> {
  const db = openDatabase(join(dir, `overhead-${live}-${round}.db`))
  migrate(db, migrations)
  const far = Date.now() + 3_600_000
  seed(db, live, (i) => (i < due ? 0 : far))
  // Fold the seeding into the database file first: otherwise the 10,000-row case pays for checkpointing
  // the seed's WAL inside the measured window, which is set-up cost, not engine overhead.
  db.pragma('wal_checkpoint(TRUNCATE)')
  let polls = 0
  let start = 0n
  let resolveDone: () => void = () => undefined
  const done = new Promise<void>((r) => (resolveDone = r))
  const engine = engineFor(
    db,
    () => {
      polls++
      if (polls === 1) start = process.hrtime.bigint()
      if (polls === POLLS + 1) resolveDone()
    },
    1
  )
  engine.start()
  await done
  const ms = Number(process.hrtime.bigint() - start) / 1e6
  engine.stop()
  db.close()
  return ms / POLLS
}

export const engineOverhead = bench<{ dir: string; cleanup: () => void }>({
  name: 'task engine overhead per poll (10,000 vs 100 live tasks)',
  setup: () => Promise.resolve(makeTempDir('gs-bench-')),
  async run(temp, _ctx, round) {
    // Each side first in every other run: the side that runs second inherits the first one's garbage and
    // its database's writes still going to the disk, and always the same side paying for that was a bias.
    const measure = (live: number): Promise<number> => overheadPerPoll(temp.dir, live, 100, round)
    let small: number
    let large: number
    if (round % 2 === 0) {
      small = await measure(100)
      large = await measure(10_000)
    } else {
      large = await measure(10_000)
      small = await measure(100)
    }
    return [
      {
        key: 'engine.overheadPerPoll',
        label: 'task engine work per poll with 10,000 live tasks',
        subjectIs: 'ms per poll, 10,000 live tasks (100 due)',
        baselineIs: 'ms per poll, 100 live tasks (all due)',
        unit: 'ms',
        subject: large,
        baseline: small,
        ratio: times(large, small),
        goal: '≤ 1.2× the 100-task figure',
        judge: ({ ratio }) => ratio <= 1.2
      }
    ]
  },
  teardown: (temp) => Promise.resolve(temp?.cleanup())
})

export const engineRestart = bench<{ temp: { dir: string; cleanup: () => void }; file: string }>({
  name: 'restart with 10,000 unfinished jobs to first poll',
  setup() {
    const temp = makeTempDir('gs-bench-')
    const file = join(temp.dir, 'restart.db')
    const setup = openDatabase(file)
    migrate(setup, migrations)
    seed(setup, 10_000, () => Date.now() - 1000)
    setup.close()
    return Promise.resolve({ temp, file })
  },
  async run({ file }) {
    // Baseline: just opening the database and reading the unfinished tasks, no engine.
    const t0 = process.hrtime.bigint()
    const raw = openDatabase(file)
    raw.prepare("SELECT id, next_poll_at FROM tasks WHERE status IN ('queued', 'running')").all()
    raw.close()
    const baseline = Number(process.hrtime.bigint() - t0) / 1e6

    const start = process.hrtime.bigint()
    const db = openDatabase(file)
    migrate(db, migrations)
    let first = 0
    await new Promise<void>((resolve) => {
      const engine = engineFor(
        db,
        () => {
          if (first === 0) {
            first = Number(process.hrtime.bigint() - start) / 1e6
            engine.stop()
            resolve()
          }
        },
        60_000
      )
      engine.start()
    })
    db.close()
    return [
      {
        key: 'engine.restartToFirstPoll',
        label: 'restart with 10,000 unfinished jobs, to the first poll',
        subjectIs: 'open the database, start the engine, first poll',
        baselineIs: 'open the database and read the unfinished tasks alone',
        unit: 'ms',
        subject: first,
        baseline,
        ratio: times(first, baseline),
        goal: 'first poll ≤ 500 ms',
        judge: ({ subject }) => subject <= 500
      }
    ]
  },
  teardown: (state) => Promise.resolve(state?.temp.cleanup())
})

// ---------------------------------------------------------------------------------------------------------
// Sends with a batch queued (issue 25): what one send costs the engine with 10,000 jobs waiting behind it.

/** Sends measured per side and run: the large batch's first SENDS, the small side's SENDS / 10 batches. */
const SENDS = { full: 500, quick: 200 }
const SMALL_BATCH = 10
const LARGE_BATCH = 10_000
/**
 * The lane's limits while it is open: no rate of ours (a per-minute limit would be all a gateway answering at
 * once measures) and ten sends at once, the small batch's whole. With a gateway answering at once a send never
 * waits for a slot (every send a pump starts is answered in the same turn; the loop is busy throughout, see
 * `busy`), so the limit only sets how many sends one pump starts: ten in both cases, so neither side's per-send
 * cost is spread over more sends per pump than the other's.
 */
const OPEN_LANE: LaneLimits = { concurrency: SMALL_BATCH, perMinute: null }
const PROFILE = 'p'

/**
 * The user's lane limits (kept in memory only), except that the lane is shut (no send starts) until `set`
 * opens it: set-up queues a whole batch without sending any of it, and the measured window opens the lane
 * with a Settings change (`engine.lanes.set`, which pumps the queue), the same step in both cases.
 */
class ShutLane extends LaneLimitStore {
  private open: LaneLimits | null = null

  override get(): LaneLimits {
    return this.open ?? { concurrency: 0, perMinute: null }
  }

  override set(_profileId: string, _endpoint: string, limits: LaneLimits | null): void {
    this.open = limits
  }

  shut(): void {
    this.open = null
  }
}

interface Sender {
  db: Db
  engine: JobEngine
  bus: EventBus
  lane: ShutLane
  /** POSTs the fake gateway has answered. */
  sends(): number
  /** Called with each POST, before it is answered. */
  onSend: (() => void) | null
  close(): void
}

/**
 * An engine on a new database whose gateway accepts every send at once as a queued remote task, started and
 * settled (its start-up's deferred scan has run, so it never lands in a window).
 */
async function sender(file: string): Promise<Sender> {
  const db = openDatabase(file)
  migrate(db, migrations)
  const bus = createEventBus()
  const lane = new ShutLane(db, Date.now)
  let sends = 0
  const client = {
    // What sendTask reads of a task endpoint's answer (`TaskSnapshot`): accepted, not finished.
    send: () => {
      sends++
      state.onSend?.()
      const id = `imgtask_${sends}`
      return Promise.resolve({
        requestId: undefined,
        data: { task: { id, status: 'queued' }, id, status: 'queued', terminal: false }
      })
    }
  } as unknown as GatewayClient
  const engine = new JobEngine({
    repo: new JobRepository(db, Date.now),
    groups: new JobGroups(db, Date.now),
    queue: new QueueControl(db, Date.now),
    connections: { forProfile: () => Promise.resolve({ profile: {} as ProfileClient['profile'], client }) },
    media,
    bus,
    allowsLoopbackDownloads: () => false,
    activeProfileId: () => PROFILE,
    laneLimits: lane,
    // The accepted tasks' first polls an hour away: the poll lane stays out of the sends' window.
    policy: { poll: { initialMs: 3_600_000, maxMs: 3_600_000, factor: 1, jitter: 0 } }
  })
  engine.start()
  await new Promise((resolve) => setImmediate(resolve))
  const state: Sender = {
    db,
    engine,
    bus,
    lane,
    sends: () => sends,
    onSend: null,
    close() {
      engine.stop()
      db.close()
    }
  }
  return state
}

/** A batch of `count` v2 image jobs as `batches.submit` hands them to the engine (`submitBatch`). */
function submitBatch(s: Sender, count: number, name: string): string {
  const requests: JobRequest[] = Array.from({ length: count }, (_, i) => ({
    endpoint: 'imagesV2',
    body: { model: 'm', prompt: `${name}: product shot ${i}, studio light` },
    count: 1
  }))
  const made = s.engine.submitBatch(
    PROFILE,
    {
      name,
      screen: 'images',
      settings: { kind: 'batch', fileName: `${name}.csv`, jobs: count, images: count }
    },
    { fileName: `${name}.csv`, spec: { rows: count } },
    requests
  )
  if (made.sent !== count)
    throw new Error(`the engine refused ${made.refused.length} of the bench batch's jobs`)
  return made.group.id
}

/** Resolves on the batch's next band word (`groups.updated`) that `accept` takes; rejects after `timeoutMs`. */
function groupWord(
  bus: EventBus,
  groupId: string,
  accept: (view: JobGroupView) => boolean,
  what: string,
  timeoutMs = 60_000
): Promise<void> {
  return new Promise((resolve, reject) => {
    let last = 'none'
    const timer = setTimeout(() => {
      off()
      reject(new Error(`waited ${timeoutMs / 1000} s for ${what}; the last band word counted ${last}`))
    }, timeoutMs)
    const off = bus.subscribe((name, payload) => {
      const view = payload as JobGroupView
      if (name !== 'groups.updated' || view.id !== groupId) return
      last = JSON.stringify(view.counts)
      if (!accept(view)) return
      clearTimeout(timer)
      off()
      resolve()
    })
  })
}

interface SendWindow {
  /** Event-loop active ms from opening the lane to the band's word about the last send. */
  activeMs: number
  /** CPU ms of the process over the same window (what the active time spent not waiting for the disk). */
  cpuMs: number
  sends: number
  /** Band words (each a read of the whole batch) told in the window. */
  words: number
  /** Wall ms from opening the lane to the last send recorded, and the share of it the loop was busy. */
  sendingMs: number
  busy: number
}

/**
 * One measured window over a batch of `total` jobs all waiting: opens the lane, lets `target` sends go (each
 * claimed, POSTed and its remote id committed), shuts the lane, and ends when the batch's band has been told
 * of them (coalesced every 250 ms, so the window holds every band word its sends caused). Work is the event
 * loop's active time: the band's wait for its timer (idle) is not counted, its read of the batch is.
 */
async function sendWindow(s: Sender, groupId: string, total: number, target: number): Promise<SendWindow> {
  const what = `${target} sends of a ${total}-job batch`
  const before = s.sends()
  let words = 0
  let shut = false
  let sending = { ms: 0, busy: 0 }
  let active = 0
  let cpuMs = 0
  let start = 0n
  let elu = performance.eventLoopUtilization()
  let cpu = process.cpuUsage()
  const countWords = s.bus.subscribe((name, payload) => {
    if (name === 'groups.updated' && (payload as JobGroupView).id === groupId) words++
  })
  const lastSent = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`waited 60 s for ${what}; ${s.sends() - before} went`)),
      60_000
    )
    s.onSend = () => {
      if (shut || s.sends() - before < target) return
      // Nothing more starts; the sends already started are answered and recorded in this turn.
      s.lane.shut()
      shut = true
      clearTimeout(timer)
      setImmediate(() => {
        const phase = performance.eventLoopUtilization(elu)
        sending = { ms: Number(process.hrtime.bigint() - start) / 1e6, busy: phase.utilization }
        resolve()
      })
    }
  })
  const told = groupWord(
    s.bus,
    groupId,
    (view) => {
      if (!shut || (view.counts.pending ?? 0) !== total - (s.sends() - before)) return false
      active = performance.eventLoopUtilization(elu).active
      const used = process.cpuUsage(cpu)
      cpuMs = (used.user + used.system) / 1000
      return true
    },
    `the band's word after ${what}`
  )
  // Awaited below; a window that fails before then fails with its own error, not this one's later.
  told.catch(() => undefined)
  try {
    start = process.hrtime.bigint()
    elu = performance.eventLoopUtilization()
    cpu = process.cpuUsage()
    s.engine.lanes.set({ profileId: PROFILE, endpoint: 'imagesV2', limits: OPEN_LANE })
    await lastSent
    await told
  } finally {
    countWords()
    s.onSend = null
    s.lane.shut()
  }
  return {
    activeMs: active,
    cpuMs,
    sends: s.sends() - before,
    words,
    sendingMs: sending.ms,
    busy: sending.busy
  }
}

interface SideFigures {
  /** Engine ms per send (event-loop active time over the windows ÷ sends). */
  perSend: number
  /** CPU ms per send over the same windows. */
  cpuPerSend: number
  sends: number
  words: number
  /** Share of the sending the loop was busy (near 1: no send waited for a slot or a timer). */
  busy: number
}

function sum(windows: SendWindow[]): SideFigures {
  const total = (pick: (w: SendWindow) => number): number => windows.reduce((a, w) => a + pick(w), 0)
  const sends = total((w) => w.sends)
  const sendingMs = total((w) => w.sendingMs)
  return {
    perSend: total((w) => w.activeMs) / sends,
    cpuPerSend: total((w) => w.cpuMs) / sends,
    sends,
    words: total((w) => w.words),
    busy: total((w) => w.busy * w.sendingMs) / Math.max(1e-9, sendingMs)
  }
}

/** Sends per block: the large side's window, and ten of the small side's batches. */
const BLOCK = 100

/**
 * One run, in blocks of BLOCK sends a side (order alternating block by block), so that both sides meet the
 * same disk: each send commits twice (claim, then the remote id), and this machine's fsyncs drift by a factor
 * of two over a minute. Two engines on two databases: the baseline's, where each block queues ten batches of
 * ten, one after the other, each sent whole in its own window; the subject's, where one batch of 10,000 was
 * queued first (set-up) and each block sends the next BLOCK of it in one window. Each engine idles (lane
 * shut, nothing scheduled) while the other is measured.
 */
async function sideBySide(
  dir: string,
  round: number,
  sends: number,
  profileDir: string | null
): Promise<{ small: SideFigures; large: SideFigures; submitMs: number }> {
  const small = await sender(join(dir, `small-${round}.db`))
  const large = await sender(join(dir, `large-${round}.db`))
  try {
    const t = performance.now()
    const groupId = submitBatch(large, LARGE_BATCH, 'large')
    // The submit's own band word (a read of all 10,000) is set-up: told before any window opens.
    await groupWord(large.bus, groupId, () => true, 'the band word of the submitted batch')
    const submitMs = performance.now() - t
    // The 10,000 folded into the database file: its WAL checkpointed here, not in the first window. No
    // checkpoint between windows: the WAL restarting after one costs the next commit an extra fsync (with
    // synchronous = FULL), which the small side's short windows would pay ten times as often. Automatic
    // checkpoints fall in either side's windows as their own writes fill the WAL.
    large.db.pragma('wal_checkpoint(TRUNCATE)')
    small.db.pragma('wal_checkpoint(TRUNCATE)')
    const smallWindows: SendWindow[] = []
    const largeWindows: SendWindow[] = []
    const smallBlock = async (block: number): Promise<void> => {
      for (let i = 0; i < BLOCK / SMALL_BATCH; i++) {
        // Its band word is due 250 ms after the submit: it falls in the window, and tells of the sends too.
        const id = submitBatch(small, SMALL_BATCH, `small ${block}.${i}`)
        smallWindows.push(await sendWindow(small, id, SMALL_BATCH, SMALL_BATCH))
      }
    }
    const largeBlock = async (block: number): Promise<void> => {
      const waiting = LARGE_BATCH - largeWindows.reduce((a, w) => a + w.sends, 0)
      largeWindows.push(
        await cpuProfiled(block === 0 ? profileDir : null, 'engine-batch-send-10000', () =>
          sendWindow(large, groupId, waiting, BLOCK)
        )
      )
    }
    for (let block = 0; block < sends / BLOCK; block++) {
      if ((block + round) % 2 === 0) {
        await smallBlock(block)
        await largeBlock(block)
      } else {
        await largeBlock(block)
        await smallBlock(block)
      }
    }
    return { small: sum(smallWindows), large: sum(largeWindows), submitMs }
  } finally {
    small.close()
    large.close()
  }
}

/**
 * Engine work per job sent with a 10,000-job batch queued, against the same with 10 jobs queued (issue 25).
 * Real send queue, lanes, claims and group news; only the gateway is fake (it accepts each send at once as a
 * remote task). Fair: both sides measure the same number of sends (500; 200 with --quick), ten started per
 * pump, in alternating blocks, each window from the lane opening to the batch band's word about its sends;
 * set-up (submits, the checkpoint after the big one, engine start) is outside the windows. The subject's windows hold a band
 * word per 250 ms of sending, each a read of all 10,000 jobs; the baseline's one per batch of ten.
 */
export const engineBatchSend = bench<{ dir: string; cleanup: () => void }>({
  name: 'engine cost per send with a 10,000-job batch queued (vs 10 queued)',
  async setup(ctx: BenchContext) {
    const temp = makeTempDir('gs-bench-')
    // Warm-up: the send path compiled before either side is measured.
    await sideBySide(temp.dir, -1, BLOCK, null)
    ctx.log(`${ctx.quick ? SENDS.quick : SENDS.full} sends per side and run, in blocks of ${BLOCK}`)
    return temp
  },
  async run(temp, ctx, round) {
    const sends = ctx.quick ? SENDS.quick : SENDS.full
    const { small, large, submitMs } = await sideBySide(
      temp.dir,
      round,
      sends,
      round === 0 ? ctx.profileDir : null
    )
    return [
      {
        key: 'engine.batchSendPerJob',
        label: 'engine work per job sent with a 10,000-job batch queued',
        subjectIs: `ms of engine work per send, the first ${large.sends} of a 10,000-job batch (claim, POST, remote id, band words)`,
        baselineIs: `the same per send with 10 jobs queued: ${small.sends / SMALL_BATCH} batches of 10, each sent whole`,
        unit: 'ms',
        subject: large.perSend,
        baseline: small.perSend,
        ratio: times(large.perSend, small.perSend),
        goal: '≤ 1.2× with 10 jobs queued',
        judge: ({ ratio }) => ratio <= 1.2,
        details: {
          'CPU ms per send (10,000 / 10)': `${large.cpuPerSend.toFixed(2)} / ${small.cpuPerSend.toFixed(2)}`,
          'band words (10,000 / 10)': `${large.words} / ${small.words}`,
          'loop busy while sending (10,000 / 10)': `${(large.busy * 100).toFixed(0)} % / ${(small.busy * 100).toFixed(0)} %`,
          'submit of the 10,000 (set-up) ms': Math.round(submitMs)
        }
      }
    ]
  },
  teardown: (temp) => Promise.resolve(temp?.cleanup())
})
