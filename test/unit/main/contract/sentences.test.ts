import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import type { SafeStorage } from 'electron'
import { describe, expect, it } from 'vitest'
import { AppFailure } from '../../../../src/main/contract/failure'
import { createSafeStorageCipher } from '../../../../src/main/electron/cipher'
import { createKeyFileCipher } from '../../../../src/main/secrets/cipher'
import { checkSettings } from '../../../../src/main/services/chatScope'
import { checkBaseUrl } from '../../../../src/shared/gateway/baseUrl'
import { defaultChatSettings, settingsIssues } from '../../../../src/shared/schemas/chat'
import { english, say, sentences } from '../../../../src/shared/sentences'
import { AppErrorSchema } from '../../../../src/shared/result'
import { keyElsewhereMessage, keyRemovedMessage, noKeyMessage } from '../../../../src/shared/schemas/profiles'
import { errors as en } from '../../../../src/shared/i18n/locales/en/errors'
import { errors as zh } from '../../../../src/shared/i18n/locales/zh-CN/errors'

const MAIN = join(process.cwd(), 'src/main')

/**
 * Failures whose words are not a sentence of ours, each with why the renderer can still say it: the file and
 * a piece of the call that finds it. A new `new AppFailure(` with a plain English sentence is not here.
 */
const NOT_SENTENCES: readonly { file: string; has: string; why: string }[] = [
  { file: 'gateway/failure.ts', has: 'view.message, view', why: 'the gateway view words it by kind' },
  { file: 'jobs/engine.ts', has: 'issues.map', why: 'details.issues: each issue is worded by its rule' }
]

/**
 * Placeholders that would carry someone else's English into our sentence (zod's message, an Error's): a
 * sentence names what is wrong itself, and its values are only names, places and figures.
 */
const FREE_TEXT = ['detail', 'message', 'reason', 'error', 'issue']

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : []
  )
}

/** The text of every `new AppFailure(…)` call in a source, up to its closing bracket. */
function failureCalls(source: string): string[] {
  const calls: string[] = []
  let from = source.indexOf('new AppFailure(')
  while (from !== -1) {
    let depth = 0
    let end = from + 'new AppFailure'.length
    for (; end < source.length; end++) {
      if (source[end] === '(') depth++
      else if (source[end] === ')' && --depth === 0) break
    }
    calls.push(source.slice(from, end + 1))
    from = source.indexOf('new AppFailure(', end)
  }
  return calls
}

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort()

describe('the backend’s sentences carry codes the renderer words in both languages', () => {
  it('every failure the backend throws is a coded sentence, or one of the few worded another way', () => {
    const calls = sourceFiles(MAIN).flatMap((path) =>
      failureCalls(readFileSync(path, 'utf8')).map((call) => ({ file: relative(MAIN, path), call }))
    )
    expect(calls.length).toBeGreaterThan(40)
    const plain = calls.filter(({ call }) => !/\bsay\(/.test(call))
    const unexplained = plain.filter(
      ({ file, call }) => !NOT_SENTENCES.some((known) => known.file === file && call.includes(known.has))
    )
    expect(unexplained).toEqual([])
    // Each exception still exists: a stale entry would let a new sentence hide behind it.
    for (const known of NOT_SENTENCES)
      expect(plain.some(({ file, call }) => file === known.file && call.includes(known.has))).toBe(true)
  })

  it('every code has the same English in the renderer’s catalog and Chinese with the same values', () => {
    const english: Record<string, string> = en.backend
    const chinese = zh.backend as Record<string, string>
    for (const [code, sentence] of Object.entries(sentences)) {
      expect(english[code], code).toBe(sentence)
      expect(chinese[code], code).toMatch(/[\u4e00-\u9fff]/)
      expect(placeholders(chinese[code] ?? ''), code).toEqual(placeholders(sentence))
    }
  })

  it('fills no sentence with free text: zod’s or an error’s English cannot come back through a value', () => {
    for (const [code, sentence] of Object.entries(sentences))
      expect(
        placeholders(sentence).filter((name) => FREE_TEXT.includes(name)),
        code
      ).toEqual([])
  })

  it('words the address, chat settings and key protection by code, not in English of their own', () => {
    const refused = checkBaseUrl('http://gw.example.com', { allowLoopbackHttp: true })
    expect(refused).toEqual({
      ok: false,
      code: 'baseUrlHttpRemote',
      message: english('baseUrlHttpRemote')
    })
    for (const url of [
      'gw.example.com',
      'https://u:p@gw.example.com',
      'https://gw.example.com/?a',
      'ftp://x'
    ])
      expect(Object.keys(sentences)).toContain(
        (checkBaseUrl(url, { allowLoopbackHttp: true }) as { code: string }).code
      )
    const settings = { ...defaultChatSettings(), temperature: 1.5 }
    expect(settingsIssues('messages', settings)).toEqual([say('temperatureMessages', { max: 1 })])
    expect(settingsIssues('chat', settings)).toEqual([])
    expect(() => checkSettings('messages', settings)).toThrow(
      expect.objectContaining({ words: { code: 'temperatureMessages', values: { max: 1 } } })
    )
    const dir = mkdtempSync(join(tmpdir(), 'gs-sentences-'))
    try {
      expect(createKeyFileCipher(dir).description).toEqual(say('keysKeyFile'))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    const storage = (backend: string) =>
      ({ getSelectedStorageBackend: () => backend }) as unknown as SafeStorage
    expect(createSafeStorageCipher(storage('basic_text'), 'linux').description).toEqual(say('keysNoKeyring'))
    expect(createSafeStorageCipher(storage('gnome_libsecret'), 'linux').description).toEqual(
      say('keysKeychain', { backend: 'gnome_libsecret' })
    )
  })

  it('crosses the contract as its code and values, with the English filled in as the message', () => {
    const error = new AppFailure(
      'boards.name_taken',
      say('boardNameTaken', { name: 'Moodboard' })
    ).toAppError()
    expect(AppErrorSchema.parse(error)).toEqual({
      code: 'boards.name_taken',
      message: 'There is already a board called “Moodboard”. Pick another name.',
      words: { code: 'boardNameTaken', values: { name: 'Moodboard' } }
    })
    expect(new AppFailure('not_found', 'Plain.').toAppError()).toEqual({
      code: 'not_found',
      message: 'Plain.'
    })
  })

  it('says the missing key as the shared profile words say it', () => {
    const origin = 'https://gateway.example'
    expect(say('keyRemoved', { origin }).english).toBe(keyRemovedMessage(origin))
    expect(say('noKey', { origin }).english).toBe(noKeyMessage(origin))
    expect(say('keyElsewhere', { origin }).english).toBe(keyElsewhereMessage(origin))
  })
})
