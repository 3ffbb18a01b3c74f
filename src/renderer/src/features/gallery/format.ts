import { dateFormat, numberFormat } from '../../ui/intl'
/** Figures as the current language writes them (pass `i18n.language`): sizes, dates and days, by Intl. */

/** Bytes in B, KB, MB or GB (the symbols are the same in every language; the number is not). */
export function formatBytes(bytes: number, language: string): string {
  const [value, unit, digits] =
    bytes < 1024
      ? [bytes, 'B', 0]
      : bytes < 1024 ** 2
        ? [bytes / 1024, 'KB', 1]
        : bytes < 1024 ** 3
          ? [bytes / 1024 ** 2, 'MB', 1]
          : [bytes / 1024 ** 3, 'GB', 2]
  const number = numberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits
  })
  return `${number.format(value)} ${unit}`
}

export const formatDateTime = (at: number, language: string): string =>
  dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(at)

/** `2025-05-01` (a usage day key) as "Thu, 1 May 2025" or "2025年5月1日周四". */
export function formatDay(key: string, language: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key)
  if (!m) return key
  const day = dateFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric'
  })
  return day.format(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
}

/** A time zone by the name the language gives it ("China Standard Time", "中国标准时间"), else its id. */
export function formatZone(timeZone: string, language: string): string {
  try {
    const parts = dateFormat(language, { timeZone, timeZoneName: 'long' }).formatToParts(Date.now())
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  } catch {
    return timeZone
  }
}
