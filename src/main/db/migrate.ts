import type { Db } from './connection'

export interface Migration {
  version: number
  name: string
  up(db: Db): void
}

export class DatabaseTooNewError extends Error {
  constructor(
    readonly found: number,
    readonly supported: number
  ) {
    super(
      `This library was written by a newer version of Gateway Studio (schema ${found}, this app knows ${supported}). ` +
        'Update the app to open it; nothing was changed.'
    )
    this.name = 'DatabaseTooNewError'
  }
}

export function assertMigrationList(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`Migration list out of order at ${migration.name}: expected version ${index + 1}`)
    }
  })
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number
}

/**
 * Applies every pending migration in ONE immediate transaction together with the new `user_version`,
 * so a crash leaves the database either fully before or fully after; a newer database is refused untouched.
 */
export function migrate(db: Db, migrations: readonly Migration[]): { from: number; to: number } {
  assertMigrationList(migrations)
  const latest = migrations.length
  const from = schemaVersion(db)
  if (from > latest) throw new DatabaseTooNewError(from, latest)
  if (from === latest) return { from, to: latest }
  db.transaction(() => {
    for (const migration of migrations.slice(from)) migration.up(db)
    db.pragma(`user_version = ${latest}`)
  }).immediate()
  return { from, to: latest }
}
