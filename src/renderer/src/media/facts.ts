import type { TFunction } from 'i18next'
import type { ResultView } from '@shared/schemas/jobs'
import { currentT, numberWords } from '../ui/words'

/** Bytes in B, KB, MB or GB: the symbols are the same in every language, the number is as it speaks. */
export function formatBytes(bytes: number, t: TFunction = currentT): string {
  if (bytes < 1024) return `${numberWords(t, bytes)} B`
  if (bytes < 1024 * 1024) return `${numberWords(t, bytes / 1024, { maximumFractionDigits: 0 })} KB`
  const tenths = { minimumFractionDigits: 1, maximumFractionDigits: 1 }
  // An upload of a few videos reads "1.2 GB", not "1,228.8 MB".
  if (bytes < 1024 ** 3) return `${numberWords(t, bytes / 1024 / 1024, tenths)} MB`
  return `${numberWords(t, bytes / 1024 ** 3, tenths)} GB`
}

/** A clip's length: seconds under a minute ("8.4 s", 8.4 秒), else minutes and seconds ("1:05"). */
export function formatSeconds(ms: number, t: TFunction = currentT): string {
  const seconds = ms / 1000
  if (seconds < 60) {
    const digits = seconds < 10 ? 1 : 0
    const value = numberWords(t, seconds, { minimumFractionDigits: digits, maximumFractionDigits: digits })
    return t('media.facts.seconds', { seconds: value })
  }
  const time = `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`
  return t('media.facts.minutes', { time })
}

/** Size, duration and weight of a stored result, as the library measured them. */
export function mediaFacts(result: ResultView, t: TFunction = currentT): string[] {
  const facts: string[] = []
  if (result.width !== null && result.height !== null) facts.push(`${result.width} × ${result.height}`)
  if (result.durationMs !== null) facts.push(formatSeconds(result.durationMs, t))
  if (result.bytes !== null) facts.push(formatBytes(result.bytes, t))
  return facts
}
