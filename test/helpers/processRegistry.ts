import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REGISTRY_ENV, registeredSurvivors } from './spawnBackend'

/**
 * Vitest global setup (issue 11): `spawnBackend` records every backend process it starts in a folder named
 * by GS_PROCESS_REGISTRY (forked test workers inherit the variable). At the end of the run, any of them
 * still alive is killed and the run fails, listing them: a crash test that leaves a backend behind was
 * not testing what it claimed.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'gs-pids-'))
  process.env[REGISTRY_ENV] = dir
  return () => {
    const survivors = registeredSurvivors(dir)
    for (const { pid } of survivors) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // Gone in the meantime: nothing left to kill.
      }
    }
    rmSync(dir, { recursive: true, force: true })
    if (survivors.length > 0) {
      // A throw here is only logged by vitest; the exit code is what makes the run fail.
      process.exitCode = 1
      throw new Error(
        `${survivors.length} backend process(es) outlived the tests (now killed):\n` +
          survivors.map(({ pid, label }) => `  pid ${pid}  ${label}`).join('\n')
      )
    }
  }
}
