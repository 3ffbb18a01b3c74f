import { fill, sentenceIn, wordsOf } from '../../shared/i18n/words'
import type { SpokenLanguage } from '../../shared/language'
import type { StartProblem } from '../dataFolder/startProblem'

export type StartAction = 'backup' | 'otherFolder' | 'quit'

/** The desktop app's dialog for a refused start: the sentence, and the buttons in the order shown. */
export interface StartChoice {
  title: string
  message: string
  buttons: { label: string; action: StartAction }[]
}

/**
 * What the desktop app offers when the backend refuses to start (RELIABILITY P45–P47): always the one
 * sentence naming the path; the newest backup when the database is damaged or lost and there is one;
 * another data folder when this one cannot be used; and quitting. The web host's command line offers the
 * same as flags (`--restore-backup`, `--data-dir`).
 */
export function startChoice(problem: StartProblem, language: SpokenLanguage): StartChoice {
  const words = wordsOf(language).app.desktop
  const buttons: StartChoice['buttons'] = []
  const backup = problem.offers.backup
  if (backup) {
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(
      backup.takenAt
    )
    buttons.push({ label: fill(language, words.openBackup, { date }), action: 'backup' })
  }
  if (!problem.said.code.startsWith('dataFolderInUse'))
    buttons.push({ label: words.otherFolder, action: 'otherFolder' })
  buttons.push({ label: words.quit, action: 'quit' })
  return { title: wordsOf(language).app.startFailed, message: sentenceIn(language, problem.said), buttons }
}
