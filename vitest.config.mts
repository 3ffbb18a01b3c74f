import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { availableParallelism } from 'node:os'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The files that take longest (seconds on CI, slowest first). Vitest runs the slowest first only once it
 * has timed them; a fresh clone has no timings and goes by file size, so a small file that takes 38 s
 * started last and ran alone at the end while the other worker sat idle. A file missing here is only
 * ordered as Vitest would order it, so the list can lag behind without harm.
 */
const SLOWEST = [
  'test/integration/jobs/crashMatrix.test.ts', // 104
  'test/integration/web/commandFuzz.test.ts', // 97
  'test/unit/main/sync/convergenceWebdav.test.ts', // 38
  'test/integration/locations/syncCrash.test.ts', // 33
  'test/integration/locations/cleanUp.test.ts', // 25
  'test/unit/main/sync/convergenceS3.test.ts', // 23
  'test/unit/main/sync/convergence.test.ts', // 22
  'test/unit/main/gateway/sse.test.ts', // 21
  'test/integration/web/backpressure.test.ts', // 21
  'test/integration/jobs/crash.test.ts', // 19
  'test/integration/dataFolder/startProblems.test.ts', // 19
  'test/integration/gateway/retry.test.ts', // 16
  'test/integration/provenance/export.test.ts', // 16
  'test/unit/tooling/packaging/package.test.ts', // 14
  'test/unit/tooling/layers.test.ts', // 14
  'test/integration/jobs/engine.test.ts', // 13
  'test/unit/main/sync/convergenceAppendOnly.test.ts', // 13
  'test/unit/main/sync/replica.test.ts', // 12
  'test/unit/main/locations/s3Store.test.ts' // 11
]

/** Vitest's own order, with the files of `SLOWEST` moved to the front in that order. */
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (file: TestSpecification): number => {
      const at = SLOWEST.indexOf(relative(this.ctx.config.root, file.moduleId).split('\\').join('/'))
      return at < 0 ? SLOWEST.length : at
    }
    // Array sort is stable: every other file keeps Vitest's place for it.
    return sorted.sort((a, b) => rank(a) - rank(b))
  }
}

export default defineConfig({
  resolve: {
    alias: {
      '@renderer': fileURLToPath(new URL('./src/renderer/src', import.meta.url)),
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url))
    }
  },
  test: {
    // Vitest's default (one worker fewer than the cores) is a single worker on our 2-core machines, and
    // most of the suite waits on sockets, child processes and timers: two workers took the run from
    // 10.3 to 7.1 minutes here, all green.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The slowest files start first even on a fresh clone, so neither worker ends the run alone with one.
    sequence: { sequencer: SlowestFirst },
    // `default` keeps the console output as it was; `json` keeps the last results for `npm run promises`.
    reporters: ['default', 'json'],
    outputFile: { json: '.test-results/vitest.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
          exclude: ['test/unit/renderer/**'],
          // Fails the run if a test leaves a spawned backend process alive (test/helpers/processRegistry.ts).
          globalSetup: ['test/helpers/processRegistry.ts'],
          // s3rver (test/helpers/s3Server.ts) makes a listing's continuation token with DES, which OpenSSL 3
          // keeps in its legacy provider: without it any listing of more than 1,000 keys failed.
          execArgv: ['--openssl-legacy-provider'],
          testTimeout: 30_000,
          hookTimeout: 30_000
        }
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['test/unit/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['test/unit/renderer/setup.ts']
        }
      }
    ]
  }
})
