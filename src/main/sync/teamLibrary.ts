import { z } from 'zod'
import { Note, Rating } from '../../shared/schemas/gallery'
import { DEVICE_ID, type HybridClock } from './hlc'
import type { Change, ReplicatedState } from './state'

/**
 * What a team library holds, spelled as replicated data: the images (an add-wins set of content hashes,
 * each with an immutable record), the boards (an add-wins set of ids, each with a name), each board's
 * members (an add-wins set per board), and each image's verdict, rating and note (registers). An edit
 * becomes the changes that say it; the view reads the state back as a designer sees it.
 */

export const SHA256 = /^[0-9a-f]{64}$/
const sha256 = z.string().regex(SHA256)

/** What never changes about a shared image: where its bytes are and what made it. */
export const imageRecordSchema = z.object({
  sha256,
  type: z.enum(['image/png', 'image/jpeg', 'image/webp', 'video/mp4']),
  size: z.number().int().nonnegative(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  /** The display name of whoever published it (their device's name by default). */
  author: z.string().max(200),
  createdAt: z.number().int().nonnegative(),
  /** The prompt and model, when the publisher's export profile shares them. */
  prompt: z.string().max(32_000).nullable(),
  model: z.string().max(200).nullable(),
  /**
   * The thumbnail pack that holds its thumbnail (`layout.ts`: the pack put beside segment `seq` of
   * `device`). Absent in records older than packs, and in any a reader cannot follow: the file is fetched.
   */
  thumbs: z.object({ device: z.string().regex(DEVICE_ID), seq: z.number().int().positive() }).optional()
})
export type ImageRecord = z.infer<typeof imageRecordSchema>

export type Verdict = 'kept' | 'rejected'
const verdictSchema = z.enum(['kept', 'rejected']).nullable()
// The gallery's own limits: a rating or note one side takes, the other side takes too.
const ratingSchema = Rating
const noteSchema = Note
const boardNameSchema = z.string().min(1).max(200)
export const BOARD_ID = /^[a-z0-9]{8,40}$/

const IMAGES = 'images'
const BOARDS = 'boards'
const imageEntity = (sha: string): string => `image:${sha}`
const boardEntity = (id: string): string => `board:${id}`

export interface ImageView {
  record: ImageRecord
  verdict: Verdict | null
  rating: number
  note: string
}

export interface BoardView {
  id: string
  name: string
  /** Content hashes of the images on the board that are still in the library, sorted. */
  images: string[]
}

export interface LibraryView {
  images: ImageView[]
  boards: BoardView[]
}

/** Turns a designer's edits into changes stamped by this device's clock. */
export class TeamEdits {
  constructor(
    private readonly state: ReplicatedState,
    private readonly clock: HybridClock,
    private readonly now: () => number
  ) {}

  addImage(record: ImageRecord): Change[] {
    const at = this.clock.next(this.now())
    return [
      { k: 'set', e: imageEntity(record.sha256), f: 'record', v: imageRecordSchema.parse(record), at },
      { k: 'add', s: IMAGES, x: record.sha256, at }
    ]
  }

  deleteImage(sha: string): Change[] {
    return this.remove(IMAGES, sha)
  }

  createBoard(id: string, name: string): Change[] {
    if (!BOARD_ID.test(id)) throw new Error('Not a board id')
    const at = this.clock.next(this.now())
    return [
      { k: 'set', e: boardEntity(id), f: 'name', v: boardNameSchema.parse(name), at },
      { k: 'add', s: BOARDS, x: id, at }
    ]
  }

  renameBoard(id: string, name: string): Change[] {
    return [this.set(boardEntity(id), 'name', boardNameSchema.parse(name))]
  }

  deleteBoard(id: string): Change[] {
    return this.remove(BOARDS, id)
  }

  addToBoard(id: string, sha: string): Change[] {
    return [{ k: 'add', s: boardEntity(id), x: sha, at: this.clock.next(this.now()) }]
  }

  removeFromBoard(id: string, sha: string): Change[] {
    return this.remove(boardEntity(id), sha)
  }

  setVerdict(sha: string, verdict: Verdict | null): Change[] {
    return [this.set(imageEntity(sha), 'verdict', verdictSchema.parse(verdict))]
  }

  setRating(sha: string, rating: number): Change[] {
    return [this.set(imageEntity(sha), 'rating', ratingSchema.parse(rating))]
  }

  setNote(sha: string, note: string): Change[] {
    return [this.set(imageEntity(sha), 'note', noteSchema.parse(note))]
  }

  private set(e: string, f: string, v: unknown): Change {
    return { k: 'set', e, f, v, at: this.clock.next(this.now()) }
  }

  /** A remove cancels the adds this device has seen; with none (never added here), there is nothing to say. */
  private remove(set: string, x: string): Change[] {
    const tags = this.state.liveTags(set, x)
    return tags.length === 0 ? [] : [{ k: 'remove', s: set, x, tags, at: this.clock.next(this.now()) }]
  }
}

/**
 * The library as a designer sees it. A field whose value does not mean anything valid (written by a newer
 * or a broken app) reads as unset, the same way on every device.
 */
/** Images ever added to the location, deleted ones too (their objects stay until a Clean up). */
export const imagesEverAdded = (state: ReplicatedState): number => state.everIn(IMAGES)

export function viewOf(state: ReplicatedState): LibraryView {
  const images: ImageView[] = []
  const present = new Set<string>()
  for (const sha of state.elements(IMAGES)) {
    const entity = imageEntity(sha)
    const record = recordOf(state.get(entity, 'record'))
    if (!record || record.sha256 !== sha) continue
    present.add(sha)
    images.push({
      record,
      verdict: valueOr(verdictSchema, state.get(entity, 'verdict'), null),
      rating: valueOr(ratingSchema, state.get(entity, 'rating'), 0),
      note: valueOr(noteSchema, state.get(entity, 'note'), '')
    })
  }
  const boards: BoardView[] = []
  for (const id of state.elements(BOARDS)) {
    const name = boardNameSchema.safeParse(state.get(boardEntity(id), 'name'))
    if (!name.success) continue
    boards.push({
      id,
      name: name.data,
      images: state.elements(boardEntity(id)).filter((sha) => present.has(sha))
    })
  }
  return { images, boards }
}

/** Records never change once set, so each stored value is checked once (a view is read after every edit). */
const checkedRecords = new WeakMap<object, ImageRecord | null>()

function recordOf(input: unknown): ImageRecord | null {
  if (input === null || typeof input !== 'object') return null
  let record = checkedRecords.get(input)
  if (record === undefined) {
    const parsed = imageRecordSchema.safeParse(input)
    record = parsed.success ? parsed.data : null
    checkedRecords.set(input, record)
  }
  return record
}

function valueOr<T>(schema: z.ZodType<T>, input: unknown, fallback: T): T {
  if (input === undefined) return fallback
  const parsed = schema.safeParse(input)
  return parsed.success ? parsed.data : fallback
}
