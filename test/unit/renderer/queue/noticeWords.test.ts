import { describe, expect, it } from 'vitest'
import { noticeWords } from '@renderer/features/queue/noticeWords'
import { createI18n } from '@renderer/i18n'
import { NoticeWords as NoticeWordsSchema, type JobNotice, type NoticeWords } from '@shared/schemas/notices'
import { desktopNotice } from '../../../../src/main/notices/words'

const en = createI18n('en').t
const zh = createI18n('zh-CN').t

const notice = (words: NoticeWords, patch: Partial<JobNotice> = {}): JobNotice => ({
  jobId: 'j1',
  kind: 'video',
  status: 'failed',
  tone: 'error',
  words,
  count: 1,
  prompt: '雨夜的纸船',
  hasResult: false,
  at: 1,
  ...patch
})

/** A failure the gateway answered with its own envelope: our words by kind, its text as it came. */
const refused = {
  code: 'stream_not_supported',
  message: 'Model "studio-image-v3" does not support streaming',
  view: {
    kind: 'invalid' as const,
    action: 'fix_input' as const,
    title: 'The request needs a fix',
    message: 'Model "studio-image-v3" does not support streaming',
    said: 'Model "studio-image-v3" does not support streaming'
  }
}

describe('a notice worded from its code', () => {
  it('says a finished job in English and in 简体中文, the prompt and the model as they are', () => {
    const ready = notice({ code: 'ready', model: 'seedance-video' }, { status: 'succeeded', tone: 'ok' })
    expect(noticeWords(en, ready)).toEqual({ title: 'Video ready', body: '“雨夜的纸船” · seedance-video' })
    expect(noticeWords(zh, ready)).toEqual({
      title: '视频已完成',
      body: '“雨夜的纸船”，模型：seedance-video'
    })
    const group = notice({ code: 'ready', model: 'm' }, { kind: 'image', count: 1200 })
    expect(noticeWords(en, group).title).toBe('1,200 images ready')
    expect(noticeWords(zh, group).title).toBe('1,200 张图片已完成')
    expect(noticeWords(en, { ...group, count: 1 }).title).toBe('Image ready')
  })

  it('puts the gateway’s own text beside our words, never translated', () => {
    const failed = notice({ code: 'failed', error: refused })
    expect(noticeWords(en, failed)).toEqual({
      title: 'Video failed',
      body: 'The request needs a fix. The gateway said: “Model "studio-image-v3" does not support streaming” “雨夜的纸船”'
    })
    expect(noticeWords(zh, failed)).toEqual({
      title: '视频未能完成',
      body: '“雨夜的纸船”：请求需要修改。网关返回：“Model "studio-image-v3" does not support streaming”'
    })
  })

  it('words the app’s own failure codes, and shows words stored before codes as they were stored', () => {
    const deadline = {
      code: 'deadline',
      message: 'The gateway did not finish this task in time; Gateway Studio stopped waiting for it.'
    }
    expect(noticeWords(zh, notice({ code: 'expired', error: deadline })).body).toBe(
      '“雨夜的纸船”：网关没有在时限内完成这个任务，Gateway Studio 已停止等待。'
    )
    const unread = { code: 'internal', message: 'The stored request could not be read.' }
    expect(noticeWords(zh, notice({ code: 'failed', error: unread })).body).toBe(
      '“雨夜的纸船”：无法读取已保存的请求。'
    )
    const legacy = { code: 'internal', message: 'Words an older build stored.' }
    expect(noticeWords(zh, notice({ code: 'failed', error: legacy })).body).toBe(
      '“雨夜的纸船”：Words an older build stored.'
    )
    const lost = { code: 'download_rejected', message: 'https://cdn.example/x.png answered HTTP 415' }
    expect(noticeWords(zh, notice({ code: 'unsaved', saved: 0, total: 1, error: lost })).body).toBe(
      '“雨夜的纸船”：已保存 0/1。结果地址上的文件被拒收：它不是应用能保存的图片或视频、文件过大，或者地址不被允许。（https://cdn.example/x.png answered HTTP 415）'
    )
    expect(noticeWords(zh, notice({ code: 'failed', error: null })).body).toBe(
      '“雨夜的纸船”：网关没有说明原因。'
    )
  })

  it('counts what was saved and what arrived with the library’s plurals and Intl numbers', () => {
    const images = { kind: 'image' as const, count: 3 }
    const lost = notice({ code: 'partly_saved', saved: 2, total: 3, error: null }, images)
    expect(noticeWords(en, lost)).toEqual({
      title: '3 images finished with problems',
      body: '2 of 3 saved: No result arrived. “雨夜的纸船”'
    })
    expect(noticeWords(zh, lost)).toEqual({
      title: '3 张图片已生成，部分没能保存',
      body: '“雨夜的纸船”：已保存 2/3。没有收到结果。'
    })
    const part = notice({ code: 'partly_done', arrived: 1, expected: 2 }, images)
    expect(noticeWords(zh, part).body).toBe('“雨夜的纸船”：已收到 1/2。')
    expect(noticeWords(zh, notice({ code: 'needs_attention' })).title).toBe('视频需要你处理')
    expect(noticeWords(zh, notice({ code: 'cancelled_by_gateway' }))).toEqual({
      title: '视频已被网关取消',
      body: '提示词：“雨夜的纸船”'
    })
  })
})

describe('the desktop notification beside the page’s toast', () => {
  /** One notice of each code, with the values that code carries. */
  const everyCode: NoticeWords[] = [
    { code: 'ready', model: 'seedance-video' },
    { code: 'unsaved', saved: 0, total: 2, error: null },
    { code: 'partly_saved', saved: 1, total: 2, error: refused },
    { code: 'partly_done', arrived: 1, expected: 2 },
    { code: 'failed', error: refused },
    { code: 'expired', error: null },
    { code: 'needs_attention' },
    { code: 'cancelled_by_gateway' },
    { code: 'batch_done', name: 'Spring posters', done: 280, failed: 20, total: 300 }
  ]

  it('covers every code the backend sends', () => {
    expect(everyCode.map((words) => words.code).sort()).toEqual(
      NoticeWordsSchema.options.map((option) => option.shape.code.value).sort()
    )
  })

  it('says the same title for each code, kind and count, in English and in 简体中文', () => {
    const shapes = [
      { kind: 'video', count: 1 },
      { kind: 'edit', count: 1 },
      { kind: 'image', count: 1 },
      { kind: 'image', count: 1200 }
    ] as const
    for (const [language, t] of [
      ['en', en],
      ['zh-CN', zh]
    ] as const)
      for (const words of everyCode)
        for (const shape of shapes) {
          const shown = notice(words, shape)
          expect(desktopNotice(shown, language).title, `${language} ${words.code} ${shape.kind}`).toBe(
            noticeWords(t, shown).title
          )
        }
  })

  it('says the same body where the toast has nothing more to explain', () => {
    for (const [language, t] of [
      ['en', en],
      ['zh-CN', zh]
    ] as const)
      for (const shown of [
        notice({ code: 'ready', model: 'seedance-video' }),
        notice({ code: 'cancelled_by_gateway' }),
        notice({ code: 'batch_done', name: 'Spring posters', done: 280, failed: 20, total: 300 })
      ])
        expect(desktopNotice(shown, language)).toEqual(noticeWords(t, shown))
  })
})
