import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator'
import type { JobView } from '../../src/shared/schemas/jobs'
import { connectToEmulator, startTestBackend, type TestBackend } from './backend'
import { makeTempDir } from './tempDir'

export interface StudioAgainstEmulator {
  emulator: RunningEmulator
  studio: TestBackend
  /** The job once the engine has nothing left to do. */
  finished: (jobId: string) => Promise<JobView>
}

/**
 * Registers the usual hooks of an integration suite: one emulator for the file, a fresh backend on its own
 * data folder per test, connected to the emulator as the active profile. Read the fields inside tests.
 */
export function useStudioAgainstEmulator(
  options: { emulator?: EmulatorOptions; name?: string } = {}
): StudioAgainstEmulator {
  const temp = makeTempDir()
  let run = 0
  const env = {
    finished: async (jobId: string) => {
      await env.studio.backend.engine.waitForIdle()
      return env.studio.api.invoke('jobs.get', { id: jobId })
    }
  } as StudioAgainstEmulator
  beforeAll(async () => {
    env.emulator = await startEmulator(options.emulator)
  })
  afterAll(async () => {
    await env.emulator.stop()
    temp.cleanup()
  })
  beforeEach(async () => {
    env.studio = startTestBackend(temp.dir, `${options.name ?? 'data'}-${run++}`)
    await connectToEmulator(env.studio, env.emulator.baseUrl, env.emulator.keys.ordinary)
    env.emulator.faults.clear()
    env.emulator.clearLog()
  })
  afterEach(async () => {
    await env.studio.backend.close()
  })
  return env
}
