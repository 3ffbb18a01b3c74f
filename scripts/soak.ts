/**
 * `npm run soak -- [--runs N] [--seed S] [--keep] [--shipping]`: the crash soak behind RELIABILITY P19, P21,
 * P24, P27 and P28. One emulator and one data folder for the whole soak, like a user's app that crashes
 * again and again: each run starts the backend (`node --import tsx test/helpers/backendProcess.ts`), submits
 * a random mix of jobs of every family (and now and then a chat message or an export), and kills the
 * backend with SIGKILL, either at a random named crash point (`src/main/crashPoints.ts`, the k-th time)
 * or after a random delay. Every kill is verified (the process died of SIGKILL and its pid is gone).
 * After each restart it checks: `integrity_check`, every acknowledged action still present, every stored
 * file whole (size and sha256), the temp files the crash left swept. At the end a last backend runs until
 * every job is settled, and the emulator's request log is counted for duplicate create POSTs.
 *
 * `--shipping` soaks the app as it ships instead: the engine's own policy (2 s polls, 2 s download retries)
 * and the built-in demo gateway at its demo pace, in the backend's own process. Its request log and its
 * tasks end with each kill, so duplicate POSTs cannot be counted, and a job whose task the killed demo
 * gateway held ends failed ("the gateway no longer knows this task"): counted apart, not as a loss.
 *
 * Everything random comes from the seed, which is printed: `--seed S` repeats a soak (timings still vary).
 * Exits 1 if anything was lost or duplicated or the database was ever unsound; leaves no process behind,
 * also when it is interrupted (SIGINT, SIGTERM).
 */
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startEmulator, type RunningEmulator } from '../src/emulator'
import type { CrashPoint } from '../src/main/crashPoints'
import type { JobView } from '../src/shared/schemas/jobs'
import {
  chatReply,
  inspectDataFolder,
  jobsByPrompt,
  postsPerKey,
  tempFilesIn
} from '../test/helpers/crashChecks'
import {
  CHAT_PATH,
  chatSend,
  connectToEmulatorOverWire,
  JOB_FAMILIES,
  PARTNER_A_STREAM,
  V1_B64,
  V2_TASK,
  VIDEO_TASK,
  type JobFamily
} from '../test/helpers/jobFamilies'
import { killAllBackends, spawnBackend, type BackendProcess } from '../test/helpers/spawnBackend'
import { BatchSoak, waitsForBudget } from './soak/batches'

/** Set once SIGINT or SIGTERM arrived: the shutdown handler cleans up and sets the exit code. */
let stopping = false

interface Options {
  runs: number
  seed: number
  keep: boolean
  shipping: boolean
}

function parseArgs(argv: string[]): Options {
  const options: Options = {
    runs: 20,
    seed: Math.floor(Math.random() * 2 ** 31),
    keep: false,
    shipping: false
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const value = (): number => {
      const text = argv[++i] ?? ''
      if (!/^\d+$/.test(text)) throw new Error(`${arg} needs a whole number, got "${text}"`)
      return Number(text)
    }
    if (arg === '--runs') options.runs = value()
    else if (arg === '--seed') options.seed = value()
    else if (arg === '--keep') options.keep = true
    else if (arg === '--shipping') options.shipping = true
    else
      throw new Error(
        `unknown argument ${arg}; usage: npm run soak -- [--runs N] [--seed S] [--keep] [--shipping]`
      )
  }
  if (options.runs < 1) throw new Error('--runs must be at least 1')
  return options
}

/** mulberry32: small, seeded, good enough to pick crash points and delays reproducibly. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type ActionKind =
  | { type: 'job'; family: JobFamily }
  | { type: 'chat' }
  | { type: 'export' }
  | { type: 'batch' }
  | { type: 'steer' }

interface Action {
  run: number
  kind: ActionKind
  prompt: string
  chatKey: string | null
  /** A batch's rows, each a job that must never vanish once the batch was acknowledged. */
  rows: string[]
  /** The backend answered the command: the user saw the job (or message); it must never vanish. */
  acknowledged: boolean
}

