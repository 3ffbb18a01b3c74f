import { spawn } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { lockDataFolder } from '../../../../src/main/dataFolder/lock'
import { StartProblem } from '../../../../src/main/dataFolder/startProblem'
import { makeTempDir } from '../../../helpers/tempDir'

const root = resolve(__dirname, '..', '..', '..', '..')

describe('one Gateway Studio per data folder [P45]', () => {
  const temp = makeTempDir('gs-lock-')

  it('refuses a second lock on the folder, naming the port the first announced, until it is released', () => {
    const first = lockDataFolder(temp.dir, 'web')
    first.announcePort(4321)
    let refused: unknown
    try {
      lockDataFolder(temp.dir, 'web')
    } catch (error) {
      refused = error
    }
    expect(refused).toBeInstanceOf(StartProblem)
    expect((refused as StartProblem).said).toMatchObject({
      code: 'dataFolderInUseWeb',
      values: { path: temp.dir, port: 4321 }
    })
    first.release()
    expect(existsSync(join(temp.dir, 'studio.lock.json'))).toBe(false)
    const again = lockDataFolder(temp.dir, 'electron')
    expect(() => lockDataFolder(temp.dir, 'web')).toThrow(/desktop app/)
    again.release()
  })

  it('is free again once a process holding it is killed with SIGKILL', async () => {
    const dir = join(temp.dir, 'killed')
    mkdirSync(dir, { recursive: true })
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `require('./src/main/dataFolder/lock').lockDataFolder(${JSON.stringify(dir)}, 'web'); console.log('held'); setInterval(() => {}, 1000)`
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] }
    )
    await new Promise<void>((held) => child.stdout?.on('data', () => held()))
    expect(() => lockDataFolder(dir, 'web')).toThrow(StartProblem)
    const exit = new Promise<NodeJS.Signals | null>((done) =>
      child.once('exit', (_code, signal) => done(signal))
    )
    child.kill('SIGKILL')
    expect(await exit).toBe('SIGKILL')
    const after = lockDataFolder(dir, 'web')
    after.release()
  })
})
