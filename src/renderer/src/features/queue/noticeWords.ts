import type { TFunction } from 'i18next'
import type { JobError } from '@shared/schemas/jobs'
import type { JobNotice } from '@shared/schemas/notices'
import { errorLine } from '../../ui/errorWords'

/** Why a job ended badly, for a notice's one line; `none` when the backend kept no reason. */
function reasonOf(t: TFunction, error: JobError | null, none: string): string {
  return error ? errorLine(t, error) : none
}

/** A notice's title and body in the language shown now; the prompt and the model stay as they are. */
export function noticeWords(t: TFunction, notice: JobNotice): { title: string; body: string } {
  const what = t(`queue.notice.what.${notice.kind}`, { count: notice.count })
  const title = t(`queue.notice.titles.${notice.words.code}`, { what })
  const prompt = notice.prompt
  const words = notice.words
  switch (words.code) {
    case 'ready':
      return { title, body: t('queue.notice.bodies.ready', { prompt, model: words.model }) }
    case 'unsaved':
    case 'partly_saved': {
      const reason = reasonOf(t, words.error, t('queue.notice.noResult'))
      const counts = { saved: words.saved, total: words.total }
      return { title, body: t('queue.notice.bodies.saved', { ...counts, reason, prompt }) }
    }
    case 'partly_done': {
      const counts = { arrived: words.arrived, expected: words.expected }
      return { title, body: t('queue.notice.bodies.partly_done', { ...counts, prompt }) }
    }
    case 'failed':
    case 'expired': {
      const reason = reasonOf(t, words.error, t('queue.notice.noReason'))
      return { title, body: t('queue.notice.bodies.failed', { reason, prompt }) }
    }
    case 'needs_attention':
      return { title, body: t('queue.notice.bodies.needs_attention', { prompt }) }
    case 'cancelled_by_gateway':
      return { title, body: t('queue.notice.bodies.prompt', { prompt }) }
    case 'batch_done': {
      const { name, done, failed, total } = words
      return { title, body: t('queue.notice.bodies.batch_done', { name, done, failed, total }) }
    }
  }
}
