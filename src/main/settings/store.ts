import { Settings, type SettingsPatch } from '../../shared/schemas/settings'
import { LastUsed, LastUsedEntry, LastUsedScreen } from '../../shared/schemas/lastUsed'
import { writeTransaction, type Db } from '../db/connection'
import { STORED_LIMITS, parseJson } from '../../shared/json'

type SettingKey = keyof Settings
/** Not a setting the user edits: each screen's last model and parameters, in a row of its own. */
const LAST_USED_KEY = 'ui.lastUsed'
const fieldSchemas = Settings.shape

/**
 * Settings are stored one row per key so a value written by an older or newer app that no longer
 * validates falls back to its default alone, instead of resetting everything.
 */
export class SettingsStore {
  constructor(
    private readonly db: Db,
    /** The backend's one clock (`Clock.now`). */
    private readonly now: () => number
  ) {}

  get(): Settings {
    const rows = this.db.prepare('SELECT key, value FROM settings').all() as { key: string; value: string }[]
    const raw: Record<string, unknown> = {}
    for (const row of rows) {
      if (!Object.prototype.hasOwnProperty.call(fieldSchemas, row.key)) continue
      const key = row.key as SettingKey
      let value: unknown
      try {
        value = parseJson(row.value, STORED_LIMITS)
      } catch {
        continue
      }
      if (fieldSchemas[key].safeParse(value).success) raw[key] = value
    }
    return Settings.parse(raw)
  }

  update(patch: SettingsPatch): Settings {
    const now = this.now()
    const upsert = this.db.prepare(
      'INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ' +
        'ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at'
    )
    writeTransaction(this.db, () => {
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined) continue
        upsert.run(key, JSON.stringify(value), now)
      }
    })
    return this.get()
  }

  /** Each screen's last model and parameters; a screen whose entry no longer validates reads as none. */
  lastUsed(): LastUsed {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(LAST_USED_KEY) as
      { value: string } | undefined
    let raw: unknown
    try {
      raw = row ? parseJson(row.value, STORED_LIMITS) : {}
    } catch {
      raw = {}
    }
    const out: LastUsed = {}
    if (raw === null || typeof raw !== 'object') return out
    for (const screen of LastUsedScreen.options) {
      const entry = LastUsedEntry.safeParse((raw as Record<string, unknown>)[screen])
      if (entry.success) out[screen] = entry.data
    }
    return LastUsed.parse(out)
  }

  /** Replaces one screen's entry inside one transaction, so two screens saving at once both land. */
  rememberLastUsed(screen: LastUsedScreen, entry: Omit<LastUsedEntry, 'savedAt'>): LastUsed {
    const now = this.now()
    writeTransaction(this.db, () => {
      const next = { ...this.lastUsed(), [screen]: { ...entry, savedAt: now } }
      this.db
        .prepare(
          'INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ' +
            'ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at'
        )
        .run(LAST_USED_KEY, JSON.stringify(next), now)
    })
    return this.lastUsed()
  }
}
