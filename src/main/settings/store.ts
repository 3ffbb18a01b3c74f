import { Settings, type SettingsPatch } from '../../shared/schemas/settings'
import { writeTransaction, type Db } from '../db/connection'

type SettingKey = keyof Settings
const fieldSchemas = Settings.shape

/**
 * Settings are stored one row per key so a value written by an older or newer app that no longer
 * validates falls back to its default alone, instead of resetting everything.
 */
export class SettingsStore {
  constructor(private readonly db: Db) {}

  get(): Settings {
    const rows = this.db.prepare('SELECT key, value FROM settings').all() as { key: string; value: string }[]
    const raw: Record<string, unknown> = {}
    for (const row of rows) {
      if (!Object.prototype.hasOwnProperty.call(fieldSchemas, row.key)) continue
      const key = row.key as SettingKey
      let value: unknown
      try {
        value = JSON.parse(row.value)
      } catch {
        continue
      }
      if (fieldSchemas[key].safeParse(value).success) raw[key] = value
    }
    return Settings.parse(raw)
  }

  update(patch: SettingsPatch): Settings {
    const now = Date.now()
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
}
