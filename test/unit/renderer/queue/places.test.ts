import { beforeEach, describe, expect, it } from 'vitest'
import type { QueueState } from '@shared/schemas/jobGroups'
import type { JobView } from '@shared/schemas/jobs'
import { isActiveJob } from '@renderer/jobs/status'
import { isUnsent } from '@renderer/features/queue/model'
import { placesOf, waitingCount } from '@renderer/features/queue/places'
import { useJobsStore } from '@renderer/store/jobs'
import { job, task } from '../../../helpers/jobViews'
import { seededRandom } from '../../../helpers/random'

beforeEach(() => useJobsStore.setState({ byId: {}, order: [], change: null }))

/** The definitions, counted over everything every time. */
function recount(
  line: QueueState | null,
  byId: Record<string, JobView>
): { places: string[]; waiting: number } {
  const places = (line?.waiting ?? []).filter((id) => {
    const known = byId[id]
    return known === undefined || isUnsent(known)
  })
  const named = new Set(places)
  const extra = Object.values(byId).filter((j) => isActiveJob(j) && isUnsent(j) && !named.has(j.id)).length
  return { places, waiting: places.length + extra }
}

describe('places in line and the waiting count, followed from each change (issue 25)', () => {
  it('match a full recount after every change of the mirror and of the line, in 2,000 random steps', () => {
    const next = seededRandom(25)
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T
    const ids = Array.from({ length: 40 }, (_, i) => `j${i}`)
    const shapes = (id: string, at: number): JobView =>
      pick([
        job({ id, createdAt: at, status: 'pending', tasks: [task({ status: 'pending' })] }),
        job({ id, createdAt: at, status: 'pending', tasks: [task({ status: 'pending', error: null })] }),
        job({ id, createdAt: at, status: 'running', tasks: [task({ status: 'queued' })] }),
        job({ id, createdAt: at, status: 'succeeded' }),
        job({ id, createdAt: at, status: 'cancelled', tasks: [task({ status: 'pending' })] }),
        job({ id, createdAt: at, status: 'needs_attention', tasks: [task({ status: 'submitting' })] })
      ])
    let line: QueueState | null = null
    for (let step = 0; step < 2_000; step++) {
      const store = useJobsStore.getState()
      const roll = next()
      if (roll < 0.35) store.upsert(shapes(pick(ids), step))
      else if (roll < 0.6)
        store.upsertMany(Array.from({ length: 1 + Math.floor(next() * 6) }, () => shapes(pick(ids), step)))
      else if (roll < 0.7) store.remove(pick(ids))
      else if (roll < 0.8) line = { pausedAt: null, waiting: ids.filter(() => next() < 0.4) }
      else if (roll < 0.82) line = null
      else if (roll < 0.84) useJobsStore.setState({ byId: {}, order: [], change: null })
      // Some states are never asked about (two changes between renders): the next answer must still hold.
      if (next() < 0.2) continue
      const mirror = useJobsStore.getState()
      const expected = recount(line, mirror.byId)
      expect([...placesOf(line, mirror).keys()], `step ${step}`).toEqual(expected.places)
      expect(waitingCount(line, mirror), `step ${step}`).toBe(expected.waiting)
    }
  })
})
