import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/emulator'
import type { CrashPoint } from '../../../src/main/crashPoints'
import type { ApiClient } from '../../../src/shared/client'
import type { JobView } from '../../../src/shared/schemas/jobs'
import {
  chatReply,
  inspectDataFolder,
  jobsByPrompt,
  lingeringTempFiles,
  postsPerKey,
  type JobRow
} from '../../helpers/crashChecks'
import {
  CHAT_PATH,
  chatSend,
  connectToEmulatorOverWire,
  PARTNER_A_STREAM,
  PARTNER_B,
  V1_B64,
  V2_TASK,
  V3_URL,
  VIDEO_TASK,
  type JobFamily
} from '../../helpers/jobFamilies'
import { killAllBackends, spawnBackend, type BackendProcess } from '../../helpers/spawnBackend'
import { makeTempDir } from '../../helpers/tempDir'

/*
 * The crash matrix (issue 11): kill -9 at every step of a job's life, for every job family, then restart
 * and check what the crash left. Each family runs in its own data folder against its own emulator, as one
 * chain of process lifetimes: cell N arms a crash point (or holds the request at the emulator and kills
 * from outside), submits one user action, checks the process died of SIGKILL exactly there, and restarts;
 * the restarted process is cell N+1's. Families run side by side; cells of a family run in order.
 *
 * After every restart: the action's job is there and in the expected state (never silently gone), every
 * earlier job is still there and settled, `integrity_check` is ok, every stored file matches its row, no
 * temp file survived the start-up sweep, and the emulator saw exactly the expected create POSTs per
 * Idempotency-Key (never two).
 */

/** How a job must look once the restarted backend has nothing left to do for it. */
type Outcome =
  /** Finished: every image of the request stored. */
  | 'done'
  /** The request may have run: needs attention (outcome unknown), never re-sent on its own (P19). */
  | 'attention'
  /** A stream cut by the crash: `incomplete`, the images that were committed kept (P21). */
  | 'cut'
  /** A stream whose answer was read but not committed: cut (some images kept) or outcome unknown. */
  | 'cutOrAttention'
  /** A chat reply cut by the crash: `interrupted`, never left `streaming`. */
  | 'interrupted'

interface Cell {
  /** What the test title says about the moment of the kill. */
  moment: string
  /** Kill by the probe at this point (k-th time), or from outside while the emulator holds the request. */
  point: CrashPoint | 'held'
  k?: number
  outcome: Outcome
  /** Create POSTs the emulator must have received for this action, all lifetimes together. */
  posts: 0 | 1
  /** For `cut`: exactly this many images kept. */
  kept?: number
  promises: string
}

/** A job family with its cells, or the chat family (which sends messages instead of jobs). */
type Family = (JobFamily | { name: string; path: string; images: 0; request?: undefined }) & {
  chat?: true
  cells: Cell[]
}

const ROW_WRITTEN: Cell = {
  moment: 'row written (job pending, nothing sent)',
  point: 'job.committed',
  outcome: 'done',
  posts: 1,
  promises: '[P19][P24]'
}
const CLAIMED: Cell = {
  moment: 'row written (task submitting, request not sent)',
  point: 'send.claimed',
  outcome: 'attention',
  posts: 0,
  promises: '[P19]'
}
const HELD: Cell = {
  moment: 'request written (the emulator holds it, no answer yet)',
  point: 'held',
  outcome: 'attention',
  posts: 1,
  promises: '[P19]'
}
const ANSWERED: Cell = {
  moment: 'response received before commit',
  point: 'send.answered',
  outcome: 'attention',
  posts: 1,
  promises: '[P19]'
}
const MID_DOWNLOAD: Cell = {
  moment: 'mid-download (part of the file in its temp file)',
  point: 'download.partial',
  outcome: 'done',
  posts: 1,
  promises: '[P24][P26][P28]'
}
const POLL_ANSWERED: Cell = {
  moment: 'poll answered before commit',
  point: 'poll.answered',
  outcome: 'done',
  posts: 1,
  promises: '[P24][P25]'
}
const RENAMED: Cell = {
  moment: 'downloaded file renamed into place, its media row not committed',
  point: 'library.renamed',
  outcome: 'done',
  posts: 1,
  promises: '[P24][P28]'
}
const MEDIA_STORED: Cell = {
  moment: 'media row committed, the result row still pending',
  point: 'download.stored',
  outcome: 'done',
  posts: 1,
  promises: '[P24][P28]'
}

