/**
 * A hybrid logical clock: every change a device makes gets a stamp that orders after everything that device
 * has seen (its own changes and every change it read from others), stays close to the wall clock, and never
 * equals another device's stamp (the device id is part of it). Last-writer-wins compares these stamps, so
 * "last" means last in what the writer knew, not by whichever computer's clock runs fast.
 *
 * A stamp is a fixed-width string that sorts as it orders: wall ms (9 base-36 digits, good past the year
 * 5000), a counter for changes within one ms (4 base-36 digits), then the device id.
 */
export type Stamp = string

const WALL_DIGITS = 9
const COUNT_DIGITS = 4
const MAX_COUNT = 36 ** COUNT_DIGITS - 1
/** A remote wall this far ahead of ours is a wrong clock, not news: we do not follow it there. */
const MAX_AHEAD_MS = 24 * 60 * 60 * 1000

/** A device id: lowercase letters and digits, as a location's key segment allows. */
export const DEVICE_ID = /^[a-z0-9]{8,32}$/
export const STAMP = /^[0-9a-z]{9}-[0-9a-z]{4}-[a-z0-9]{8,32}$/

export interface StampParts {
  wall: number
  count: number
  device: string
}

export function formatStamp({ wall, count, device }: StampParts): Stamp {
  return `${wall.toString(36).padStart(WALL_DIGITS, '0')}-${count.toString(36).padStart(COUNT_DIGITS, '0')}-${device}`
}

export function parseStamp(stamp: Stamp): StampParts {
  if (!STAMP.test(stamp)) throw new Error(`Not a clock stamp: ${JSON.stringify(stamp.slice(0, 60))}`)
  return {
    wall: parseInt(stamp.slice(0, WALL_DIGITS), 36),
    count: parseInt(stamp.slice(WALL_DIGITS + 1, WALL_DIGITS + 1 + COUNT_DIGITS), 36),
    device: stamp.slice(WALL_DIGITS + COUNT_DIGITS + 2)
  }
}

export class HybridClock {
  private wall = 0
  private count = 0

  /** `last`: the newest stamp this device issued or saw, kept across restarts so time never goes back. */
  constructor(
    readonly device: string,
    last?: Stamp
  ) {
    if (!DEVICE_ID.test(device)) throw new Error(`Not a device id: ${JSON.stringify(device.slice(0, 40))}`)
    if (last !== undefined) this.observe(last, 0)
  }

  /** A stamp for a change made now (`physical`: the wall clock in ms). */
  next(physical: number): Stamp {
    if (physical > this.wall) {
      this.wall = physical
      this.count = 0
    } else if (this.count < MAX_COUNT) {
      this.count++
    } else {
      // 1.7 million changes in one millisecond: borrow the next one rather than repeat a stamp.
      this.wall++
      this.count = 0
    }
    return this.stamp()
  }

  /** Takes in a stamp read from another device, so our next change orders after it. */
  observe(stamp: Stamp, physical: number): void {
    const seen = parseStamp(stamp)
    const wall = Math.min(seen.wall, Math.max(physical, this.wall) + MAX_AHEAD_MS)
    if (wall > this.wall) {
      this.wall = wall
      this.count = wall === seen.wall ? seen.count : 0
    } else if (wall === this.wall && seen.count > this.count) {
      this.count = seen.count
    }
  }

  /** The newest stamp issued or seen (to keep across restarts). */
  stamp(): Stamp {
    return formatStamp({ wall: this.wall, count: this.count, device: this.device })
  }
}
