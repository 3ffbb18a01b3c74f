import { nameKey } from '../nameKey'
import type { Migration } from '../migrate'

/** The tables whose names are unique, and the other columns a name is unique within. */
const NAMED = [
  { table: 'boards', within: [] },
  { table: 'presets', within: ['screen'] },
  { table: 'styles', within: [] },
  { table: 'chat_presets', within: [] }
] as const

/**
 * Names unique regardless of case in any script: each named table gains `name_key` (`nameKey(name)`) and
 * its uniqueness moves to it. NOCASE, which folds only ASCII, let "Äpfel" and "äpfel" both in; where an
 * older database holds such pairs, the later one is renamed "Name (2)" (and so on) so that nothing is lost
 * and the index can be built.
 */
export const migration010NameKeys: Migration = {
  version: 10,
  name: '010_name_keys',
  up(db) {
    for (const { table, within } of NAMED) {
      db.exec(`ALTER TABLE ${table} ADD COLUMN name_key TEXT NOT NULL DEFAULT ''`)
      const rows = db
        .prepare(
          `SELECT rowid AS rowid, name${within.map((c) => `, ${c}`).join('')} FROM ${table} ORDER BY created_at, rowid`
        )
        .all() as ({ rowid: number; name: string } & Record<string, unknown>)[]
      const keyOf = (row: Record<string, unknown>, name: string): string =>
        [...within.map((c) => String(row[c])), nameKey(name)].join('\u0000')
      // A new name must clash neither with one kept so far nor with any name still to come.
      const original = new Set(rows.map((row) => keyOf(row, row.name)))
      const kept = new Set<string>()
      const update = db.prepare(`UPDATE ${table} SET name = ?, name_key = ? WHERE rowid = ?`)
      for (const row of rows) {
        let name = row.name
        if (kept.has(keyOf(row, name))) {
          let n = 2
          while (original.has(keyOf(row, `${row.name} (${n})`)) || kept.has(keyOf(row, `${row.name} (${n})`)))
            n++
          name = `${row.name} (${n})`
        }
        kept.add(keyOf(row, name))
        update.run(name, nameKey(name), row.rowid)
      }
      db.exec(`CREATE UNIQUE INDEX ${table}_name_key ON ${table} (${[...within, 'name_key'].join(', ')})`)
    }
  }
}
