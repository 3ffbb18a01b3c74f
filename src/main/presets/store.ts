import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Preset, PresetScreen, PresetsFile, Style } from '../../shared/schemas/presets'
import { isUniqueViolation, writeTransaction, type Db } from '../db/connection'
import { STORED_LIMITS, parseJson } from '../../shared/json'
import { nameKey } from '../db/nameKey'

/** The name is taken on that screen (or, for a style, anywhere); names are unique regardless of case. */
export class NameTaken extends Error {
  constructor(
    readonly what: 'preset' | 'style',
    readonly taken: string
  ) {
    super(`There is already a ${what} called “${taken}”.`)
  }
}

interface PresetRow {
  id: string
  screen: PresetScreen
  name: string
  payload: string
  updatedAt: number
}

const Payload = z.record(z.string(), z.unknown())

/** A payload read back from the database: JSON of an object, or nothing (a damaged row is left out). */
function payloadOf(text: string): Record<string, unknown> | null {
  try {
    const parsed = Payload.safeParse(parseJson(text, STORED_LIMITS))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Presets and styles: the one module that writes `presets` and `styles`. */
export class PresetStore {
  constructor(
    private readonly db: Db,
    /** The backend's one clock (`Clock.now`). */
    private readonly now: () => number
  ) {}

  list(screen: PresetScreen): Preset[] {
    const rows = this.db
      .prepare(
        `SELECT id, screen, name, payload, updated_at AS updatedAt FROM presets WHERE screen = ?
         ORDER BY name COLLATE NOCASE`
      )
      .all(screen) as PresetRow[]
    return rows.flatMap((row) => {
      const payload = payloadOf(row.payload)
      return payload
        ? [{ id: row.id, screen: row.screen, name: row.name, payload, updatedAt: row.updatedAt }]
        : []
    })
  }

  /** Saves under a name; an existing name of that screen is replaced only with `replace`. */
  save(screen: PresetScreen, name: string, payload: Record<string, unknown>, replace: boolean): Preset {
    const at = this.now()
    const text = JSON.stringify(payload)
    return writeTransaction(this.db, () => {
      const existing = this.db
        .prepare('SELECT id FROM presets WHERE screen = ? AND name_key = ?')
        .get(screen, nameKey(name)) as { id: string } | undefined
      if (existing && !replace) throw new NameTaken('preset', name)
      const id = existing?.id ?? randomUUID()
      if (existing) {
        this.db
          .prepare('UPDATE presets SET name = ?, name_key = ?, payload = ?, updated_at = ? WHERE id = ?')
          .run(name, nameKey(name), text, at, id)
      } else {
        this.db
          .prepare(
            'INSERT INTO presets (id, screen, name, name_key, payload, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)'
          )
          .run(id, screen, name, nameKey(name), text, at, at)
      }
      return { id, screen, name, payload, updatedAt: at }
    })
  }

  deletePreset(id: string): boolean {
    return this.db.prepare('DELETE FROM presets WHERE id = ?').run(id).changes > 0
  }

  styles(): Style[] {
    return this.db
      .prepare(
        'SELECT id, name, prefix, suffix, updated_at AS updatedAt FROM styles ORDER BY name COLLATE NOCASE'
      )
      .all() as Style[]
  }

  /** A new style, or a change to one (null when the style to change is gone). */
  saveStyle(style: { id?: string | undefined; name: string; prefix: string; suffix: string }): Style | null {
    const at = this.now()
    try {
      if (style.id) {
        const { changes } = this.db
          .prepare(
            'UPDATE styles SET name = ?, name_key = ?, prefix = ?, suffix = ?, updated_at = ? WHERE id = ?'
          )
          .run(style.name, nameKey(style.name), style.prefix, style.suffix, at, style.id)
        return changes === 0 ? null : { ...style, id: style.id, updatedAt: at }
      }
      const id = randomUUID()
      this.db
        .prepare(
          'INSERT INTO styles (id, name, name_key, prefix, suffix, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)'
        )
        .run(id, style.name, nameKey(style.name), style.prefix, style.suffix, at, at)
      return { id, name: style.name, prefix: style.prefix, suffix: style.suffix, updatedAt: at }
    } catch (error) {
      if (isUniqueViolation(error)) throw new NameTaken('style', style.name)
      throw error
    }
  }

  deleteStyle(id: string): boolean {
    return this.db.prepare('DELETE FROM styles WHERE id = ?').run(id).changes > 0
  }

  /** Everything, as the file a team shares. */
  exportFile(): PresetsFile {
    const presets = (['images', 'edit', 'video'] as const).flatMap((screen) =>
      this.list(screen).map(({ name, payload }) => ({ screen, name, payload }))
    )
    const styles = this.styles().map(({ name, prefix, suffix }) => ({ name, prefix, suffix }))
    return { format: 'gateway-studio-presets', version: 1, presets, styles }
  }

  /** Adds what a shared file holds, in one transaction; a name that exists already is kept as it is. */
  importFile(file: PresetsFile): { presets: number; styles: number; skipped: string[] } {
    return writeTransaction(this.db, () => {
      const skipped: string[] = []
      let presets = 0
      let styles = 0
      for (const preset of file.presets) {
        try {
          this.save(preset.screen, preset.name, preset.payload, false)
          presets += 1
        } catch (error) {
          if (!(error instanceof NameTaken)) throw error
          skipped.push(preset.name)
        }
      }
      for (const style of file.styles) {
        try {
          this.saveStyle(style)
          styles += 1
        } catch (error) {
          if (!(error instanceof NameTaken)) throw error
          skipped.push(style.name)
        }
      }
      return { presets, styles, skipped }
    })
  }
}
