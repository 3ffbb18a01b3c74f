import { createHash } from 'node:crypto'
import { z } from 'zod'
import { STAMP, type Stamp } from './hlc'

/**
 * The shared state of one team location, as a join of two kinds of replicated data (docs/ARCHITECTURE.md
 * §6.1): registers (one value per entity and field, the write with the greatest stamp wins) and add-wins
 * sets (an element is in the set while one of its adds has not been removed; a remove names the adds its
 * device had seen, so an add made concurrently elsewhere survives it). Applying a change, or merging two
 * states, is commutative, associative and idempotent: any two devices that have read the same changes, in
 * any order and any number of times, hold the same state. Removed adds stay as tombstones so a late
 * change can never bring back what a device removed after seeing it.
 */

const NAME = z.string().min(1).max(200)
const stamp = z.string().regex(STAMP)
/** A register's value: any JSON; the library view checks each field's meaning when it reads one. */
const value = z.unknown()

export const changeSchema = z.discriminatedUnion('k', [
  z.object({ k: z.literal('set'), e: NAME, f: NAME, v: value, at: stamp }),
  z.object({ k: z.literal('add'), s: NAME, x: NAME, at: stamp }),
  z.object({ k: z.literal('remove'), s: NAME, x: NAME, tags: z.array(stamp).max(10_000), at: stamp })
])
export type Change = z.infer<typeof changeSchema>

interface Register {
  v: unknown
  at: Stamp
}

interface Member {
  adds: Set<Stamp>
  removes: Set<Stamp>
}

/** The JSON a snapshot keeps: every register, every set member with its adds and removed adds. */
export const stateJsonSchema = z.object({
  registers: z.array(z.tuple([NAME, NAME, value, stamp])),
  members: z.array(z.tuple([NAME, NAME, z.array(stamp), z.array(stamp)]))
})
export type StateJson = z.infer<typeof stateJsonSchema>

const SEP = '\u0000'

export class ReplicatedState {
  private readonly registers = new Map<string, Register>()
  private readonly sets = new Map<string, Map<string, Member>>()

  /** Takes in one change; false when it changed nothing (seen before, or older than what is held). */
  apply(change: Change): boolean {
    switch (change.k) {
      case 'set': {
        const key = change.e + SEP + change.f
        const held = this.registers.get(key)
        if (held && held.at >= change.at) return false
        this.registers.set(key, { v: change.v, at: change.at })
        return true
      }
      case 'add': {
        const member = this.member(change.s, change.x)
        if (member.adds.has(change.at)) return false
        member.adds.add(change.at)
        return true
      }
      case 'remove': {
        const member = this.member(change.s, change.x)
        let changed = false
        for (const tag of change.tags) {
          if (!member.removes.has(tag)) {
            member.removes.add(tag)
            changed = true
          }
        }
        return changed
      }
    }
  }

  /** The value of a field, or undefined when none was ever set. */
  get(entity: string, field: string): unknown {
    return this.registers.get(entity + SEP + field)?.v
  }

  has(set: string, element: string): boolean {
    const member = this.sets.get(set)?.get(element)
    return member !== undefined && live(member)
  }

  /** The elements now in `set`, sorted. */
  elements(set: string): string[] {
    const out: string[] = []
    for (const [element, member] of this.sets.get(set) ?? []) if (live(member)) out.push(element)
    return out.sort()
  }

  /** How many elements `set` has ever had, removed ones included. */
  everIn(set: string): number {
    return this.sets.get(set)?.size ?? 0
  }

  /** The adds of `element` a remove made now would cancel (those this device has seen and not removed). */
  liveTags(set: string, element: string): Stamp[] {
    const member = this.sets.get(set)?.get(element)
    if (!member) return []
    return [...member.adds].filter((tag) => !member.removes.has(tag)).sort()
  }

  /** Merges a state read from a snapshot into this one (the same join as applying its changes). */
  merge(json: StateJson): void {
    for (const [e, f, v, at] of json.registers) this.apply({ k: 'set', e, f, v, at })
    for (const [s, x, adds, removes] of json.members) {
      const member = this.member(s, x)
      for (const tag of adds) member.adds.add(tag)
      for (const tag of removes) member.removes.add(tag)
    }
  }

  /** The whole state, in a canonical order (two equal states give byte-equal JSON). */
  toJSON(): StateJson {
    const registers: StateJson['registers'] = [...this.registers]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, { v, at }]) => {
        const [e = '', f = ''] = key.split(SEP)
        return [e, f, v, at]
      })
    const members: StateJson['members'] = []
    for (const s of [...this.sets.keys()].sort()) {
      const set = this.sets.get(s)
      if (!set) continue
      for (const x of [...set.keys()].sort()) {
        const member = set.get(x)
        if (member) members.push([s, x, [...member.adds].sort(), [...member.removes].sort()])
      }
    }
    return { registers, members }
  }

  /** A hash of the canonical state: equal digests, equal states. */
  digest(): string {
    return createHash('sha256').update(canonicalJson(this.toJSON())).digest('hex')
  }

  private member(set: string, element: string): Member {
    let members = this.sets.get(set)
    if (!members) this.sets.set(set, (members = new Map<string, Member>()))
    let member = members.get(element)
    if (!member) members.set(element, (member = { adds: new Set(), removes: new Set() }))
    return member
  }
}

function live(member: Member): boolean {
  for (const tag of member.adds) if (!member.removes.has(tag)) return true
  return false
}

/** JSON with object keys sorted, so equal values serialize to equal bytes. */
export function canonicalJson(input: unknown): string {
  return JSON.stringify(input, (_key, val: unknown) =>
    val !== null && typeof val === 'object' && !Array.isArray(val)
      ? Object.fromEntries(
          Object.entries(val as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1))
        )
      : val
  )
}
