import { defineConfig } from 'vitest/config'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'

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
