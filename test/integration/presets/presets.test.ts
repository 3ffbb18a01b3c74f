import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestBackend, type TestBackend } from '../../helpers/backend'
import { makeTempDir } from '../../helpers/tempDir'

describe('presets and styles over the contract (issue 14)', () => {
  const temp = makeTempDir('gs-presets-int-')
  let studio: TestBackend

  beforeAll(() => {
    studio = startTestBackend(temp.dir)
  })
  afterAll(async () => {
    await studio.backend.close()
    temp.cleanup()
  })

  it('saves, refuses a taken name in words, survives a restart, and shares through a file', async () => {
    const saved = await studio.api.invoke('presets.save', {
      screen: 'images',
      name: ' Poster ',
      payload: { prompt: 'a bold poster', model: 'studio-image-v3' }
    })
    expect(saved.name).toBe('Poster')
    await expect(
      studio.api.invoke('presets.save', { screen: 'images', name: 'poster', payload: {} })
    ).rejects.toThrow('There is already a preset called “poster”. Pick another name.')
    await studio.api.invoke('styles.save', {
      name: 'Film',
      prefix: 'cinematic still of',
      suffix: ', 35mm grain'
    })
    await expect(studio.api.invoke('styles.save', { name: 'Empty' })).rejects.toThrow(/at least one of them/)

    const { text } = await studio.api.invoke('presets.export', {})
    await studio.backend.close()
    studio = startTestBackend(temp.dir)
    expect((await studio.api.invoke('presets.list', { screen: 'images' })).map((p) => p.name)).toEqual([
      'Poster'
    ])

    // Into a fresh studio: everything arrives; again: nothing is doubled, and the kept names are said.
    const fresh = startTestBackend(temp.dir, 'fresh')
    try {
      expect(await fresh.api.invoke('presets.import', { text })).toEqual({
        presets: 1,
        styles: 1,
        skipped: []
      })
      expect(await fresh.api.invoke('presets.import', { text })).toEqual({
        presets: 0,
        styles: 0,
        skipped: ['Poster', 'Film']
      })
      await expect(fresh.api.invoke('presets.import', { text: 'not json' })).rejects.toThrow(/not JSON/)
      await expect(fresh.api.invoke('presets.import', { text: '{"format":"other"}' })).rejects.toThrow(
        /not a Gateway Studio presets file/
      )
    } finally {
      await fresh.backend.close()
    }
  })

  it('says which preset of a file nested 10,000 deep cannot be read, as for any other problem [P3]', async () => {
    const deep = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000)
    const file = (payload: string, name = 'Deep'): string =>
      `{"format":"gateway-studio-presets","version":1,"styles":[],"presets":[` +
      `{"screen":"images","name":"Fine","payload":{}},{"screen":"images","name":"${name}","payload":${payload}}]}`
    await expect(studio.api.invoke('presets.import', { text: file(deep) })).rejects.toThrow(
      'The settings saved in preset “Deep” cannot be read, or are larger than 64 KB.'
    )
    // Deep enough for the file's own limit but not for a preset's: the same words, from the schema.
    const twenty = '{"a":'.repeat(20) + '1' + '}'.repeat(20)
    await expect(studio.api.invoke('presets.import', { text: file(twenty) })).rejects.toThrow(
      'The settings saved in preset “Deep” cannot be read, or are larger than 64 KB.'
    )
    await expect(studio.api.invoke('presets.import', { text: file(deep, ' ') })).rejects.toThrow(
      'Preset 2 in that file has no name, or a name longer than 80 characters.'
    )
    // Nothing of the refused file was kept.
    expect(await studio.api.invoke('presets.list', { screen: 'images' })).not.toContainEqual(
      expect.objectContaining({ name: 'Fine' })
    )
  })

  it('takes names that differ only in case as the same name in any script, not only in ASCII', async () => {
    await studio.api.invoke('boards.create', { name: 'Äpfel' })
    await expect(studio.api.invoke('boards.create', { name: 'äpfel' })).rejects.toThrow(
      /already a board called/
    )
    await studio.api.invoke('presets.save', { screen: 'video', name: 'Été', payload: {} })
    await expect(
      studio.api.invoke('presets.save', { screen: 'video', name: 'ÉTÉ', payload: {} })
    ).rejects.toThrow(/already a preset called/)
    await studio.api.invoke('styles.save', { name: 'Straße', prefix: 'street,' })
    await expect(studio.api.invoke('styles.save', { name: 'STRASSE', prefix: 'x' })).rejects.toThrow(
      /already a style called/
    )
    await studio.api.invoke('chat.savePreset', { name: 'Ωmega', systemPrompt: 'Be brief.' })
    await expect(
      studio.api.invoke('chat.savePreset', { name: 'ωMEGA', systemPrompt: 'Be long.' })
    ).rejects.toThrow(/already exists/)
  })
})
