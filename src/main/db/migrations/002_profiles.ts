import type { Migration } from '../migrate'

/**
 * Connection profiles, their encrypted keys and the cached model listing. One active profile at most is
 * guaranteed by a partial unique index, not by application code. The demo profile is created by the app
 * (it needs the current time and the defaults), not here.
 */
export const migration002Profiles: Migration = {
  version: 2,
  name: '002_profiles',
  up(db) {
    db.exec(`
      CREATE TABLE profiles (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('demo', 'remote')),
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
        base_url TEXT NOT NULL,
        field_map TEXT NOT NULL DEFAULT '{}',
        extra_fields TEXT NOT NULL DEFAULT '{}',
        is_active INTEGER NOT NULL DEFAULT 0 CHECK (is_active IN (0, 1)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX profiles_one_active ON profiles (is_active) WHERE is_active = 1;

      CREATE TABLE profile_keys (
        profile_id TEXT PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
        ciphertext BLOB NOT NULL,
        last4 TEXT NOT NULL,
        protection TEXT NOT NULL CHECK (protection IN ('os', 'weak')),
        updated_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE model_catalog (
        profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
        model_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (profile_id, model_id)
      ) STRICT;

      CREATE TABLE model_catalog_fetches (
        profile_id TEXT PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
        fetched_at INTEGER NOT NULL
      ) STRICT;
    `)
  }
}