const FAMILIES: Family[] = [
  {
    ...V1_B64,
    cells: [
      ROW_WRITTEN,
      CLAIMED,
      HELD,
      ANSWERED,
      {
        moment: 'b64 image renamed into the library, nothing committed for the task',
        point: 'library.renamed',
        outcome: 'attention',
        posts: 1,
        promises: '[P19][P28]'
      }
    ]
  },
  {
    ...V3_URL,
    cells: [ROW_WRITTEN, CLAIMED, HELD, ANSWERED, MID_DOWNLOAD]
  },
  {
    ...V2_TASK,
    cells: [ROW_WRITTEN, CLAIMED, HELD, ANSWERED, POLL_ANSWERED, MID_DOWNLOAD, RENAMED, MEDIA_STORED]
  },
  {
    ...PARTNER_A_STREAM,
    cells: [
      ROW_WRITTEN,
      CLAIMED,
      HELD,
      {
        ...ANSWERED,
        moment: 'whole stream read, not committed as done',
        outcome: 'cutOrAttention',
        promises: '[P19][P21]'
      },
      {
        moment: 'mid-SSE after 1 partial',
        point: 'stream.partial',
        k: 1,
        outcome: 'cut',
        kept: 1,
        posts: 1,
        promises: '[P21][P24]'
      },
      {
        moment: 'mid-SSE after 2 partials',
        point: 'stream.partial',
        k: 2,
        outcome: 'cut',
        kept: 2,
        posts: 1,
        promises: '[P21][P24]'
      },
      {
        moment: 'first partial renamed into the library, its row not committed',
        point: 'library.renamed',
        outcome: 'attention',
        posts: 1,
        promises: '[P19][P21][P28]'
      }
    ]
  },
  {
    ...PARTNER_B,
    cells: [ROW_WRITTEN, CLAIMED, HELD, ANSWERED, MID_DOWNLOAD, MEDIA_STORED]
  },
  {
    ...VIDEO_TASK,
    cells: [ROW_WRITTEN, CLAIMED, HELD, ANSWERED, POLL_ANSWERED, MID_DOWNLOAD]
  },
  {
    name: 'chat stream',
    path: CHAT_PATH,
    images: 0,
    chat: true,
    cells: [
      {
        moment: 'reply row written, request not sent',
        point: 'chat.committed',
        outcome: 'interrupted',
        posts: 0,
        promises: '[P19]'
      },
      { ...HELD, outcome: 'interrupted' },
      {
        moment: 'mid-SSE after 3 events',
        point: 'chat.delta',
        k: 3,
        outcome: 'interrupted',
        posts: 1,
        promises: '[P21]'
      },
      {
        moment: 'whole reply read, final row not written',
        point: 'chat.answered',
        outcome: 'interrupted',
        posts: 1,
        promises: '[P21]'
      }
    ]
  }
]

const SETTLED_JOB = (job: JobView): boolean =>
  !['pending', 'running'].includes(job.status) && job.results.every((r) => r.status !== 'pending')

/** The job once it is settled, from its current state and then its `jobs.updated` events. */
function settled(api: ApiClient, jobId: string): Promise<JobView> {
  return new Promise((resolveJob, reject) => {
    const check = (job: JobView): void => {
      if (job.id !== jobId || !SETTLED_JOB(job)) return
      off()
      resolveJob(job)
    }
    const off = api.on('jobs.updated', check)
    api.invoke('jobs.get', { id: jobId }).then(check, reject)
  })
}

/** Bounded polling of the emulator's request log (it has no events): a POST to `path` still unanswered. */
async function heldPost(emulator: RunningEmulator, path: string, before: number): Promise<void> {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    const held = emulator.requestLog
      .slice(before)
      .some((e) => e.method === 'POST' && e.path === path && e.status === null)
    if (held) return
    await new Promise((resolveWait) => setTimeout(resolveWait, 5))
  }
  throw new Error(`the emulator never received the POST to ${path}`)
}

/**
 * `work` (the crash, or the emulator holding the request) unless the user's command is refused first.
 * Whichever loses may fail later; that is not an error of the test any more.
 */
function unlessRefused<T>(work: Promise<T>, command: Promise<unknown>): Promise<T> {
  const refused = command.then(() => new Promise<never>(() => undefined))
  work.catch(() => undefined)
  refused.catch(() => undefined)
  return Promise.race([work, refused])
}

interface Action {
  cell: Cell
  prompt: string
  /** Chat only: the Idempotency-Key of the reply (`chat-<requestId>`). */
  chatKey?: string
}

