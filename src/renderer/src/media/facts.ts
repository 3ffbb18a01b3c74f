import type { ResultView } from '@shared/schemas/jobs'

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

export function formatSeconds(ms: number): string {
  const seconds = ms / 1000
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`
  return `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')} min`
}

/** Size, duration and weight of a stored result, as the library measured them. */
export function mediaFacts(result: ResultView): string[] {
  const facts: string[] = []
  if (result.width !== null && result.height !== null) facts.push(`${result.width} × ${result.height}`)
  if (result.durationMs !== null) facts.push(formatSeconds(result.durationMs))
  if (result.bytes !== null) facts.push(formatBytes(result.bytes))
  return facts
}
