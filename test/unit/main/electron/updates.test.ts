import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'

// electron-updater reaches for electron as it loads; neither can run here.
vi.mock('electron', () => ({ app: {}, Notification: class {} }))

const updater = vi.hoisted(() => ({ setFeedURL: vi.fn(), checkForUpdatesAndNotify: vi.fn() }))

vi.mock('electron-updater', () => {
  const autoUpdater = {
    setFeedURL: updater.setFeedURL,
    checkForUpdatesAndNotify: updater.checkForUpdatesAndNotify
  }
  // Node's import() of this CommonJS package exposes autoUpdater on the default export only.
  return { default: { autoUpdater } }
})

const { startUpdateCheck } = await import('../../../../src/main/electron/updates')

const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

describe('auto-update check', () => {
  beforeEach(() => {
    updater.setFeedURL.mockReset()
    updater.checkForUpdatesAndNotify.mockReset()
  })

  it('is off without a feed configured at build time, and never loads electron-updater', async () => {
    const log = vi.fn()
    const loadUpdater = vi.fn()
    for (const feedUrl of ['', undefined, '   '])
      expect(startUpdateCheck({ feedUrl, packaged: true, log, loadUpdater })).toBe('off')
    await flush()
    expect(loadUpdater).not.toHaveBeenCalled()
    expect(updater.checkForUpdatesAndNotify).not.toHaveBeenCalled()
  })

  it('is off in development (npm start, npm run dev) even with a feed', async () => {
    expect(startUpdateCheck({ feedUrl: 'https://updates.example/', packaged: false, log: vi.fn() })).toBe(
      'off'
    )
    await flush()
    expect(updater.checkForUpdatesAndNotify).not.toHaveBeenCalled()
  })

  it('returns before the check finishes: start-up never waits on the update server', async () => {
    let answer: (value: null) => void = () => undefined
    updater.checkForUpdatesAndNotify.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const log = vi.fn()
    const started = startUpdateCheck({ feedUrl: 'https://updates.example/studio', packaged: true, log })
    expect(started).toBe('started')
    await flush()
    expect(updater.setFeedURL).toHaveBeenCalledWith({
      provider: 'generic',
      url: 'https://updates.example/studio'
    })
    expect(updater.checkForUpdatesAndNotify).toHaveBeenCalledTimes(1)
    answer(null)
    await flush()
    expect(log).not.toHaveBeenCalled()
  })

  it('logs a failed check instead of throwing into start-up', async () => {
    updater.checkForUpdatesAndNotify.mockRejectedValue(new Error('offline'))
    const log = vi.fn()
    expect(() => startUpdateCheck({ feedUrl: 'https://updates.example/', packaged: true, log })).not.toThrow()
    await flush()
    await flush()
    expect(log).toHaveBeenCalledWith('Update check failed', new Error('offline'))
  })
})

describe('the web host', () => {
  it('never reaches the updater: only the Electron shell (src/main/electron, src/main/index.ts) may', () => {
    const main = join(__dirname, '..', '..', '..', '..', 'src', 'main')
    const offenders = readdirSync(main, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.startsWith('electron') && file !== 'index.ts')
      .filter((file) => /electron-updater|electron\/updates/.test(readFileSync(join(main, file), 'utf8')))
    expect(offenders).toEqual([])
  })
})
