import { Worker } from 'node:worker_threads'

/**
 * The thread's code, as plain CommonJS run with `eval`: it needs nothing but `node:fs` and `node:path`,
 * and as a string it is the same in the Electron main bundle, the web host's bundle, tsx and vitest, with
 * no build step of its own to keep in line with three bundlers.
 *
 * The jobs that arrived together (a `setImmediate` runs after the messages waiting in the same turn) are
 * done together, each step synchronous on this thread: each temp file opened (`wx`, 0644) and written
 * whole; then each fsynced, closed and renamed over its final name; then each folder they were renamed
 * in fsynced once; only then is each job answered: for every file the same order, and the same promise,
 * as `writeFileAtomic` (RELIABILITY P28). Writing them all before the first fsync lets that fsync's
 * journal commit carry the others' data too, so theirs find little left to do (on ext4, each fsync of a
 * new file is a journal commit, and those commits queue one behind the other for the whole disk). A
 * failed job's temp file is closed and removed.
 */
const SOURCE = String.raw`
'use strict'
const { parentPort } = require('node:worker_threads')
const fs = require('node:fs')
const path = require('node:path')
const UNSUPPORTED = new Set(['EISDIR', 'EPERM', 'EINVAL', 'ENOTSUP', 'EACCES'])
const failure = (error) => ({ message: String(error && error.message), code: error && error.code, syscall: error && error.syscall, path: error && error.path })
let queue = []
let scheduled = false
function syncDir(dir) {
  let fd
  try {
    fd = fs.openSync(dir, 'r')
    fs.fsyncSync(fd)
    return null
  } catch (error) {
    return UNSUPPORTED.has(error && error.code) ? null : failure(error)
  } finally {
    if (fd !== undefined) fs.closeSync(fd)
  }
}
function fail(job, error) {
  if (job.fd !== undefined) try { fs.closeSync(job.fd) } catch {}
  try { fs.unlinkSync(job.temp) } catch {}
  // Bytes handed over go back with the failure, so the caller can still write them another way.
  const returned = job.handedOver ? job.data : undefined
  parentPort.postMessage({ id: job.id, done: true, error: failure(error), steps: job.steps, returned }, returned ? [returned.buffer] : [])
}
function run() {
  scheduled = false
  const jobs = queue
  queue = []
  const written = []
  for (const job of jobs) {
    job.steps = job.trace ? [] : undefined
    try {
      job.fd = fs.openSync(job.temp, 'wx', 0o644)
      if (job.steps) job.steps.push('open ' + job.temp)
      const data = job.data
      let offset = 0
      while (offset < data.length) offset += fs.writeSync(job.fd, data, offset, data.length - offset)
      if (job.steps) job.steps.push('write ' + offset)
      written.push(job)
    } catch (error) {
      fail(job, error)
    }
  }
  const renamed = []
  for (const job of written) {
    try {
      fs.fsyncSync(job.fd)
      if (job.steps) job.steps.push('fsync ' + job.temp)
      fs.closeSync(job.fd)
      job.fd = undefined
      fs.renameSync(job.temp, job.final)
      if (job.steps) job.steps.push('rename ' + job.final)
      if (job.tellRenamed) parentPort.postMessage({ id: job.id, renamed: true })
      renamed.push(job)
    } catch (error) {
      fail(job, error)
    }
  }
  const dirs = new Map()
  for (const job of renamed) {
    const dir = path.dirname(job.final)
    if (!dirs.has(dir)) dirs.set(dir, syncDir(dir))
    const error = dirs.get(dir)
    if (job.steps && !error) job.steps.push('fsync-dir ' + dir)
    parentPort.postMessage({ id: job.id, done: true, error, steps: job.steps })
  }
}
parentPort.on('message', (job) => {
  queue.push(job)
  if (!scheduled) {
    scheduled = true
    setImmediate(run)
  }
})
`

interface Failure {
  message: string
  code?: string
  syscall?: string
  path?: string
}

