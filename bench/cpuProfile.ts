import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { join } from 'node:path'

/**
 * With `--profile`: records a Node CPU profile of this process around `work` into `<dir>/<name>.cpuprofile`
 * (open it in Chrome DevTools' Performance panel, or VS Code). The benches that run the backend in-process
 * (library, export, partial → visible) see where its main thread goes. Without, just runs `work`.
 */
export async function cpuProfiled<T>(
  profileDir: string | null,
  name: string,
  work: () => Promise<T>
): Promise<T> {
  if (!profileDir) return work()
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 100 })
  await session.post('Profiler.start')
  try {
    return await work()
  } finally {
    const { profile } = await session.post('Profiler.stop')
    writeFileSync(join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile))
    session.disconnect()
  }
}
