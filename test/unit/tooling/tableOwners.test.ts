import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

// One module writes each table (docs/ARCHITECTURE.md §4); every other module asks
// it. Reads may join across tables; writes may not cross owners, so a table's rules live in one place.
const TABLE_OWNERS: Record<string, string> = {
  settings: 'src/main/settings/store.ts',
  profiles: 'src/main/profiles/repository.ts',
  profile_keys: 'src/main/secrets/apiKeys.ts',
  team_locations: 'src/main/locations/repository.ts',
  location_secrets: 'src/main/secrets/locationSecrets.ts',
  sync_replicas: 'src/main/sync/journal.ts',
  sync_changes: 'src/main/sync/journal.ts',
  sync_outbox: 'src/main/sync/journal.ts',
  sync_applied: 'src/main/sync/journal.ts',
  team_links: 'src/main/sync/links.ts',
  team_base: 'src/main/sync/links.ts',
  team_deletes: 'src/main/sync/teamDeletes.ts',
  review_shares: 'src/main/sync/reviewShares.ts',
  team_batches: 'src/main/sync/batchBoards.ts',
  team_batch_results: 'src/main/sync/batchBoards.ts',
  model_catalog: 'src/main/profiles/catalog.ts',
  model_catalog_fetches: 'src/main/profiles/catalog.ts',
  jobs: 'src/main/jobs/repository.ts',
  tasks: 'src/main/jobs/repository.ts',
  results: 'src/main/jobs/repository.ts',
  search_index: 'src/main/jobs/repository.ts',
  job_groups: 'src/main/jobs/groups.ts',
  queue_control: 'src/main/jobs/queueControl.ts',
  lane_limits: 'src/main/jobs/laneLimits.ts',
  batch_sources: 'src/main/jobs/groups.ts',
  price_tables: 'src/main/money/priceStore.ts',
  spend_caps: 'src/main/money/budget.ts',
  spend: 'src/main/money/ledger.ts',
  media: 'src/main/library/mediaTable.ts',
  team_files: 'src/main/library/mediaTable.ts',
  boards: 'src/main/gallery/boards.ts',
  board_items: 'src/main/gallery/boards.ts',
  presets: 'src/main/presets/store.ts',
  styles: 'src/main/presets/store.ts',
  chat_conversations: 'src/main/chat/repository.ts',
  chat_messages: 'src/main/chat/repository.ts',
  chat_attachments: 'src/main/chat/repository.ts',
  chat_presets: 'src/main/chat/repository.ts',
  // Kept current by the triggers of migration 4; no module writes it directly.
  chat_search: 'src/main/db/migrations/004_chat.ts',
  // Kept current by the triggers of migration 6 (one search document per stored image).
  gallery_keys: 'src/main/db/migrations/006_gallery_scale.ts',
  gallery_search: 'src/main/db/migrations/006_gallery_scale.ts',
  // Kept current by the triggers of migration 26 (the number of stored images).
  gallery_total: 'src/main/db/migrations/026_gallery_counts.ts',
  // Kept current by the triggers of migration 27 (stored images per model, endpoint and gateway).
  gallery_facets: 'src/main/db/migrations/027_gallery_facets.ts'
}

const root = join(__dirname, '..', '..', '..')
const SQL_WRITE =
  /\b(?:INSERT(?:\s+OR\s+[A-Z]+)?\s+INTO|REPLACE\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_][a-z0-9_]*)/g

/** Tables written by SQL in `text`; `ON CONFLICT … DO UPDATE SET` is part of an insert, not a table. */
function tablesWritten(text: string): string[] {
  const found = new Set<string>()
  for (const match of text.matchAll(SQL_WRITE)) {
    const table = match[1]
    if (table && table !== 'set') found.add(table)
  }
  return [...found]
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

const rel = (file: string): string => relative(root, file).split(sep).join('/')
const isMigration = (file: string): boolean => rel(file).startsWith('src/main/db/migrations/')

describe('one owner per table', () => {
  it('finds writes in SQL text, and not the DO UPDATE of an upsert', () => {
    expect(tablesWritten('INSERT INTO jobs (id) VALUES (?)')).toEqual(['jobs'])
    expect(tablesWritten('INSERT OR REPLACE INTO media VALUES (?)')).toEqual(['media'])
    expect(tablesWritten('`UPDATE results\n SET favorite = 1`')).toEqual(['results'])
    expect(tablesWritten('DELETE FROM search_index WHERE x')).toEqual(['search_index'])
    expect(tablesWritten('INSERT INTO settings (k) VALUES (?) ON CONFLICT(k) DO UPDATE SET v = 1')).toEqual([
      'settings'
    ])
    expect(tablesWritten('SELECT * FROM results JOIN jobs ON 1')).toEqual([])
  })

  it('every table the migrations create has an owner', () => {
    const created = new Set<string>()
    for (const file of sourceFiles(join(root, 'src/main/db/migrations'))) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(/CREATE (?:VIRTUAL )?TABLE (?:IF NOT EXISTS )?([a-z_]+)/g)) {
        if (match[1]) created.add(match[1])
      }
      // A table that a later migration drops or renames away is not a table of today's schema.
      for (const match of text.matchAll(/DROP TABLE (?:IF EXISTS )?([a-z_]+)/g)) {
        if (match[1]) created.delete(match[1])
      }
      for (const match of text.matchAll(/ALTER TABLE ([a-z_]+) RENAME TO ([a-z_]+)/g)) {
        if (match[1] && match[2]) {
          created.delete(match[1])
          created.add(match[2])
        }
      }
    }
    expect([...created].filter((table) => !(table in TABLE_OWNERS))).toEqual([])
  })

  it('no module but the owner writes a table', () => {
    const strays: string[] = []
    for (const file of sourceFiles(join(root, 'src/main'))) {
      if (isMigration(file)) continue
      for (const table of tablesWritten(readFileSync(file, 'utf8'))) {
        const owner = TABLE_OWNERS[table]
        if (owner !== rel(file)) strays.push(`${rel(file)} writes ${table} (owner: ${owner ?? 'none'})`)
      }
    }
    expect(strays).toEqual([])
  })
})
