import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createI18n } from '@renderer/i18n'
import { errors as englishErrors } from '@shared/i18n/locales/en/errors'
import { errorLine, errorWords, jobAppError } from '@renderer/ui/errorWords'

const en = createI18n('en').t
const zh = createI18n('zh-CN').t

/** The sentence the backend stores when a result's address expired before its file could be saved. */
const EXPIRED =
  'The result could not be downloaded before its address expired. It is lost on the gateway side.'

describe('a result’s file that could not be kept, in the reader’s language', () => {
  it('says the expired file in our words, with nothing of the backend’s English left', () => {
    const expired = { code: 'download_expired', message: EXPIRED }
    expect(errorLine(en, expired)).toBe(EXPIRED)
    expect(errorLine(zh, expired)).toBe('结果地址过期前没能下载到文件，网关那边也已不再保留。')
    expect(errorWords(zh, jobAppError(expired)).title).toBe('文件已丢失')
  })

  it('keeps the library’s technical detail (address, status, system code) as it was written', () => {
    const refused = { code: 'download_rejected', message: 'https://cdn.example/a.png answered HTTP 415' }
    expect(errorLine(zh, refused)).toBe(
      '结果地址上的文件被拒收：它不是应用能保存的图片或视频、文件过大，或者地址不被允许。（https://cdn.example/a.png answered HTTP 415）'
    )
    expect(errorLine(en, refused)).toMatch(
      /^The file at the result’s address was refused: .+ \(https:\/\/cdn\.example\/a\.png answered HTTP 415\)$/
    )
    const later = { code: 'download_transient', message: 'https://cdn.example/a.png: timed out (ETIMEDOUT)' }
    expect(errorWords(zh, jobAppError(later))).toMatchObject({
      title: '文件还没下载下来',
      message:
        '暂时没能下载结果；在地址过期之前，Gateway Studio 会继续重试。（https://cdn.example/a.png: timed out (ETIMEDOUT)）'
    })
  })

  it('puts the gateway’s own text after our words, and shows unknown stored words as they were stored', () => {
    const view = {
      kind: 'invalid' as const,
      action: 'fix_input' as const,
      title: 'The request needs a fix',
      message: 'size must be 1024x1024',
      said: 'size must be 1024x1024'
    }
    const refused = { code: 'invalid_value', message: view.message, view }
    expect(errorLine(en, refused)).toBe('The request needs a fix. The gateway said: “size must be 1024x1024”')
    expect(errorLine(zh, refused)).toBe('请求需要修改。网关返回：“size must be 1024x1024”')
    expect(errorLine(zh, { code: 'e', message: 'Gone.' })).toBe('Gone.')
  })
})

describe('the backend’s own sentences under a general code', () => {
  it('are said in the reader’s language; a sentence we do not know is shown as it came', () => {
    const folder = {
      code: 'gallery.bad_folder',
      message: 'That folder does not exist. Create it first, or pick another.'
    }
    expect(errorWords(zh, folder).message).toBe('这个文件夹不存在。请先创建它，或换一个文件夹。')
    expect(errorWords(en, folder).message).toBe(folder.message)
    expect(
      errorLine(zh, { code: 'empty_result', message: 'The gateway sent an image entry without data.' })
    ).toBe('网关返回了一个没有数据的图片条目。')
    expect(errorWords(zh, { code: 'gallery.bad_folder', message: 'Something new.' }).message).toBe(
      'Something new.'
    )
  })

  it('repeat the backend’s words exactly, so a change there cannot leave a sentence untranslated unseen', () => {
    const sources = ['src/main/jobs/sendRunner.ts', 'src/shared/sentences.ts']
      .map((file) => readFileSync(join(process.cwd(), file), 'utf8'))
      .join('\n')
      .replace(/\s+/g, ' ')
    for (const sentence of Object.values(englishErrors.backend)) expect(sources).toContain(sentence)
  })
})

describe('the backend’s sentences sent by code', () => {
  it('are said in Chinese with their values, and in English as the backend wrote them', () => {
    const taken = {
      code: 'boards.name_taken',
      message: 'There is already a board called “Moodboard”. Pick another name.',
      words: { code: 'boardNameTaken', values: { name: 'Moodboard' } }
    }
    expect(errorWords(zh, taken).message).toBe('已有名为“Moodboard”的画板。请换个名称。')
    expect(errorWords(en, taken).message).toBe(taken.message)
    const gone = {
      code: 'not_found',
      message: 'That image is no longer in the gallery.',
      words: { code: 'galleryImageGone' }
    }
    expect(errorWords(zh, gone)).toMatchObject({ title: '操作未完成', message: '这张图片已不在图库中。' })
  })

  it('keep the English message for a code this build does not know', () => {
    const newer = { code: 'not_found', message: 'A sentence from a newer backend.', words: { code: 'newer' } }
    expect(errorWords(zh, newer).message).toBe('A sentence from a newer backend.')
  })
})

describe('a job waiting for budget [P50]', () => {
  it('is said in the reader’s language from the words the backend stored with the task', () => {
    const waiting = {
      code: 'budget',
      message:
        "This job ($0.04) would take this batch past its cap of $0.20. Raise the batch's cap to send the rest.",
      words: {
        code: 'budgetBatch',
        values: {
          estimate: '$0.04',
          cap: '$0.20',
          gateway: 'Emulator',
          estimateMicros: 40_000,
          capMicros: 200_000
        }
      }
    }
    expect(errorWords(en, jobAppError(waiting)).message).toBe(waiting.message)
    expect(errorWords(zh, jobAppError(waiting)).message).toBe(
      '这个任务（$0.04）会让这个批量的花费超过它的上限 $0.20。提高这个批量的上限，即可发送其余任务。'
    )
  })
})
