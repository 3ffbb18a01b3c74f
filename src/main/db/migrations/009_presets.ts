import type { Migration } from '../migrate'

/**
 * Presets and styles:
 * - presets: a screen's prompt and parameters saved under a name (one name per screen, regardless of
 *   case); `payload` is the screen's own JSON, read back through that screen's schema.
 * - styles: prompt text put before and after any prompt, for any model (names unique regardless of case).
 */
export const migration009Presets: Migration = {
  version: 9,
  name: '009_presets',
  up(db) {
    db.exec(`
      CREATE TABLE presets (
        id TEXT PRIMARY KEY,
        screen TEXT NOT NULL CHECK (screen IN ('images', 'edit', 'video')),
        name TEXT NOT NULL COLLATE NOCASE,
        payload TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (screen, name)
      ) STRICT;
      CREATE TABLE styles (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL COLLATE NOCASE UNIQUE,
        prefix TEXT NOT NULL DEFAULT '',
        suffix TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `)
  }
}
