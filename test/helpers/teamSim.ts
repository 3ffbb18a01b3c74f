import { createHash } from 'node:crypto'
import type { MediaStore } from '../../src/main/library/mediaStore'
import { objectKey } from '../../src/main/sync/layout'
import { MemoryJournal } from '../../src/main/sync/memoryJournal'
import { Replica, type ImageBytes, type ReplicaJournal } from '../../src/main/sync/replica'
import type { ImageRecord, LibraryView, TeamEdits } from '../../src/main/sync/teamLibrary'
import { seededRandom } from './random'

/**
 * Two (or more) devices editing one team location offline and syncing in a random order: the driver of the
 * convergence tests, the same for every location type.
 */

export interface SimDevice {
  id: string
  journal: ReplicaJournal
  replica: Replica
  /** The bytes of images made on this device (what its library holds). */
  images: Map<string, { original: Buffer }>
  random: () => number
  editsLeft: number
  boardsMade: number
  /** The view edits pick their targets from, read again every few edits (a stale pick is still an edit). */
  seen: { view: LibraryView; age: number } | null
}

/** What every device did, to check the merged result against. */
export interface SimLedger {
  added: Map<string, Buffer>
  deleted: Set<string>
}

export function simDevice(
  id: string,
  store: MediaStore,
  seed: number,
  edits: number,
  now: () => number,
  journal: ReplicaJournal = new MemoryJournal(id)
): SimDevice {
  const images = new Map<string, { original: Buffer }>()
  const bytes: ImageBytes = {
    original: (sha) => Promise.resolve(images.get(sha)?.original ?? null)
  }
  return {
    id,
    journal,
    replica: new Replica(id, journal, store, bytes, now),
    images,
    random: seededRandom(seed),
    editsLeft: edits,
    boardsMade: 0,
    seen: null
  }
}

/** The device after a kill -9: a new replica on what its journal holds (or a journal opened anew). */
export function restart(
  device: SimDevice,
  store: MediaStore,
  now: () => number,
  journal?: ReplicaJournal
): void {
  if (journal) device.journal = journal
  const bytes: ImageBytes = {
    original: (sha) => Promise.resolve(device.images.get(sha)?.original ?? null)
  }
  device.replica = new Replica(device.id, device.journal, store, bytes, now)
}

const pick = <T>(random: () => number, items: readonly T[]): T | undefined =>
  items.length === 0 ? undefined : items[Math.floor(random() * items.length)]

/** One random edit of the kinds a designer makes: new images, deletes, boards, verdicts, stars, notes. */
export function randomEdit(device: SimDevice, ledger: SimLedger): void {
  const { random, replica } = device
  if (!device.seen || device.seen.age++ >= 8) device.seen = { view: replica.view(), age: 0 }
  const { view } = device.seen
  const shas = view.images.map((image) => image.record.sha256)
  const boards = view.boards
  const roll = random()
  let make: (edits: TeamEdits) => ReturnType<TeamEdits['addImage']>
  if (roll < 0.15 || shas.length === 0) {
    const original = Buffer.from(Array.from({ length: 48 }, () => Math.floor(random() * 256)))
    const sha256 = createHash('sha256').update(original).digest('hex')
    device.images.set(sha256, { original })
    ledger.added.set(sha256, original)
    const record: ImageRecord = {
      sha256,
      type: 'image/png',
      size: original.length,
      width: 64,
      height: 64,
      author: device.id,
      createdAt: 1_700_000_000_000,
      prompt: `a prompt from ${device.id}`,
      model: 'model-x'
    }
    make = (edits) => edits.addImage(record)
  } else if (roll < 0.2) {
    const sha = pick(random, shas) ?? ''
    ledger.deleted.add(sha)
    make = (edits) => edits.deleteImage(sha)
  } else if (roll < 0.25 || boards.length === 0) {
    const id = `${device.id}b${device.boardsMade++}`
    make = (edits) => edits.createBoard(id, `Board ${id}`)
  } else if (roll < 0.3) {
    const board = pick(random, boards)
    const name = `Renamed ${Math.floor(random() * 1e6)}`
    make = (edits) => (board ? edits.renameBoard(board.id, name) : [])
  } else if (roll < 0.32) {
    const board = pick(random, boards)
    make = (edits) => (board ? edits.deleteBoard(board.id) : [])
  } else if (roll < 0.57) {
    const board = pick(random, boards)
    const sha = pick(random, shas)
    make = (edits) => (board && sha ? edits.addToBoard(board.id, sha) : [])
  } else if (roll < 0.67) {
    const board = pick(random, boards)
    const sha = board ? pick(random, board.images) : undefined
    make = (edits) => (board && sha ? edits.removeFromBoard(board.id, sha) : [])
  } else if (roll < 0.8) {
    const sha = pick(random, shas) ?? ''
    const verdict = pick(random, ['kept', 'rejected', null] as const) ?? null
    make = (edits) => edits.setVerdict(sha, verdict)
  } else if (roll < 0.9) {
    const sha = pick(random, shas) ?? ''
    const rating = Math.floor(random() * 6)
    make = (edits) => edits.setRating(sha, rating)
  } else {
    const sha = pick(random, shas) ?? ''
    const note = `note ${Math.floor(random() * 1e6)} 中文`
    make = (edits) => edits.setNote(sha, note)
  }
  replica.edit(make)
  device.editsLeft--
}

export type SimStep = 'edit' | 'push' | 'pull'

/**
 * Runs one random interleaving to the end: each step one device edits a run of up to 60 changes, pushes,
 * or pulls; then both push and pull until nothing is left to send. `between` runs after every step (a
 * place to kill and restart a device).
 */
export async function interleave(
  devices: SimDevice[],
  ledger: SimLedger,
  random: () => number,
  between?: (device: SimDevice, step: SimStep) => Promise<void> | void
): Promise<void> {
  while (devices.some((device) => device.editsLeft > 0)) {
    const device = pick(random, devices)
    if (!device) break
    const roll = random()
    const step: SimStep = roll < 0.6 ? 'edit' : roll < 0.8 ? 'push' : 'pull'
    if (step === 'edit') {
      const run = 1 + Math.floor(random() * 60)
      for (let i = 0; i < run && device.editsLeft > 0; i++) randomEdit(device, ledger)
    } else if (step === 'push') await device.replica.push()
    else await device.replica.pull()
    await between?.(device, step)
  }
  for (const device of devices) await device.replica.push()
  for (const device of devices) await device.replica.pull()
}

/** What a merged library must be: every image added and deleted by nobody present, with its bytes whole. */
export function expectedShas(ledger: SimLedger): string[] {
  return [...ledger.added.keys()].filter((sha) => !ledger.deleted.has(sha)).sort()
}

/** Images of the view whose object in the location is missing or differs from what was added. */
export async function lostImages(store: MediaStore, ledger: SimLedger, shas: string[]): Promise<string[]> {
  const lost: string[] = []
  for (const sha of shas) {
    const stored = await store.read(objectKey(sha, 'image/png'))
    const original = ledger.added.get(sha)
    if (!stored || !original || !Buffer.from(stored).equals(original)) lost.push(sha)
  }
  return lost
}