type Reply =
  | { id: number; renamed: true }
  | { id: number; done: true; error: Failure | null; steps?: string[]; returned?: Uint8Array }

/** A write that failed: the system's error, with the bytes when they had been handed over. */
export interface WriteFailure extends NodeJS.ErrnoException {
  returned?: Uint8Array
}

const FAILED = Symbol('writer thread failure')

export const isWriteFailure = (error: unknown): error is WriteFailure =>
  error instanceof Error && FAILED in error

interface Pending {
  onRenamed?: () => void
  resolve: (steps: string[] | undefined) => void
  reject: (error: Error) => void
}

const asError = (failure: Failure, returned: Uint8Array | undefined): WriteFailure =>
  Object.assign(new Error(failure.message), {
    code: failure.code,
    syscall: failure.syscall,
    path: failure.path,
    returned,
    [FAILED]: true
  })

/**
 * One thread that writes small files atomically for the library. Through `fs/promises` an atomic write is
 * eight thread-pool round trips (open, write, fsync, close, rename, and the folder's open, fsync, close),
 * each answered on the main thread; in a streamed burst that thread is reading the stream, so every step
 * waited for it. One image's write took 14–27 ms for 1 ms of disk (strace of the partner-a bench). Here a
 * write is one message out and one back.
 *
 * The thread is made on the first write and does not keep the process alive while nothing is being written.
 */
export class WriterThread {
  private worker: Worker | null = null
  private readonly pending = new Map<number, Pending>()
  private nextId = 1

  /**
   * Writes `data` to `temp`, renames it to `final` (same folder, which must exist and be durable) and fsyncs
   * the folder. `onRenamed` as `writeFileAtomic`'s. `handOver`: the caller will not read `data` again, so
   * its memory is moved to the thread (when `data` is the whole of it), and given back with a failure. With
   * `trace`, answers the steps taken, in order (tests).
   */
  write(
    temp: string,
    final: string,
    data: Uint8Array,
    options: { onRenamed?: () => void; handOver?: boolean; trace?: boolean } = {}
  ): Promise<string[] | undefined> {
    const worker = this.thread()
    const id = this.nextId++
    // Moved, not copied, when the caller gives the bytes up and they are the whole of their memory.
    const handedOver =
      options.handOver === true &&
      data.buffer instanceof ArrayBuffer &&
      data.byteOffset === 0 &&
      data.byteLength === data.buffer.byteLength
    return new Promise((resolve, reject) => {
      this.pending.set(id, { onRenamed: options.onRenamed, resolve, reject })
      if (this.pending.size === 1) worker.ref()
      worker.postMessage(
        {
          id,
          temp,
          final,
          data,
          handedOver,
          tellRenamed: options.onRenamed !== undefined,
          trace: options.trace === true
        },
        handedOver ? [data.buffer] : []
      )
    })
  }

  /** Ends the thread; writes under way are answered with an error. */
  async close(): Promise<void> {
    const worker = this.worker
    this.worker = null
    if (worker) await worker.terminate()
  }

  private thread(): Worker {
    if (this.worker) return this.worker
    // No flags of the process's own: one like `--input-type=module` would make this CommonJS code a module.
    const worker = new Worker(SOURCE, { eval: true, execArgv: [] })
    worker.unref()
    worker.on('message', (reply: Reply) => this.answer(reply))
    const fail = (error: Error): void => {
      if (this.worker === worker) this.worker = null
      for (const job of this.pending.values()) job.reject(error)
      this.pending.clear()
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`the file writer stopped (exit code ${code})`)))
    this.worker = worker
    return worker
  }

  private answer(reply: Reply): void {
    const job = this.pending.get(reply.id)
    if (!job) return
    if ('renamed' in reply) {
      job.onRenamed?.()
      return
    }
    this.pending.delete(reply.id)
    if (this.pending.size === 0) this.worker?.unref()
    if (reply.error) job.reject(asError(reply.error, reply.returned))
    else job.resolve(reply.steps)
  }
}