interface Figures {
  runs: number
  kills: number
  killsAtProbe: number
  killsByTimer: number
  actions: number
  acknowledged: number
  lostJobs: number
  lostResults: number
  duplicatePosts: number
  unkeyedPosts: number
  integrityFailures: number
  tempFilesNotSwept: number
  unfinished: number
  needsAttention: number
  incomplete: number
  succeeded: number
  chatInterrupted: number
  /** --shipping: jobs whose task the killed demo gateway held, ended failed as it no longer knows them. */
  endedWithDemo: number
}

/** The crash points an action of this kind passes through. */
function pointsOf(kind: ActionKind): CrashPoint[] {
  if (kind.type === 'chat') return ['chat.committed', 'chat.delta', 'chat.answered']
  if (kind.type === 'export') return ['export.writing']
  if (kind.type === 'steer') return []
  if (kind.type === 'batch') return ['job.committed', 'send.claimed', 'send.answered']
  const points: CrashPoint[] = ['job.committed', 'send.claimed', 'send.answered', 'library.renamed']
  if (kind.family === PARTNER_A_STREAM) points.push('stream.partial')
  if (kind.family === V2_TASK || kind.family === VIDEO_TASK) points.push('poll.answered')
  if (kind.family !== V1_B64 && kind.family !== PARTNER_A_STREAM)
    points.push('download.partial', 'download.stored')
  return points
}

