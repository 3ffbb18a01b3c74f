import { describe, expect, it } from 'vitest'
import { HybridClock } from '../../../../src/main/sync/hlc'
import { ReplicatedState, type Change } from '../../../../src/main/sync/state'
import { TeamEdits, viewOf, type ImageRecord } from '../../../../src/main/sync/teamLibrary'
import { seededRandom } from '../../../helpers/random'

const record = (n: number): ImageRecord => ({
  sha256: n.toString(16).padStart(64, '0'),
  type: 'image/png',
  size: 10,
  width: 8,
  height: 8,
  author: 'Ana',
  createdAt: 1,
  prompt: null,
  model: null
})

function device(name: string, wall: { t: number }): { state: ReplicatedState; edits: TeamEdits } {
  const state = new ReplicatedState()
  return { state, edits: new TeamEdits(state, new HybridClock(name), () => wall.t++) }
}

function applyAll(state: ReplicatedState, changes: Change[]): void {
  for (const change of changes) state.apply(change)
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j] as T, out[i] as T]
  }
  return out
}

describe('the replicated state', () => {
  it('ends the same whatever order, and however often, the same changes arrive', () => {
    const wall = { t: 1_000 }
    const a = device('devicea1', wall)
    const b = device('deviceb1', wall)
    const changes: Change[] = []
    const run = (d: typeof a, make: (e: TeamEdits) => Change[]): void => {
      const made = make(d.edits)
      applyAll(d.state, made)
      changes.push(...made)
    }
    run(a, (e) => e.addImage(record(1)))
    run(b, (e) => e.addImage(record(2)))
    run(a, (e) => e.createBoard('boarda01', 'Moodboard'))
    run(a, (e) => e.addToBoard('boarda01', record(1).sha256))
    run(b, (e) => e.setRating(record(2).sha256, 4))
    run(a, (e) => e.setNote(record(1).sha256, '好'))
    run(b, (e) => e.setVerdict(record(2).sha256, 'rejected'))
    run(a, (e) => e.renameBoard('boarda01', 'Final'))
    run(a, (e) => e.removeFromBoard('boarda01', record(1).sha256))
    run(a, (e) => e.deleteImage(record(1).sha256))
    const random = seededRandom(7)
    const digests = new Set<string>()
    for (let i = 0; i < 50; i++) {
      const state = new ReplicatedState()
      applyAll(state, shuffled([...changes, ...changes.slice(0, i % changes.length)], random))
      digests.add(state.digest())
    }
    expect(digests.size).toBe(1)
  })

  it('keeps an add made elsewhere while one device removed what it had seen (add wins)', () => {
    const wall = { t: 1_000 }
    const a = device('devicea1', wall)
    const b = device('deviceb1', wall)
    const shared = [...a.edits.createBoard('boarda01', 'Picks'), ...a.edits.addImage(record(1))]
    applyAll(a.state, shared)
    applyAll(b.state, shared)
    const firstAdd = a.edits.addToBoard('boarda01', record(1).sha256)
    applyAll(a.state, firstAdd)
    applyAll(b.state, firstAdd)
    // Offline: A takes the image off the board, B adds it again.
    const removal = a.edits.removeFromBoard('boarda01', record(1).sha256)
    applyAll(a.state, removal)
    const readd = b.edits.addToBoard('boarda01', record(1).sha256)
    applyAll(b.state, readd)
    applyAll(a.state, readd)
    applyAll(b.state, removal)
    expect(viewOf(a.state).boards[0]?.images).toEqual([record(1).sha256])
    expect(a.state.digest()).toBe(b.state.digest())
  })

  it('lets the later of two concurrent renames win on every device', () => {
    const wall = { t: 1_000 }
    const a = device('devicea1', wall)
    const b = device('deviceb1', wall)
    const board = a.edits.createBoard('boarda01', 'Picks')
    applyAll(a.state, board)
    applyAll(b.state, board)
    const first = a.edits.renameBoard('boarda01', 'Early')
    const second = b.edits.renameBoard('boarda01', 'Late')
    applyAll(a.state, [...first, ...second])
    applyAll(b.state, [...second, ...first])
    expect(viewOf(a.state).boards[0]?.name).toBe('Late')
    expect(viewOf(b.state).boards[0]?.name).toBe('Late')
  })

  it('reads a snapshot back into the same state, and merging it twice changes nothing', () => {
    const wall = { t: 1_000 }
    const a = device('devicea1', wall)
    applyAll(a.state, [...a.edits.addImage(record(3)), ...a.edits.setNote(record(3).sha256, 'n')])
    const copy = new ReplicatedState()
    copy.merge(a.state.toJSON())
    copy.merge(a.state.toJSON())
    expect(copy.digest()).toBe(a.state.digest())
  })

  it('shows a field holding nonsense (from a newer or broken app) as unset, the same on every device', () => {
    const state = new ReplicatedState()
    const edits = new TeamEdits(state, new HybridClock('devicea1'), () => 5)
    applyAll(state, edits.addImage(record(4)))
    state.apply({
      k: 'set',
      e: `image:${record(4).sha256}`,
      f: 'rating',
      v: 'five',
      at: '00000000z-0000-devicez9'
    })
    state.apply({ k: 'set', e: 'image:nothex', f: 'record', v: { sha256: 1 }, at: '00000000z-0000-devicez9' })
    state.apply({ k: 'add', s: 'images', x: 'nothex', at: '00000000z-0000-devicez9' })
    expect(viewOf(state).images).toEqual([{ record: record(4), verdict: null, rating: 0, note: '' }])
  })
})
