import { describe, expect, it } from 'vitest'
import { StartProblem } from '../../../../src/main/dataFolder/startProblem'
import { startChoice } from '../../../../src/main/electron/startChoice'

const takenAt = Date.parse('2026-11-26T09:30:00Z')

describe("the desktop app's dialog for a refused start [P45][P46]", () => {
  it('offers the backup, another folder and quitting for a damaged database, in the language asked', () => {
    const problem = new StartProblem(
      'databaseDamaged',
      { path: '/home/me/studio.db' },
      {
        backup: { file: '/home/me/backups/studio-20261126-093000.db', takenAt }
      }
    )
    const english = startChoice(problem, 'en')
    expect(english.title).toBe('Gateway Studio could not start')
    expect(english.message).toBe(
      'The library database is damaged: /home/me/studio.db. Nothing was written to it. Open a backup, or start with another data folder.'
    )
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(takenAt)
    expect(english.buttons).toEqual([
      { label: `Open the backup from ${date}`, action: 'backup' },
      { label: 'Choose another folder…', action: 'otherFolder' },
      { label: 'Quit', action: 'quit' }
    ])
    const chinese = startChoice(problem, 'zh-CN')
    expect(chinese.message).toBe(
      '图库数据库已损坏：/home/me/studio.db。没有向它写入任何内容。请打开一个备份，或使用另一个数据文件夹启动。'
    )
    expect(chinese.buttons.map((button) => button.action)).toEqual(['backup', 'otherFolder', 'quit'])
  })

  it('offers no backup where there is none, and only quitting while another app holds the folder', () => {
    const lost = startChoice(new StartProblem('databaseLost', { path: '/x/studio.db' }), 'en')
    expect(lost.buttons.map((button) => button.action)).toEqual(['otherFolder', 'quit'])
    const inUse = startChoice(new StartProblem('dataFolderInUseDesktop', { path: '/x' }), 'en')
    expect(inUse.message).toBe('This data folder is already open in the Gateway Studio desktop app: /x')
    expect(inUse.buttons.map((button) => button.action)).toEqual(['quit'])
  })
})
