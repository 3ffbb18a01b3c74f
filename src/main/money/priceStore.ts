import {
  exportPriceTable,
  importPriceTable,
  toPriceFile,
  type PriceFileFormat,
  type PriceImport,
  type PriceTable
} from '../../shared/money'
import { priceFileIssue } from '../../shared/money/issues'
import type { Db } from '../db/connection'

/**
 * Each gateway profile's price table (migration 015's `price_tables`), its one writer. Stored as the price
 * file's JSON form, so what is kept is what a designer would export, and read back through the same reader
 * as an imported file (a row a newer version or a hand edit left unreadable counts as no table). Read
 * before every send, so the tables are held in memory and written through.
 */
export class PriceStore {
  /** Profiles looked up so far; null: the profile has no table. */
  private readonly tables = new Map<string, PriceTable | null>()

  constructor(
    private readonly db: Db,
    private readonly now: () => number
  ) {}

  /** The profile's table, or null when it has none. */
  get(profileId: string): PriceTable | null {
    const known = this.tables.get(profileId)
    if (known !== undefined) return known
    const row = this.db.prepare('SELECT prices FROM price_tables WHERE profile_id = ?').get(profileId) as
      { prices: string } | undefined
    const read = row ? importPriceTable(row.prices, { format: 'json' }) : null
    const table = read?.ok ? read.table : null
    this.tables.set(profileId, table)
    return table
  }

  /** Replaces the profile's table; null removes it. */
  set(profileId: string, table: PriceTable | null): void {
    if (table === null) {
      this.db.prepare('DELETE FROM price_tables WHERE profile_id = ?').run(profileId)
    } else {
      this.db
        .prepare(
          `INSERT INTO price_tables (profile_id, prices, updated_at) VALUES (?, ?, ?)
           ON CONFLICT (profile_id) DO UPDATE SET prices = excluded.prices, updated_at = excluded.updated_at`
        )
        .run(profileId, JSON.stringify(toPriceFile(table)), this.now())
    }
    this.tables.set(profileId, table)
  }

  /**
   * Reads a price file and, when it is a table, makes it the profile's. A CSV file names no currency: its
   * prices are in `currency`, or the profile's table's when not given.
   */
  import(profileId: string, text: string, format: PriceFileFormat, currency?: string): PriceImport {
    if (format === 'json') return this.keep(profileId, importPriceTable(text, { format }))
    const csvCurrency = currency ?? this.get(profileId)?.currency
    if (csvCurrency === undefined)
      return { ok: false, issues: [priceFileIssue('currency_invalid', { value: '' })] }
    return this.keep(profileId, importPriceTable(text, { format, currency: csvCurrency }))
  }

  /** The profile's table as a file's text, or null when it has none. */
  export(profileId: string, format: PriceFileFormat): string | null {
    const table = this.get(profileId)
    return table ? exportPriceTable(table, format) : null
  }

  /** A deleted profile's table went with it (ON DELETE CASCADE); the copy in memory follows. */
  forgetProfile(profileId: string): void {
    this.tables.delete(profileId)
  }

  private keep(profileId: string, read: PriceImport): PriceImport {
    if (read.ok) this.set(profileId, read.table)
    return read
  }
}
