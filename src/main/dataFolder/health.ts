import { randomBytes } from 'node:crypto'
import { rm, statfs, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { StorageState } from '../../shared/schemas/app'
import { storageFaultOf, type StorageFault } from './storageFaults'

/** Free space under which a full disk is still full (ours): room for a few results and their rows. */
const ROOM_BYTES = 16 * 1024 * 1024

export interface StorageHealthOptions {
  dataDir: string
  /** Told each time the state changes (a fault found, or gone). */
  onChange: (state: StorageState) => void
  /** How often a faulted disk is looked at again, to clear the banner once it is fine (ours). */
  probeEveryMs?: number
  onError?: (message: string, error: unknown) => void
}

/**
 * The data folder's disk as the app's writes find it (RELIABILITY P47). Any layer that fails to write
 * reports the error here; a full, read-only or failing disk becomes one state, said once (a banner), not
 * once per job. While it lasts the disk is looked at every few seconds; once there is room again (or a
 * probe file can be written) the state clears, and the work held up resumes on its own schedule.
 */
export class StorageHealth {
  private state: StorageState = null
  private timer: ReturnType<typeof setInterval> | null = null
  private probing = false

  constructor(private readonly options: StorageHealthOptions) {}

  current(): StorageState {
    return this.state
  }

  /** The fault `error` shows, now the app's state, or null when it is not about the disk. */
  report(error: unknown): StorageFault | null {
    const fault = storageFaultOf(error)
    if (fault === null) return null
    if (this.state?.fault !== fault) {
      this.state = { fault, path: this.options.dataDir }
      this.options.onChange(this.state)
    }
    this.timer ??= setInterval(() => void this.probe(), this.options.probeEveryMs ?? 5_000)
    this.timer.unref()
    return fault
  }

  /** A write just worked: whatever was wrong is not any more. */
  recovered(): void {
    if (this.state === null) return
    this.state = null
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    this.options.onChange(null)
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }

  private async probe(): Promise<void> {
    if (this.probing || this.state === null) return
    this.probing = true
    try {
      if (this.state.fault === 'full') {
        const disk = await statfs(this.options.dataDir)
        if (disk.bavail * disk.bsize < ROOM_BYTES) return
      }
      const file = join(this.options.dataDir, `.probe-${randomBytes(6).toString('hex')}`)
      await writeFile(file, 'ok')
      await rm(file, { force: true })
      this.recovered()
    } catch (error) {
      if (storageFaultOf(error) === null) this.options.onError?.('looking at the disk failed', error)
    } finally {
      this.probing = false
    }
  }
}