function expectOutcome(family: Family, action: Action, job: JobView): void {
  const stored = job.results.filter((r) => r.status === 'stored').length
  const where = `${family.name} / ${action.cell.moment}: ${JSON.stringify({ status: job.status, error: job.error, stored })}`
  switch (action.cell.outcome) {
    case 'done':
      expect(job.status, where).toBe('succeeded')
      expect(stored, where).toBe(family.images)
      break
    case 'attention':
      expect(job.status, where).toBe('needs_attention')
      expect(job.error?.code, where).toBe('outcome_unknown')
      expect(stored, where).toBe(0)
      break
    case 'cut':
      expect(job.status, where).toBe('incomplete')
      expect(job.error?.code, where).toBe('stream_incomplete')
      expect(stored, where).toBe(action.cell.kept)
      break
    case 'cutOrAttention':
      expect(['incomplete', 'needs_attention'], where).toContain(job.status)
      expect(job.error?.code, where).toBe(
        job.status === 'incomplete' ? 'stream_incomplete' : 'outcome_unknown'
      )
      if (job.status === 'needs_attention') expect(stored, where).toBe(0)
      break
    case 'interrupted':
      throw new Error(`${where}: a job cannot end 'interrupted'`)
  }
  // Nothing the gateway delivered is dropped silently: a finished job has every image, any other says so.
  expect(
    job.results.every((r) => r.status === 'stored'),
    where
  ).toBe(true)
}

function describeFamily(family: Family): void {
  describe(family.name, () => {
    const temp = makeTempDir('gs-crash-')
    const dataDir = join(temp.dir, 'data')
    const actions: Action[] = []
    const verified = new Set<string>()
    let emulator: RunningEmulator
    let studio: BackendProcess

    beforeAll(async () => {
      emulator = await startEmulator()
      studio = await spawnBackend(dataDir, `crash matrix: ${family.name}`)
      await connectToEmulatorOverWire(studio.api, emulator)
    })
    afterAll(async () => {
      if (studio) await studio.kill9()
      await emulator?.stop()
      temp.cleanup()
    })

    /** One user action: a job submitted, or a chat message sent. Its command may never answer (the crash). */
    const act = (action: Action): Promise<unknown> => {
      if (family.request) return studio.api.invoke('jobs.submit', { request: family.request(action.prompt) })
      return studio.api.invoke(
        'chat.send',
        chatSend(action.prompt, (action.chatKey ?? '').replace(/^chat-/, ''))
      )
    }

    const checkAfterRestart = async (): Promise<void> => {
      // No lost job: every action so far is there, settled, in the state its cell expects.
      for (const action of actions) {
        if (family.chat) {
          const reply = chatReply(dataDir, action.chatKey ?? '')
          expect(reply, `${action.cell.moment}: reply row`).not.toBeNull()
          const detail = await studio.api.invoke('chat.get', { id: reply?.conversationId ?? '' })
          const message = detail.messages.find((m) => m.id === reply?.id)
          expect(message?.status, action.cell.moment).toBe('interrupted')
        } else {
          const row = jobsByPrompt(dataDir).get(action.prompt)
          expect(row, `${action.cell.moment}: job row`).toBeDefined()
          expectOutcome(family, action, await settled(studio.api, (row as JobRow).id))
        }
      }
      // Exactly the expected create POSTs per action, and never two with one key.
      const posts = postsPerKey(emulator.requestLog, [family.path])
      for (const [key, count] of posts) expect(count, `POSTs with Idempotency-Key ${key}`).toBe(1)
      const rows = family.chat ? null : jobsByPrompt(dataDir)
      for (const action of actions) {
        const keys = family.chat ? [action.chatKey ?? ''] : (rows?.get(action.prompt)?.keys ?? [])
        const sent = keys.reduce((sum, key) => sum + (posts.get(key) ?? 0), 0)
        expect(sent, `${action.cell.moment}: create POSTs`).toBe(action.cell.posts)
      }
      const expectedPosts = actions.reduce((sum, action) => sum + action.cell.posts, 0)
      expect([...posts.values()].reduce((a, b) => a + b, 0)).toBe(expectedPosts)
      // A sound database, every stored file whole, no temp file after the start-up sweep.
      const report = inspectDataFolder(dataDir, verified)
      expect(report.integrity).toBe('ok')
      expect(report.journalMode).toBe('wal')
      expect(report.badFiles).toEqual([])
      expect(await lingeringTempFiles(dataDir)).toEqual([])
    }

    for (const cell of family.cells) {
      const k = cell.k ?? 1
      const how = cell.point === 'held' ? 'kill -9 from outside' : `probe ${cell.point}#${k}`
      it.sequential(`${cell.promises} ${family.name}: ${cell.moment} (${how})`, async () => {
        const action: Action = {
          cell,
          prompt: `${family.name} / ${cell.moment} / ${randomUUID().slice(0, 8)}`,
          ...(family.chat ? { chatKey: `chat-${randomUUID()}` } : {})
        }
        actions.push(action)
        if (cell.point === 'held') {
          const before = emulator.requestLog.length
          emulator.faults.script(`POST ${family.path}`, { delayMs: 120_000 })
          const command = act(action)
          await unlessRefused(heldPost(emulator, family.path, before), command)
          const exit = await studio.kill9()
          emulator.faults.clear(`POST ${family.path}`)
          expect(exit.signal).toBe('SIGKILL')
          expect(exit.gone).toBe(true)
        } else {
          await studio.arm(cell.point, k)
          const command = act(action)
          const exit = await unlessRefused(studio.crashed(cell.point, k), command)
          // The probe wrote where it killed the process; the process died of SIGKILL and is gone.
          expect(exit.crashedAt).toBe(`${cell.point}#${k}`)
          expect(exit.signal).toBe('SIGKILL')
          expect(exit.gone).toBe(true)
        }
        studio = await spawnBackend(dataDir, `crash matrix: ${family.name}`)
        await checkAfterRestart()
      })
    }
  })
}

