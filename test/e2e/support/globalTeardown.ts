import { execFileSync } from 'node:child_process'

/** The processes still running whose command line names an e2e data folder: ExifTool, its guard, a host. */
function leftovers(): string[] {
  try {
    const found = execFileSync('pgrep', ['-af', 'gs-e2e-'], { encoding: 'utf8' }).trim()
    return found === '' ? [] : found.split('\n')
  } catch {
    return [] // pgrep exits 1 when nothing matches
  }
}

/**
 * Every test stops what it started: a web host left running, or an ExifTool process that outlived the
 * host that started it, fails the run. A guard's watcher may take a second to see its host gone.
 */
export default async function globalTeardown(): Promise<void> {
  const deadline = Date.now() + 5_000
  while (leftovers().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250))
  const left = leftovers()
  if (left.length > 0) throw new Error(`processes left running after the e2e tests:\n${left.join('\n')}`)
}
