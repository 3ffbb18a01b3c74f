import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestBackend, type TestBackend } from '../../helpers/backend'
import { makeTempDir } from '../../helpers/tempDir'

describe('each screen remembers its last model and parameters across restarts (issue 14)', () => {
  const temp = makeTempDir('gs-last-used-int-')
  let studio: TestBackend

  beforeAll(() => {
    studio = startTestBackend(temp.dir)
  })
  afterAll(async () => {
    await studio.backend.close()
    temp.cleanup()
  })

  it('keeps every screen apart, survives a backend restart, and refuses what is not a parameter', async () => {
    expect(await studio.api.invoke('ui.lastUsed.get', {})).toEqual({})
    await studio.api.invoke('ui.lastUsed.remember', {
      screen: 'images',
      model: 'studio-image-v3',
      params: { endpoint: 'imagesV3', imagesV3: { n: '3', size: '1024x1024' } }
    })
    // Two screens saved back to back: the second keeps the first (one row, merged in a transaction).
    await Promise.all([
      studio.api.invoke('ui.lastUsed.remember', {
        screen: 'video',
        model: 'seedance-video',
        params: { duration: 8 }
      }),
      studio.api.invoke('ui.lastUsed.remember', { screen: 'chat', model: 'studio-messages', params: {} })
    ])

    await studio.backend.close()
    studio = startTestBackend(temp.dir)
    const back = await studio.api.invoke('ui.lastUsed.get', {})
    expect(back.images).toMatchObject({
      model: 'studio-image-v3',
      params: { endpoint: 'imagesV3', imagesV3: { n: '3', size: '1024x1024' } }
    })
    expect(back.video).toMatchObject({ model: 'seedance-video', params: { duration: 8 } })
    expect(back.chat?.model).toBe('studio-messages')
    expect(back.edit).toBeUndefined()
    // Settings proper are untouched by the remembered row, and it does not leak into them.
    expect(Object.keys(await studio.api.invoke('settings.get', {}))).not.toContain('ui.lastUsed')

    await expect(
      studio.api.invoke('ui.lastUsed.remember', {
        screen: 'gallery' as 'chat',
        model: 'x',
        params: {}
      })
    ).rejects.toThrow()
    await expect(
      studio.api.invoke('ui.lastUsed.remember', {
        screen: 'edit',
        model: 'x',
        params: { deep: { deeper: { n: 1 } } as unknown as Record<string, string> }
      })
    ).rejects.toThrow()
    expect((await studio.api.invoke('ui.lastUsed.get', {})).edit).toBeUndefined()
  })
})
