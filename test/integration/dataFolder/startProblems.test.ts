import { createHash, randomBytes } from 'node:crypto'
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeSync
} from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { takeBackup } from '../../../src/main/dataFolder/backups'
import { openDatabase } from '../../../src/main/db/connection'
import { createApiClient } from '../../../src/shared/client'
import { startTestBackend } from '../../helpers/backend'
import { bindReadOnly, canMount } from '../../helpers/mounts'
import { makeTempDir } from '../../helpers/tempDir'
import { startWebCli, stubRenderer, type WebCli } from '../../helpers/webCli'
import { connectWebSocket } from '../../helpers/wsClient'

const digest = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex')
const BACKUP_AT = Date.parse('2026-11-26T09:30:00Z')

/**
 * Starting on a data folder that cannot be trusted (issue 23, 5 and 7): a database truncated to nothing
 * beside a full library, garbage inside it, a read-only folder. Each start says one sentence naming the
 * path, in the terminal's language, offers what to do, and changes nothing; the backup it offers opens.
 */
describe('a start on a data folder that cannot be trusted [P46][P47]', () => {
  const temp = makeTempDir('gs-start-')
  const rendererDir = stubRenderer(join(temp.dir, 'renderer'))
  const dataDir = join(temp.dir, 'data')
  const clis: WebCli[] = []
  const cli = (dir: string, lang: string, args: string[] = []): WebCli => {
    const started = startWebCli(dir, rendererDir, lang, args)
    clis.push(started)
    return started
  }

  beforeAll(async () => {
    const studio = startTestBackend(temp.dir, 'data')
    await studio.api.invoke('boards.create', { name: 'Moodboard' })
    await studio.api.invoke('presets.save', {
      screen: 'images',
      name: 'Poster',
      payload: { prompt: 'a poster' }
    })
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
      .png()
      .toBuffer()
    await studio.api.invoke('library.import', { data: png.toString('base64') })
    await studio.backend.close()
    const db = openDatabase(join(dataDir, 'studio.db'))
    await takeBackup(db, dataDir, BACKUP_AT)
    db.close()
  })
  afterAll(async () => {
    for (const started of clis) started.kill()
    await Promise.all(clis.map((started) => started.exit))
    temp.cleanup()
  })

  it('refuses a database truncated to nothing beside the library, offers its backup, and opens it when asked', async () => {
    const file = join(dataDir, 'studio.db')
    truncateSync(file, 0)
    for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })
    const english = await cli(dataDir, 'en_US.UTF-8').exit
    expect(english.code).toBe(3)
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(BACKUP_AT)
    expect(english.output.trim().split('\n')).toEqual([
      `Gateway Studio could not start. The library database is empty or missing, but the library beside it holds files: ${file}. Nothing was changed. Open a backup, or start with another data folder.`,
      `A backup of the database from ${date} is in ${join(dataDir, 'backups')}: start with --restore-backup to open it (the files as they are now are kept aside).`,
      'Or start with --data-dir and another folder to begin a new library there.'
    ])
    const chinese = await cli(dataDir, 'zh_CN.UTF-8').exit
    expect(chinese.code).toBe(3)
    expect(chinese.output).toContain(`图库数据库是空的或已丢失，但旁边的图库里还有文件：${file}。`)
    expect(chinese.output).toContain('--restore-backup')
    expect(statSync(file).size).toBe(0)

    const restored = cli(dataDir, 'en_US.UTF-8', ['--restore-backup'])
    await restored.running
    const address = JSON.parse(readFileSync(join(dataDir, 'web-host.json'), 'utf8')) as {
      port: number
      token: string
    }
    const socket = await connectWebSocket(`http://127.0.0.1:${address.port}`, address.token)
    const api = createApiClient(socket)
    expect((await api.invoke('boards.list', {})).map((board) => board.name)).toContain('Moodboard')
    expect((await api.invoke('presets.list', { screen: 'images' })).map((preset) => preset.name)).toEqual([
      'Poster'
    ])
    socket.close()
    restored.kill()
    await restored.exit
    // The truncated file was kept aside, not deleted.
    const aside = readdirSync(dataDir).filter((name) => name.startsWith('set-aside-'))
    expect(aside).toHaveLength(1)
    expect(statSync(join(dataDir, aside[0] ?? '', 'studio.db')).size).toBe(0)
  }, 60_000)

  it('refuses 4 KB of garbage inside the database and writes nothing to it', async () => {
    const file = join(dataDir, 'studio.db')
    const fd = openSync(file, 'r+')
    writeSync(fd, randomBytes(4096), 0, 4096, 4096 * 2)
    closeSync(fd)
    for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })
    const before = digest(file)
    const refused = await cli(dataDir, 'en_US.UTF-8').exit
    expect(refused.code).toBe(3)
    expect(refused.output.split('\n')[0]).toBe(
      `Gateway Studio could not start. The library database is damaged: ${file}. Nothing was written to it. Open a backup, or start with another data folder.`
    )
    expect(digest(file)).toBe(before)
    expect(existsSync(`${file}-wal`)).toBe(false)
  }, 30_000)

  it.skipIf(!canMount())(
    'says a read-only data folder is read-only, naming it, in both languages',
    async () => {
      const readOnly = join(temp.dir, 'read-only')
      const unmount = bindReadOnly(dataDir, readOnly)
      try {
        const english = await cli(readOnly, 'en_US.UTF-8').exit
        expect(english.code).toBe(3)
        expect(english.output.split('\n')[0]).toBe(
          `Gateway Studio could not start. The data folder is read-only: ${readOnly}. Make it writable, or start with another data folder.`
        )
        const chinese = await cli(readOnly, 'zh_CN.UTF-8').exit
        expect(chinese.output).toContain(`数据文件夹是只读的：${readOnly}。`)
        // A new data folder inside a read-only place is said the same way, not "ENOENT … mkdir".
        const inside = join(readOnly, 'new-library')
        const fresh = await cli(inside, 'en_US.UTF-8').exit
        expect(fresh.code).toBe(3)
        expect(fresh.output).toContain(`The data folder is read-only: ${inside}.`)
      } finally {
        unmount()
      }
    },
    30_000
  )
})
