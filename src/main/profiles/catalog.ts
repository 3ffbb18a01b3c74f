import { ModelEntry } from '../../shared/gateway/requests'
import type { ModelCatalog, ModelView } from '../../shared/schemas/profiles'
import { writeTransaction, type Db } from '../db/connection'
import { readJsonColumn } from '../db/json'

const toView = (entry: ModelEntry): ModelView => ({
  id: entry.id,
  ownedBy: entry.owned_by ?? null,
  supportedEndpoints: entry.supported_endpoints,
  billingUnit: entry.billing_unit ?? null
})

/**
 * The model listing per profile, cached with its fetch time so screens open instantly and work offline;
 * the whole entry is kept (open object), since gateways add fields the app may learn to use later.
 * A listing belongs to the key it was fetched with: a key change or an address move drops it
 * (`invalidate`), so no screen offers what the previous key could see.
 */
export class ModelCatalogStore {
  constructor(private readonly db: Db) {}

  replace(profileId: string, entries: readonly ModelEntry[], fetchedAt: number): void {
    writeTransaction(this.db, () => {
      this.db.prepare('DELETE FROM model_catalog WHERE profile_id = ?').run(profileId)
      const insert = this.db.prepare(
        'INSERT OR REPLACE INTO model_catalog (profile_id, model_id, position, entry) VALUES (?, ?, ?, ?)'
      )
      entries.forEach((entry, position) => insert.run(profileId, entry.id, position, JSON.stringify(entry)))
      this.db
        .prepare(
          `INSERT INTO model_catalog_fetches (profile_id, fetched_at) VALUES (?, ?)
           ON CONFLICT(profile_id) DO UPDATE SET fetched_at = excluded.fetched_at`
        )
        .run(profileId, fetchedAt)
    })
  }

  /** Forgets the listing of a profile: the next `get` says it was never fetched (`fetchedAt: null`). */
  invalidate(profileId: string): void {
    writeTransaction(this.db, () => {
      this.db.prepare('DELETE FROM model_catalog WHERE profile_id = ?').run(profileId)
      this.db.prepare('DELETE FROM model_catalog_fetches WHERE profile_id = ?').run(profileId)
    })
  }

  entries(profileId: string): ModelEntry[] {
    const rows = this.db
      .prepare('SELECT entry FROM model_catalog WHERE profile_id = ? ORDER BY position')
      .all(profileId) as { entry: string }[]
    return rows.flatMap((row) => {
      const entry = readJsonColumn(ModelEntry.nullable(), row.entry, null)
      return entry ? [entry] : []
    })
  }

  lookup(profileId: string, modelId: string): ModelEntry | undefined {
    const row = this.db
      .prepare('SELECT entry FROM model_catalog WHERE profile_id = ? AND model_id = ?')
      .get(profileId, modelId) as { entry: string } | undefined
    return row ? (readJsonColumn(ModelEntry.nullable(), row.entry, null) ?? undefined) : undefined
  }

  fetchedAt(profileId: string): number | null {
    const row = this.db
      .prepare('SELECT fetched_at FROM model_catalog_fetches WHERE profile_id = ?')
      .get(profileId) as { fetched_at: number } | undefined
    return row?.fetched_at ?? null
  }

  /** `endpoint` narrows to models whose supported_endpoints list it: how every screen builds its picker. */
  get(profileId: string, endpoint?: string): ModelCatalog {
    const entries = this.entries(profileId)
    const models = (endpoint ? entries.filter((e) => e.supported_endpoints.includes(endpoint)) : entries).map(
      toView
    )
    return { profileId, models, fetchedAt: this.fetchedAt(profileId) }
  }
}
