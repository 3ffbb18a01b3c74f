import type { Migration } from '../migrate'

export const migration001Settings: Migration = {
  version: 1,
  name: '001_settings',
  up(db) {
    db.exec(`
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `)
  }
}
