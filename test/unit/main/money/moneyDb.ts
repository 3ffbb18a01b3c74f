import { openDatabase, type Db } from '../../../../src/main/db/connection'
import { migrate } from '../../../../src/main/db/migrate'
import { migrations } from '../../../../src/main/db/migrations'
import { ProfileRepository } from '../../../../src/main/profiles/repository'
import { defaultFieldMap } from '../../../../src/shared/gateway/fieldMap'
import { makeTempDir } from '../../../helpers/tempDir'

/** A migrated database in a temp folder with the demo profile and one more, for the money stores' tests. */
export function moneyDb(name: string): {
  db: Db
  profiles: ProfileRepository
  other: string
  cleanup: () => void
} {
  const temp = makeTempDir('gs-money-')
  const db = openDatabase(`${temp.dir}/${name}.db`)
  migrate(db, migrations)
  const profiles = new ProfileRepository(db, () => 1_000)
  profiles.ensureDemo()
  const other = profiles.create(
    { name: 'Other', baseUrl: 'https://other.example', fieldMap: defaultFieldMap(), extraFields: {} },
    false
  ).id
  return {
    db,
    profiles,
    other,
    cleanup: () => {
      db.close()
      temp.cleanup()
    }
  }
}

/** A local wall-clock time (the caps count local days and months). */
export const localTime = (year: number, month: number, day: number, hour = 12): number =>
  new Date(year, month - 1, day, hour).getTime()
