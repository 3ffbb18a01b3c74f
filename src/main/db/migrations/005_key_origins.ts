import type { Migration } from '../migrate'

/**
 * Keys bound to their origin: an API key belongs to the origin (scheme, host, port) it was entered for.
 * - profile_keys.origin, NOT NULL: every key is bound; the table is rebuilt because SQLite cannot add a
 *   NOT NULL column without a default, and no default origin would be right.
 * - profiles.key_removed: why a profile lost its key (only 'origin_changed'), so Settings can say so.
 *
 * Keys of older databases are bound here, once, to the origin of their profile's address — the address they
 * were last used with — rather than lazily on first read: binding on first read would bind to whatever the
 * address is at that moment, so an address changed in between (by a bug, or by a client of the old app)
 * would capture the key; here it happens in the same transaction as the schema change, and afterwards no
 * unbound key can exist. The origin is computed with the URL parser inline (not through shared code) so this
 * migration keeps behaving as released. A key whose profile address is not an http(s) URL is dropped: there
 * is no origin to trust it with, and re-entering it is cheap.
 */
export const migration005KeyOrigins: Migration = {
  version: 5,
  name: '005_key_origins',
  up(db) {
    db.exec(`
      CREATE TABLE profile_keys_bound (
        profile_id TEXT PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
        ciphertext BLOB NOT NULL,
        last4 TEXT NOT NULL,
        protection TEXT NOT NULL CHECK (protection IN ('os', 'weak')),
        origin TEXT NOT NULL CHECK (origin LIKE 'http://%' OR origin LIKE 'https://%'),
        updated_at INTEGER NOT NULL
      ) STRICT;
      ALTER TABLE profiles ADD COLUMN key_removed TEXT
        CHECK (key_removed IS NULL OR key_removed = 'origin_changed');
    `)
    const rows = db
      .prepare(
        `SELECT k.profile_id, k.ciphertext, k.last4, k.protection, k.updated_at, p.base_url
         FROM profile_keys k JOIN profiles p ON p.id = k.profile_id`
      )
      .all() as {
      profile_id: string
      ciphertext: Buffer
      last4: string
      protection: string
      updated_at: number
      base_url: string
    }[]
    const insert = db.prepare(
      `INSERT INTO profile_keys_bound (profile_id, ciphertext, last4, protection, origin, updated_at)
       VALUES (?, ?, ?, ?, ?, ?)`
    )
    for (const row of rows) {
      const origin = httpOrigin(row.base_url)
      if (origin === null) continue
      insert.run(row.profile_id, row.ciphertext, row.last4, row.protection, origin, row.updated_at)
    }
    db.exec(`
      DROP TABLE profile_keys;
      ALTER TABLE profile_keys_bound RENAME TO profile_keys;
    `)
  }
}

function httpOrigin(baseUrl: string): string | null {
  try {
    const url = new URL(baseUrl.trim())
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null
  } catch {
    return null
  }
}