const CREATE_PATHS = [...JOB_FAMILIES.map((family) => family.path), CHAT_PATH]
/** What a job says when its gateway answers a poll with 404 (src/main/jobs/pollRunner.ts). */
const FORGOTTEN_BY_GATEWAY = 'The gateway no longer knows this task.'
const SETTLED = new Set(['succeeded', 'failed', 'cancelled', 'expired', 'needs_attention', 'incomplete'])
/** Result states that mean an image the gateway made never reached the library. */
const LOST_RESULT = new Set(['failed', 'expired', 'rejected'])

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2))
  const random = seededRandom(options.seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const started = Date.now()
  const temp = mkdtempSync(join(tmpdir(), 'gs-soak-'))
  const dataDir = join(temp, 'data')
  const verified = new Set<string>()
  const batches = new BatchSoak(random)
  const lostJobs = new Set<string>()
  const badFiles = new Set<string>()
  const actions: Action[] = []
  const figures: Figures = {
    runs: 0,
    kills: 0,
    killsAtProbe: 0,
    killsByTimer: 0,
    actions: 0,
    acknowledged: 0,
    lostJobs: 0,
    lostResults: 0,
    duplicatePosts: 0,
    unkeyedPosts: 0,
    integrityFailures: 0,
    tempFilesNotSwept: 0,
    unfinished: 0,
    needsAttention: 0,
    incomplete: 0,
    succeeded: 0,
    chatInterrupted: 0,
    endedWithDemo: 0
  }
  console.log(
    `soak: ${options.runs} runs, seed ${options.seed}, data folder ${dataDir}` +
      (options.shipping ? ', shipping policy and the built-in demo gateway' : '')
  )

  let emulator: RunningEmulator | null = null
  const shutdown = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) return
    stopping = true
    console.log(`\nsoak: ${signal}, stopping after ${figures.runs} runs`)
    await killAllBackends()
    await emulator?.stop()
    if (!options.keep) rmSync(temp, { recursive: true, force: true })
    process.exit(signal === 'SIGINT' ? 130 : 143)
  }
  process.once('SIGINT', (signal) => void shutdown(signal))
  process.once('SIGTERM', (signal) => void shutdown(signal))
  // `npm run soak` starts us through `sh -c`: a SIGTERM to npm ends npm and the shell, not us. Leave when
  // whoever started us is gone (we are re-parented), as if told to stop.
  const parent = process.ppid
  setInterval(() => {
    if (process.ppid !== parent) void shutdown('SIGTERM')
  }, 500).unref()

  // A little slower than the test timing, so random delays land inside polls and streams. With
  // --shipping the backend's own demo gateway answers instead, and this one is never asked.
  if (!options.shipping)
    emulator = await startEmulator({
      timing: { taskQueuedMs: 150, taskRunningMs: 300, partialDelayMs: 60, chatChunkDelayMs: 4 }
    })
  const emu = emulator
  const spawn = (): Promise<BackendProcess> => spawnBackend(dataDir, 'soak', { shipping: options.shipping })
  // At the demo gateway's pace (seconds per task) kills come later, so they land inside polls and downloads.
  const pace = options.shipping ? 6 : 1

  /** After a restart: nothing the user saw is gone, every stored file is whole, the database is sound. */
  const checkRestart = (orphans: string[]): void => {
    const report = inspectDataFolder(dataDir, verified)
    if (report.integrity !== 'ok' || report.journalMode !== 'wal') {
      figures.integrityFailures += 1
      console.log(`  integrity: ${report.integrity}, journal_mode ${report.journalMode}`)
    }
    for (const bad of report.badFiles) {
      if (!badFiles.has(bad)) console.log(`  bad file: ${bad}`)
      badFiles.add(bad)
    }
    const notSwept = orphans.filter((path) => existsSync(path))
    figures.tempFilesNotSwept += notSwept.length
    for (const path of notSwept) console.log(`  temp file not swept: ${path}`)
    const jobs = jobsByPrompt(dataDir)
    for (const action of actions) {
      if (!action.acknowledged || lostJobs.has(action.prompt)) continue
      const present =
        action.kind.type === 'job'
          ? jobs.has(action.prompt)
          : action.kind.type === 'batch'
            ? action.rows.every((row) => jobs.has(row))
            : action.kind.type === 'chat'
              ? chatReply(dataDir, action.chatKey ?? '') !== null
              : true
      if (!present) {
        lostJobs.add(action.prompt)
        console.log(`  lost: ${action.prompt}`)
      }
    }
  }

  const act = (studio: BackendProcess, action: Action): void => {
    const acknowledge = (): void => {
      action.acknowledged = true
    }
    const ignore = (): void => undefined
    if (action.kind.type === 'job') {
      studio.api
        .invoke('jobs.submit', { request: action.kind.family.request(action.prompt) })
        .then(acknowledge, ignore)
    } else if (action.kind.type === 'batch') {
      batches.submit(studio.api, action.prompt).then((rows) => {
        action.rows = rows
        acknowledge()
      }, ignore)
    } else if (action.kind.type === 'steer') {
      batches.steer(studio.api).then(acknowledge, ignore)
    } else if (action.kind.type === 'chat') {
      studio.api
        .invoke('chat.send', chatSend(action.prompt, (action.chatKey ?? '').replace(/^chat-/, '')))
        .then(acknowledge, ignore)
    } else {
      // An export of whatever the gallery holds; refused while it is still empty, which is fine.
      studio.api
        .invoke('gallery.export', {
          selection: { kind: 'filter', filter: {} },
          format: pick(['zip', 'folder'])
        })
        .then(acknowledge, ignore)
    }
  }

  let orphans: string[] = []
  let studio = await spawn()
  if (emu) await batches.setUp(studio.api, await connectToEmulatorOverWire(studio.api, emu))

  for (let run = 1; run <= options.runs && !stopping; run++) {
    if (run > 1) {
      studio = await spawn()
      checkRestart(orphans)
      await batches.checkCaps(studio.api, console.log)
    }
    // Sometimes the gateway holds a create request a while, or a result host stalls mid-file.
    const faultHold = random() < 0.2
    const holdPath = pick(CREATE_PATHS)
    const holdMs = 200 + Math.floor(random() * 800)
    const faultStall = random() < 0.1
    const stallBytes = 1_000 + Math.floor(random() * 20_000)
    if (emu && faultHold) emu.faults.script(`POST ${holdPath}`, { delayMs: holdMs })
    if (emu && faultStall) emu.faults.script('/files/*', { stallAfterBytes: stallBytes })

    const kinds: ActionKind[] = []
    for (let count = 1 + Math.floor(random() * 3); kinds.length < count;) {
      const roll = random()
      // Batches and their steering need the emulator's prices (never with --shipping).
      kinds.push(
        roll < 0.12
          ? { type: 'chat' }
          : roll < 0.17
            ? { type: 'export' }
            : emu && roll < 0.27
              ? { type: 'batch' }
              : emu && roll < 0.37
                ? { type: 'steer' }
                : { type: 'job', family: pick(JOB_FAMILIES) }
      )
    }
    // A crash point this run's work passes through (work resumed from earlier runs may reach it first);
    // a probe never reached, or reached late, gives way to the timer.
    // (Steering alone passes no crash point of its own: the timer kills that run.)
    const points = [...new Set(kinds.flatMap(pointsOf))]
    const byProbe = random() < 0.6 && points.length > 0
    const point = pick(points)
    const k = random() < 0.7 ? 1 : 2 + Math.floor(random() * 2)
    const delayMs = (byProbe ? 2_500 : Math.floor(random() * 1_500)) * pace
    if (byProbe) await studio.arm(point, k)

    for (const [i, kind] of kinds.entries()) {
      const label = kind.type === 'job' ? kind.family.name : kind.type
      const action: Action = {
        run,
        kind,
        prompt: `soak ${run}.${i} ${label} ${randomUUID().slice(0, 8)}`,
        chatKey: kind.type === 'chat' ? `chat-${randomUUID()}` : null,
        rows: [],
        acknowledged: false
      }
      actions.push(action)
      act(studio, action)
    }

    let timer: ReturnType<typeof setTimeout> | undefined
    const timedOut = new Promise<'timer'>((resolveTimer) => {
      timer = setTimeout(() => resolveTimer('timer'), delayMs)
    })
    const first = await Promise.race([studio.exited.then(() => 'exit' as const), timedOut])
    clearTimeout(timer)
    if (first === 'exit') {
      const exit = await studio.crashed(point, k)
      if (exit.crashedAt !== `${point}#${k}`) throw new Error(`run ${run}: unexpected exit ${exit.crashedAt}`)
      figures.killsAtProbe += 1
    } else {
      await studio.kill9()
      figures.killsByTimer += 1
    }
    figures.kills += 1
    figures.runs = run
    emu?.faults.clear()
    orphans = tempFilesIn(dataDir)
    if (run % 10 === 0 || run === options.runs) {
      const seconds = Math.round((Date.now() - started) / 1000)
      console.log(
        `  run ${run}/${options.runs}: ${figures.kills} kills, ${actions.length} actions, ${seconds} s`
      )
    }
  }

  if (stopping) return
  // The last restart: let every job finish (P24), then count what came of everything.
  studio = await spawn()
  checkRestart(orphans)
  await batches.checkCaps(studio.api, console.log)
  await batches.release(studio.api)
  const deadline = Date.now() + 120_000 * pace
  let views: JobView[] = []
  for (;;) {
    views = await allJobs(studio)
    const open = views.filter(
      (job) =>
        (!SETTLED.has(job.status) && !waitsForBudget(job)) || job.results.some((r) => r.status === 'pending')
    )
    if (open.length === 0 || Date.now() > deadline) {
      figures.unfinished = open.length
      batches.figures.waitingForBudget = views.filter(waitsForBudget).length
      for (const job of open) console.log(`  unfinished: ${job.prompt} (${job.status})`)
      break
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 200))
  }
  const final = inspectDataFolder(dataDir, verified)
  if (final.integrity !== 'ok') figures.integrityFailures += 1
  for (const bad of final.badFiles) badFiles.add(bad)
  if (final.tempFiles.length > 0) {
    figures.tempFilesNotSwept += final.tempFiles.length
    for (const path of final.tempFiles) console.log(`  temp file left at the end: ${path}`)
  }

  // Results: every image of a finished job stored; none given up; nothing the gateway answered dropped.
  // (--shipping: the demo gateway's log ended with each run; a job whose task it held ends failed.)
  const answered = new Set(
    (emu?.requestLog ?? [])
      .filter((e) => e.method === 'POST' && e.status === 200)
      .map((e) => e.idempotencyKey)
  )
  const rows = jobsByPrompt(dataDir)
  let lostResults = badFiles.size
  for (const job of views) {
    // A batch row marked [[fail]] is one the gateway was told to fail after accepting it: no loss.
    if (job.prompt.includes('[[fail]]') && job.status === 'failed') {
      batches.figures.failedAsTold += 1
      continue
    }
    const lost = job.results.filter((r) => LOST_RESULT.has(r.status)).length
    // The demo gateway's tasks and result files live in the process the soak kills: a job whose task or
    // file it held ends failed or with its result refused (its old address is not the new demo's).
    if (options.shipping && (lost > 0 || job.error?.message === FORGOTTEN_BY_GATEWAY)) {
      figures.endedWithDemo += 1
      continue
    }
    const answeredButFailed =
      job.status === 'failed' && (rows.get(job.prompt)?.keys ?? []).some((key) => answered.has(key)) ? 1 : 0
    if (lost + answeredButFailed > 0) console.log(`  lost result(s): ${job.prompt} (${job.status})`)
    lostResults += lost + answeredButFailed
    if (job.status === 'needs_attention') figures.needsAttention += 1
    if (job.status === 'incomplete') figures.incomplete += 1
    if (job.status === 'succeeded') figures.succeeded += 1
  }
  for (const action of actions) {
    if (action.chatKey && chatReply(dataDir, action.chatKey)?.status === 'interrupted')
      figures.chatInterrupted += 1
  }
  await batches.checkCaps(studio.api, console.log)
  await studio.kill9()

  // Exactly one create POST per user action: never two with one Idempotency-Key, never one without.
  if (emu) {
    for (const [key, count] of postsPerKey(emu.requestLog, CREATE_PATHS)) {
      if (key === '(no key)') figures.unkeyedPosts += count
      else if (count > 1) {
        figures.duplicatePosts += count - 1
        console.log(`  ${count} POSTs with Idempotency-Key ${key}`)
      }
    }
    await emu.stop()
  }

  figures.actions = actions.length
  figures.acknowledged = actions.filter((action) => action.acknowledged).length
  figures.lostJobs = lostJobs.size
  figures.lostResults = lostResults
  const seconds = (Date.now() - started) / 1000
  const failed =
    figures.lostJobs +
      figures.lostResults +
      figures.duplicatePosts +
      figures.unkeyedPosts +
      figures.integrityFailures +
      figures.tempFilesNotSwept +
      figures.unfinished +
      batches.figures.capBreaches >
    0
  console.log(`
soak finished in ${seconds.toFixed(0)} s (seed ${options.seed})
  runs                         ${figures.runs}
  kills (verified SIGKILL)     ${figures.kills}  (${figures.killsAtProbe} at a crash point, ${figures.killsByTimer} after a random delay)
  user actions                 ${figures.actions}  (${figures.acknowledged} acknowledged before the kill)
  jobs at the end              ${views.length}  (${figures.succeeded} succeeded, ${figures.incomplete} incomplete, ${figures.needsAttention} need attention)
  chat replies interrupted     ${figures.chatInterrupted}
  lost jobs                    ${figures.lostJobs}
  lost results                 ${figures.lostResults}
  duplicate create POSTs       ${emu ? figures.duplicatePosts : 'n/a (the demo gateway is killed with the app)'}
  create POSTs without a key   ${emu ? figures.unkeyedPosts : 'n/a'}${options.shipping ? `\n  ended with the demo gateway  ${figures.endedWithDemo}  (its task was in the killed process)` : ''}
  integrity failures           ${figures.integrityFailures}
  temp files not swept         ${figures.tempFilesNotSwept}
  jobs unfinished at the end   ${figures.unfinished}
  batches                      ${batches.figures.batches}  (${batches.figures.steers} steering actions; ${batches.figures.waitingForBudget} jobs waiting for budget at the end; ${batches.figures.failedAsTold} failed as the gateway was told to)
  batch caps passed            ${batches.figures.capBreaches}
${failed ? 'FAILED' : 'OK'}`)
  if (failed || options.keep) console.log(`data folder kept: ${dataDir}`)
  else rmSync(temp, { recursive: true, force: true })
  process.exitCode = failed ? 1 : 0
}

/** Every job, newest first, page by page. */
async function allJobs(studio: BackendProcess): Promise<JobView[]> {
  const all: JobView[] = []
  let page = await studio.api.invoke('jobs.list', { limit: 500 })
  while (page.length > 0) {
    all.push(...page)
    const last = page[page.length - 1] as JobView
    page = await studio.api.invoke('jobs.list', { limit: 500, before: last.createdAt, beforeId: last.id })
  }
  return all
}

main().catch(async (error: unknown) => {
  // Interrupted: the backend may have died of the same Ctrl-C; the shutdown handler is already cleaning up.
  if (stopping) return
  console.error(error)
  await killAllBackends()
  process.exit(1)
})
