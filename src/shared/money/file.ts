import { readPriceCsv, writePriceCsv } from './fileCsv'
import { readPriceJson, writePriceJson } from './fileJson'
import { priceFileIssue } from './issues'
import type { PriceTable } from './prices'
import { finish, type PriceImport } from './problems'

/**
 * A price table as a file a designer keeps, edits and shares: JSON (the table as written, with its currency)
 * or CSV (for a spreadsheet; the currency is the profile's). Importing never throws: it gives the table, or
 * the issues (codes and values, worded by the `money.issues` catalogs) with the line of each.
 */

export type PriceFileFormat = 'json' | 'csv'

/** How a file is read: a CSV file has no currency, so the caller says which one its prices are in. */
export type PriceImportOptions = { format: 'json' } | { format: 'csv'; currency: string }

/** The format a file's name says (`.json`, `.csv`; `.tsv` is read as CSV), or undefined. */
export function priceFileFormatOf(fileName: string): PriceFileFormat | undefined {
  const name = fileName.trim().toLowerCase()
  if (name.endsWith('.json')) return 'json'
  return /\.(csv|tsv)$/.test(name) ? 'csv' : undefined
}

export function importPriceTable(text: string, options: PriceImportOptions): PriceImport {
  try {
    return options.format === 'json' ? readPriceJson(text) : readPriceCsv(text, options.currency)
  } catch (error) {
    // Every rule has its own issue; this only keeps a fault no rule foresaw from reaching the screen as a crash.
    const message = error instanceof Error ? error.message : String(error)
    return finish(undefined, [priceFileIssue('file_unreadable', { message })])
  }
}

export function exportPriceTable(table: PriceTable, format: PriceFileFormat): string {
  return format === 'json' ? writePriceJson(table) : writePriceCsv(table)
}
