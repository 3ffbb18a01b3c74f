import type { JobError } from '../../shared/schemas/jobs'
import type { JobNotice, NoticeCode } from '../../shared/schemas/notices'
import type { Notice } from '../services/context'
import type { SpokenLanguage } from '../../shared/language'

/**
 * The desktop notification's words (Electron only): the OS shows it with no renderer to word the notice,
 * so the backend keeps this small catalog of the same sentences as the renderer's queue.notice.*. The page's
 * own toast is worded by the renderer, with the whole failure explained; here the body is the prompt and,
 * for a failure, the gateway's own text as it came.
 */
interface NoticeCatalog {
  what: (kind: JobNotice['kind'], count: number) => string
  titles: Record<NoticeCode, string>
  said: string
  /** A failure's body: the prompt and the gateway's words, in the order the language reads them. */
  failed: (prompt: string, said: string) => string
  /** After the prompt of a finished job: the model that made it. */
  model: (model: string) => string
  quote: (text: string) => string
  gap: string
}

const quote = (text: string): string => `“${text}”`

export const NOTICE_WORDS: Record<SpokenLanguage, NoticeCatalog> = {
  en: {
    what: (kind, count) =>
      kind === 'video'
        ? 'Video'
        : kind === 'edit'
          ? 'Edit'
          : count === 1
            ? 'Image'
            : `${new Intl.NumberFormat('en').format(count)} images`,
    titles: {
      ready: '{what} ready',
      unsaved: '{what} finished, but nothing could be saved',
      partly_saved: '{what} finished with problems',
      partly_done: '{what} partly done',
      failed: '{what} failed',
      expired: '{what} expired',
      needs_attention: '{what} needs your attention',
      cancelled_by_gateway: '{what} cancelled by the gateway'
    },
    said: 'The gateway said:',
    failed: (prompt, said) => `${said} ${prompt}`,
    model: (model) => ` · ${model}`,
    quote,
    gap: ' '
  },
  'zh-CN': {
    what: (kind, count) =>
      kind === 'video'
        ? '视频'
        : kind === 'edit'
          ? '编辑任务'
          : `${new Intl.NumberFormat('zh-CN').format(count)} 张图片`,
    titles: {
      ready: '{what}已完成',
      unsaved: '{what}已生成，但没能保存',
      partly_saved: '{what}已生成，部分没能保存',
      partly_done: '{what}只完成了一部分',
      failed: '{what}未能完成',
      expired: '{what}已过期',
      needs_attention: '{what}需要你处理',
      cancelled_by_gateway: '{what}已被网关取消'
    },
    said: '网关返回：',
    failed: (prompt, said) => `${prompt}：${said}`,
    model: (model) => `，模型：${model}`,
    quote,
    gap: ''
  }
}

/** The gateway's own text of a failure, when the gateway gave one. */
function gatewaySaid(notice: JobNotice): string | null {
  const words = notice.words
  const error: JobError | null = 'error' in words ? words.error : null
  return error?.view?.said ?? null
}

/** The desktop notification of a notice, in `language`. */
export function desktopNotice(notice: JobNotice, language: SpokenLanguage): Notice {
  const words = NOTICE_WORDS[language]
  const title = words.titles[notice.words.code].replace('{what}', words.what(notice.kind, notice.count))
  const said = gatewaySaid(notice)
  const prompt = words.quote(notice.prompt)
  const model = notice.words.code === 'ready' ? words.model(notice.words.model) : ''
  const body =
    said === null
      ? `${prompt}${model}`
      : words.failed(prompt, `${words.said}${words.gap}${words.quote(said)}`)
  return { title, body }
}
