import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { MediaStore } from '../../../../src/main/library/mediaStore'
import { seededRandom } from '../../../helpers/random'
import {
  expectedShas,
  interleave,
  lostImages,
  simDevice,
  type SimDevice,
  type SimLedger
} from '../../../helpers/teamSim'

/**
 * Interleavings run against a real location: 3 in `npm test` (each is 3 to 10 seconds of real requests);
 * `npm run soak:sync` runs the promise's full 100 on every location type.
 */
export function locationInterleavings(inTests = 3): number {
  const asked = Number(process.env.GS_SYNC_INTERLEAVINGS)
  return Number.isInteger(asked) && asked > 0 ? asked : inTests
}

/**
 * How long a location's run may take: 30 minutes, or 60 s an interleaving when more are asked for (the
 * soak's 100 through a WebDAV server take longer than 30 minutes on a busy 2-core machine, without
 * anything being wrong).
 */
export function locationTimeout(interleavings: number): number {
  return Math.max(1_800_000, interleavings * 60_000)
}

/** Emptying a location after 100 runs (hundreds of thousands of files) outlasts vitest's 30 s for a hook. */
export const CLEANUP_TIMEOUT_MS = 600_000

export interface ConvergenceOptions {
  interleavings: number
  edits: number
  seed: number
  timeout: number
  /** Writes the location saw that replaced an object (counted by the server where it can say). */
  overwrites?: () => number
}

/**
 * The team library's promise (RELIABILITY P42) on one location type: two devices, each making `edits`
 * random offline edits, synced through the location in `interleavings` random orders, end in identical
 * states with every image nobody deleted present and whole. `fresh` gives an empty location each time.
 */
export function convergenceSuite(
  name: string,
  fresh: (run: number) => Promise<MediaStore> | MediaStore,
  options: ConvergenceOptions
): void {
  describe(`two devices syncing through ${name} [P42]`, () => {
    it(
      `converge in ${options.interleavings} of ${options.interleavings} random interleavings of ${options.edits} offline edits each, losing no image`,
      async () => {
        let converged = 0
        const failures: string[] = []
        for (let run = 0; run < options.interleavings; run++) {
          const seed = options.seed + run * 7919
          const store = await fresh(run)
          let wall = 1_800_000_000_000
          const now = (): number => (wall += 1 + (run % 3))
          const ledger: SimLedger = { added: new Map(), deleted: new Set() }
          const run36 = run.toString(36).padStart(4, '0')
          const [a, b] = (['a', 'b'] as const).map((name, i) =>
            simDevice(`device${name}${run36}`, store, seed + 1 + i, options.edits, now)
          ) as [SimDevice, SimDevice]
          await interleave([a, b], ledger, seededRandom(seed))
          const expected = expectedShas(ledger)
          const shown = a.replica
            .view()
            .images.map((image) => image.record.sha256)
            .sort()
          const lost = await lostImages(store, ledger, shown)
          lost.push(...(await misnamedObjects(store)))
          const same = a.replica.digest() === b.replica.digest()
          if (same && lost.length === 0 && JSON.stringify(shown) === JSON.stringify(expected)) converged++
          else
            failures.push(
              `seed ${seed}: same state ${same}, lost ${lost.length}, shown ${shown.length} of ${expected.length}`
            )
        }
        expect(failures).toEqual([])
        expect(options.overwrites?.() ?? 0).toBe(0)
        expect(converged).toBe(options.interleavings)
      },
      options.timeout
    )
  })
}

/** Objects whose bytes are not what their key names (a sign one was written over): none may exist. */
async function misnamedObjects(store: MediaStore): Promise<string[]> {
  const wrong: string[] = []
  for await (const { key } of store.list('objects/')) {
    const bytes = await store.read(key)
    const name = key.split('/').pop()?.split('.')[0]
    if (!bytes || createHash('sha256').update(bytes).digest('hex') !== name) wrong.push(key)
  }
  return wrong
}
