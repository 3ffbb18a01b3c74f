import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../src/main/db/connection'
import { migrate } from '../../../../src/main/db/migrate'
import { migrations } from '../../../../src/main/db/migrations'
import { NameTaken, PresetStore } from '../../../../src/main/presets/store'
import { makeTempDir } from '../../../helpers/tempDir'

describe('presets and styles', () => {
  const temp = makeTempDir('gs-presets-')
  let db: Db
  let store: PresetStore
  let clock = 0

  beforeAll(() => {
    db = openDatabase(join(temp.dir, 'studio.db'))
    migrate(db, migrations)
    store = new PresetStore(db, () => ++clock)
  })
  afterAll(() => {
    db.close()
    temp.cleanup()
  })

  it('saves a screen preset under a name, replaces it only when asked, and keeps screens apart', () => {
    const first = store.save('images', 'Poster', { prompt: 'a poster', model: 'm1' }, false)
    expect(() => store.save('images', 'POSTER', { prompt: 'other' }, false)).toThrow(NameTaken)
    const replaced = store.save('images', 'poster', { prompt: 'other' }, true)
    expect(replaced.id).toBe(first.id)
    store.save('video', 'Poster', { prompt: 'a clip' }, false)
    expect(store.list('images').map((p) => [p.name, p.payload])).toEqual([['poster', { prompt: 'other' }]])
    expect(store.list('video')).toHaveLength(1)
    expect(store.deletePreset(first.id)).toBe(true)
    expect(store.list('images')).toEqual([])
  })

  it('leaves out a preset whose stored payload no longer reads, instead of failing the list', () => {
    store.save('edit', 'Fine', { prompt: 'ok' }, false)
    db.prepare(
      "INSERT INTO presets (id, screen, name, payload, created_at, updated_at) VALUES ('x', 'edit', 'Broken', '{oops', 1, 1)"
    ).run()
    expect(store.list('edit').map((p) => p.name)).toEqual(['Fine'])
  })

  it('keeps styles with unique names, and changes one in place', () => {
    const style = store.saveStyle({ name: 'Film', prefix: 'cinematic still,', suffix: ', 35mm' })
    expect(() => store.saveStyle({ name: 'film', prefix: 'x', suffix: '' })).toThrow(NameTaken)
    expect(
      store.saveStyle({ id: style?.id, name: 'Film', prefix: 'analog photo,', suffix: '' })?.prefix
    ).toBe('analog photo,')
    expect(store.saveStyle({ id: 'gone', name: 'Gone', prefix: 'x', suffix: '' })).toBeNull()
    expect(store.styles().map((s) => s.name)).toEqual(['Film'])
  })

  it('exports everything as one file and imports it into another studio, keeping names that exist', () => {
    const file = store.exportFile()
    expect(file.format).toBe('gateway-studio-presets')
    const otherDb = openDatabase(join(temp.dir, 'other.db'))
    try {
      migrate(otherDb, migrations)
      const other = new PresetStore(otherDb, Date.now)
      other.saveStyle({ name: 'FILM', prefix: 'mine', suffix: '' })
      expect(other.importFile(file)).toEqual({ presets: 2, styles: 0, skipped: ['Film'] })
      expect(other.styles()[0]?.prefix).toBe('mine')
      expect(other.list('video').map((p) => p.name)).toEqual(['Poster'])
    } finally {
      otherDb.close()
    }
  })
})
