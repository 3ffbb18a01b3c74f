/** Figures in the words a designer reads: sizes, dates, counts and usage. */

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const dayOnly = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric'
})

export const formatDateTime = (at: number): string => dateTime.format(at)

/** `2025-05-01` (a usage day key) as "Thu, 1 May 2025". */
export function formatDay(key: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key)
  return m ? dayOnly.format(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : key
}

export const plural = (n: number, word: string, many = `${word}s`): string =>
  `${n.toLocaleString()} ${n === 1 ? word : many}`
