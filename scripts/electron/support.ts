import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface SupportRow {
  major: number
  /** YYYY-MM-DD */
  stable: string
  /** YYYY-MM-DD: the first day the major is no longer supported. */
  endOfSupport: string
  estimated: boolean
}

export type SupportVerdict = { ok: true; row: SupportRow; daysLeft: number } | { ok: false; reason: string }

const DAY_MS = 24 * 60 * 60 * 1000
const DATE = /^\d{4}-\d{2}-\d{2}$/

function isRow(value: unknown): value is SupportRow {
  if (typeof value !== 'object' || value === null) return false
  const row = value as Record<string, unknown>
  return (
    Number.isInteger(row.major) &&
    typeof row.stable === 'string' &&
    DATE.test(row.stable) &&
    typeof row.endOfSupport === 'string' &&
    DATE.test(row.endOfSupport) &&
    typeof row.estimated === 'boolean'
  )
}

/** The committed table (scripts/electron/electron-support.json), validated row by row. */
export function readSupportTable(file = join(__dirname, 'electron-support.json')): SupportRow[] {
  const json: unknown = JSON.parse(readFileSync(file, 'utf8'))
  const majors = typeof json === 'object' && json !== null ? (json as { majors?: unknown }).majors : undefined
  if (!Array.isArray(majors) || !majors.every(isRow)) throw new Error(`${file}: malformed support table`)
  return majors
}

/**
 * RELIABILITY P10: is the pinned Electron major still supported on `today`? A major missing from the table
 * fails too, so an upgrade has to bring its end-of-support date with it.
 */
export function supportVerdict(table: SupportRow[], version: string, today: Date): SupportVerdict {
  const major = Number(version.split('.')[0])
  const row = table.find((entry) => entry.major === major)
  if (!row) {
    return {
      ok: false,
      reason: `Electron ${major} is not in scripts/electron/electron-support.json: add its end-of-support date`
    }
  }
  const end = Date.parse(`${row.endOfSupport}T00:00:00Z`)
  const daysLeft = Math.ceil((end - today.getTime()) / DAY_MS)
  if (daysLeft <= 0) {
    return {
      ok: false,
      reason:
        `Electron ${major} reached end of support on ${row.endOfSupport}` +
        `${row.estimated ? ' (estimated; check the release timeline)' : ''}: upgrade electron`
    }
  }
  return { ok: true, row, daysLeft }
}
