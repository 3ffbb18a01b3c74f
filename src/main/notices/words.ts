import type { JobError } from '../../shared/schemas/jobs'
import type { JobNotice } from '../../shared/schemas/notices'
import type { SpokenLanguage } from '../../shared/language'
import { fill, plural, wordsOf } from '../../shared/i18n/words'

/** A desktop notification: what the desktop shell's `notify` shows (the web host's page words its own). */
export interface DesktopNotice {
  title: string
  body: string
}

/** The gateway's own text of a failure, when the gateway gave one. */
function gatewaySaid(notice: JobNotice): string | null {
  const words = notice.words
  const error: JobError | null = 'error' in words ? words.error : null
  return error?.view?.said ?? null
}

/** "Video", "3 images": what the notice is about, as the page's toast says it (queue.notice.what). */
function whatOf(notice: JobNotice, language: SpokenLanguage): string {
  const what = wordsOf(language).queue.notice.what
  return notice.kind === 'image' ? plural(language, what, 'image', notice.count) : what[notice.kind]
}

/**
 * The desktop notification of a notice, in `language` (Electron only: the OS shows it with no renderer to
 * word it). Its title is the page's toast title, from the same catalog (queue.notice.*); its body stays
 * short, the prompt with the model of a finished job or the gateway's own text of a failure, as it came.
 */
export function desktopNotice(notice: JobNotice, language: SpokenLanguage): DesktopNotice {
  const words = wordsOf(language).queue.notice
  const title = fill(language, words.titles[notice.words.code], { what: whatOf(notice, language) })
  const prompt = notice.prompt
  const said = gatewaySaid(notice)
  if (said !== null) {
    const reason = fill(language, words.desktop.said, { said })
    return { title, body: fill(language, words.bodies.failed, { reason, prompt }) }
  }
  if (notice.words.code === 'batch_done') {
    const { name, done, failed, total } = notice.words
    return { title, body: fill(language, words.bodies.batch_done, { name, done, failed, total }) }
  }
  if (notice.words.code === 'ready')
    return { title, body: fill(language, words.bodies.ready, { prompt, model: notice.words.model }) }
  return { title, body: fill(language, words.bodies.prompt, { prompt }) }
}
