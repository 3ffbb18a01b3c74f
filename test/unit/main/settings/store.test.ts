import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../src/main/db/connection'
import { migrate } from '../../../../src/main/db/migrate'
import { migrations } from '../../../../src/main/db/migrations'
import { SettingsStore } from '../../../../src/main/settings/store'
import { makeTempDir } from '../../../helpers/tempDir'

describe('settings store', () => {
  const temp = makeTempDir()
  let db: Db
  afterEach(() => db?.close())
  afterAll(() => temp.cleanup())

  const open = (name: string): SettingsStore => {
    db = openDatabase(`${temp.dir}/${name}`)
    migrate(db, migrations)
    return new SettingsStore(db, Date.now)
  }

  it('reads defaults from an empty store', () => {
    expect(open('a.db').get()).toEqual({
      theme: 'system',
      language: 'system',
      notifyOnJobFinish: true,
      exportNameTemplate: '{date}_{model}_{index}',
      teamName: ''
    })
  })

  it('persists an update across connections', () => {
    open('b.db').update({ theme: 'dark', language: 'zh-CN' })
    db.close()
    expect(open('b.db').get()).toMatchObject({ theme: 'dark', language: 'zh-CN' })
  })

  it('falls back to the default for one damaged value without losing the others', () => {
    const store = open('c.db')
    store.update({ theme: 'light', notifyOnJobFinish: false })
    db.prepare("UPDATE settings SET value = '\"neon\"' WHERE key = 'theme'").run()
    db.prepare(
      "INSERT INTO settings (key, value, updated_at) VALUES ('exportNameTemplate', '{broken', 0)"
    ).run()
    expect(store.get()).toEqual({
      theme: 'system',
      language: 'system',
      notifyOnJobFinish: false,
      exportNameTemplate: '{date}_{model}_{index}',
      teamName: ''
    })
  })
})