describe.concurrent('crash matrix: kill -9 at every step of a job, every family, then restart', () => {
  afterAll(killAllBackends)

  for (const family of FAMILIES) describeFamily(family)

  describe('gallery export', () => {
    const temp = makeTempDir('gs-crash-')
    const dataDir = join(temp.dir, 'data')
    const exportsDir = join(dataDir, 'exports')
    /** Exports that ran to their end: the only entries the exports folder may hold. */
    const finished: string[] = []
    let emulator: RunningEmulator
    let studio: BackendProcess

    beforeAll(async () => {
      emulator = await startEmulator()
      studio = await spawnBackend(dataDir, 'crash matrix: export')
      await connectToEmulatorOverWire(studio.api, emulator)
      for (const prompt of ['a harbour', 'a lighthouse', 'a gull']) {
        const job = await studio.api.invoke('jobs.submit', {
          request: { endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt } }
        })
        expect((await settled(studio.api, job.id)).status).toBe('succeeded')
      }
    })
    afterAll(async () => {
      if (studio) await studio.kill9()
      await emulator?.stop()
      temp.cleanup()
    })

    for (const format of ['zip', 'folder'] as const) {
      it.sequential(
        `[P28] export (${format}): killed during an export (probe export.writing#2)`,
        async () => {
          await studio.arm('export.writing', 2)
          const command = studio.api.invoke('gallery.export', {
            selection: { kind: 'filter', filter: {} },
            format
          })
          const exit = await unlessRefused(studio.crashed('export.writing', 2), command)
          expect(exit.crashedAt).toBe('export.writing#2')
          expect(exit.signal).toBe('SIGKILL')
          expect(exit.gone).toBe(true)
          // The half-written export is under its temp name until the restart sweeps it away.
          expect(readdirSync(exportsDir).some((name) => name.includes('.tmp-'))).toBe(true)

          studio = await spawnBackend(dataDir, 'crash matrix: export')
          expect(readdirSync(exportsDir).sort()).toEqual([...finished].sort())
          const report = inspectDataFolder(dataDir)
          expect(report.integrity).toBe('ok')
          expect(report.badFiles).toEqual([])
          expect(report.tempFiles).toEqual([])

          // And the same export, run again to its end, is whole.
          const done = new Promise<string | null>((resolveDone) => {
            const off = studio.api.on('gallery.exportProgress', (progress) => {
              if (progress.status === 'running') return
              off()
              resolveDone(progress.status === 'succeeded' ? progress.path : null)
            })
          })
          await studio.api.invoke('gallery.export', { selection: { kind: 'filter', filter: {} }, format })
          const path = await done
          expect(path).not.toBeNull()
          expect(existsSync(path ?? '')).toBe(true)
          finished.push(basename(path ?? ''))
          expect(readdirSync(exportsDir).sort()).toEqual([...finished].sort())
        }
      )
    }
  })
})
