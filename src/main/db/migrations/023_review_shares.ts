import type { Migration } from '../migrate'

/**
 * Review pages put on a team location (`sync/reviewShares.ts`): a board's images and a static page under
 * `shares/<id>/`, for people without the app. A row is written before the first byte goes up, with every
 * key the share will write, so a share cut short (a crash, a refusal) can still be taken down whole.
 */
export const migration023ReviewShares: Migration = {
  version: 23,
  name: '023_review_shares',
  up(db) {
    db.exec(`
      CREATE TABLE review_shares (
        id TEXT PRIMARY KEY,
        location_id TEXT NOT NULL REFERENCES team_locations (id) ON DELETE CASCADE,
        board_id TEXT NOT NULL,
        board_name TEXT NOT NULL,
        profile TEXT NOT NULL CHECK (profile IN ('full', 'public')),
        images INTEGER NOT NULL CHECK (images >= 0),
        keys TEXT NOT NULL,
        link TEXT,
        created_at INTEGER NOT NULL,
        expires_at INTEGER,
        revoked_at INTEGER
      ) STRICT;
      CREATE INDEX review_shares_board ON review_shares (board_id, created_at);
    `)
  }
}
