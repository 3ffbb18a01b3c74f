import { mkdirSync } from 'node:fs'
import { userInfo } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { startTestBackend } from '../../helpers/backend'
import { makeTempDir } from '../../helpers/tempDir'

describe('who a team image says shared it', () => {
  const temp = makeTempDir('gs-team-name-')
  const ana = startTestBackend(temp.dir, 'ana')
  const ben = startTestBackend(temp.dir, 'ben')
  afterAll(async () => {
    await Promise.all([ana.backend.close(), ben.backend.close()])
    temp.cleanup()
  })

  it('is the name set in Settings, else the computer’s user name', async () => {
    expect((await ana.api.invoke('app.info', {})).userName).toBe(userInfo().username)
    expect((await ana.api.invoke('settings.get', {})).teamName).toBe('')
    mkdirSync(join(temp.dir, 'shared'))
    const settings = { kind: 'folder', path: join(temp.dir, 'shared') } as const
    const picture = (r: number): Promise<Buffer> =>
      sharp({ create: { width: 12, height: 8, channels: 3, background: { r, g: 10, b: 10 } } })
        .png()
        .toBuffer()
    const share = async (name: string, r: number): Promise<void> => {
      const { added } = await ana.api.invoke('gallery.importFiles', {
        files: [{ name: `${name}.png`, data: (await picture(r)).toString('base64') }]
      })
      const board = await ana.api.invoke('boards.create', { name })
      await ana.api.invoke('boards.add', { boardId: board.id, selection: { kind: 'ids', ids: added } })
      await ana.api.invoke('team.publishBoard', { locationId: anaLocation.id, boardId: board.id })
    }
    const authorsAtBen = async (): Promise<string[]> => {
      await ben.api.invoke('team.sync', { id: benLocation.id })
      const page = await ben.api.invoke('gallery.query', { filter: {} })
      const details = await Promise.all(
        page.items.map((item) => ben.api.invoke('gallery.get', { id: item.id }))
      )
      return details.map((detail) => detail.imported?.team?.author ?? '').sort()
    }
    const anaLocation = await ana.api.invoke('locations.save', { name: 'Team', settings, credentials: null })
    const benLocation = await ben.api.invoke('locations.save', { name: 'Team', settings, credentials: null })

    await share('First', 40)
    expect(await authorsAtBen()).toEqual([userInfo().username])
    // Trimmed as the settings keep it; what is shared from now on says it.
    expect((await ana.api.invoke('settings.update', { teamName: '  Ana Lima ' })).teamName).toBe('Ana Lima')
    await share('Second', 80)
    expect(await authorsAtBen()).toEqual([userInfo().username, 'Ana Lima'].sort())
    await expect(ana.api.invoke('settings.update', { teamName: 'x'.repeat(81) })).rejects.toMatchObject({
      code: 'invalid_input'
    })
  })
})
