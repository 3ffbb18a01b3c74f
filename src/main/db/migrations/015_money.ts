import type { Migration } from '../migrate'

/**
 * Money (RELIABILITY P50): what a gateway profile's models cost, the caps the user puts on spending, and
 * the ledger the caps are counted from. Amounts are whole micro-units of the price table's currency.
 * - price_tables: one table per profile, as src/shared/money's JSON file form (amounts as decimal text,
 *   exact); goes with its profile.
 * - spend_caps: a profile's cap per local day and per local month; no row, no cap.
 * - job_groups.cap_micros: a batch's own cap; NULL, none.
 * - spend: one row per task sent with a price: its estimate, reserved in the transaction that claims the
 *   task for sending, then settled (with the actual cost when the gateway's answer says it) or released
 *   (certainly not billed). `day` and `month` are the machine's local date when it was reserved, the keys
 *   the day and month caps are summed by. No foreign keys: the ledger is history, and outlives the jobs,
 *   batches and profiles it names.
 */
export const migration015Money: Migration = {
  version: 15,
  name: '015_money',
  up(db) {
    db.exec(`
      CREATE TABLE price_tables (
        profile_id TEXT PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
        prices TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE spend_caps (
        profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
        scope TEXT NOT NULL CHECK (scope IN ('day', 'month')),
        cap_micros INTEGER NOT NULL CHECK (cap_micros >= 0),
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (profile_id, scope)
      ) STRICT;
      ALTER TABLE job_groups ADD COLUMN cap_micros INTEGER CHECK (cap_micros >= 0);
      CREATE TABLE spend (
        task_id TEXT PRIMARY KEY,
        job_id TEXT NOT NULL,
        group_id TEXT,
        profile_id TEXT NOT NULL,
        model TEXT NOT NULL,
        currency TEXT NOT NULL,
        estimate_micros INTEGER NOT NULL CHECK (estimate_micros >= 0),
        exact INTEGER NOT NULL CHECK (exact IN (0, 1)),
        state TEXT NOT NULL CHECK (state IN ('reserved', 'settled', 'released')),
        actual_micros INTEGER CHECK (actual_micros >= 0),
        day TEXT NOT NULL,
        month TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        settled_at INTEGER
      ) STRICT;
      -- Each covers what its cap's sum reads, so a check before every send never touches the table.
      CREATE INDEX spend_by_day ON spend (profile_id, day, currency, state, estimate_micros, actual_micros);
      CREATE INDEX spend_by_month ON spend (profile_id, month, currency, state, estimate_micros, actual_micros);
      CREATE INDEX spend_by_group ON spend (group_id, currency, state, estimate_micros, actual_micros)
        WHERE group_id IS NOT NULL;
      CREATE INDEX spend_by_job ON spend (job_id);
      CREATE INDEX spend_by_created ON spend (created_at DESC, task_id DESC);
    `)
  }
}
