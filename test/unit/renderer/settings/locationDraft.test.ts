import { describe, expect, it } from 'vitest'
import {
  agoWords,
  emptyDraft,
  editDraft,
  fieldOfIssue,
  pathStyleFor,
  problemWords,
  regionFor,
  suggestedName
} from '@renderer/features/settings/locationDraft'
import { createI18n } from '@renderer/i18n'

const en = createI18n('en').t
const zh = createI18n('zh-CN').t
const check = { ok: false, checkedAt: 0 } as const

describe('a team location form, without React', () => {
  it('reads the region an endpoint names, and guesses one a designer can keep', () => {
    expect(regionFor('https://s3.eu-central-1.amazonaws.com')).toBe('eu-central-1')
    expect(regionFor('https://s3.us-west-004.backblazeb2.com')).toBe('us-west-004')
    expect(regionFor('https://0123abcd.r2.cloudflarestorage.com')).toBe('auto')
    expect(regionFor('http://minio.local:9000')).toBe('us-east-1')
    expect(regionFor('not an address')).toBe('')
  })

  it('uses path-style addressing everywhere but AWS', () => {
    expect(pathStyleFor('https://s3.amazonaws.com')).toBe(false)
    expect(pathStyleFor('https://s3.cn-north-1.amazonaws.com.cn')).toBe(false)
    expect(pathStyleFor('https://0123abcd.r2.cloudflarestorage.com')).toBe(true)
    expect(pathStyleFor('http://127.0.0.1:9000')).toBe(true)
  })

  it('names a location after its bucket, host or last folder until the user names it', () => {
    const folder = editDraft(emptyDraft('folder'), { path: 'D:\\Team\\Library\\' })
    expect(folder.name).toBe('Library')
    expect(suggestedName(editDraft(emptyDraft('webdav'), { url: 'https://nas.local:5006/dav/' }))).toBe(
      'nas.local'
    )
    const named = editDraft(editDraft(folder, { name: 'Ours' }), { path: '/srv/other' })
    expect(named.name).toBe('Ours')
  })

  it('finds the field of an issue by the last name in its path', () => {
    expect(fieldOfIssue({ path: ['settings', 'bucket'] })).toBe('bucket')
    expect(fieldOfIssue({ path: ['credentials', 'secretAccessKey'] })).toBe('secretAccessKey')
    expect(fieldOfIssue({ path: ['settings'] })).toBe('form')
  })

  it('says a problem by the kind of location, with the status only where it helps', () => {
    expect(problemWords(en, 's3', { ...check, problem: 'failed', status: 500 })).toBe(
      'The server answered with an error (HTTP 500).'
    )
    expect(problemWords(en, 'webdav', { ...check, problem: 'failed', status: null })).toBe(
      'The server answered with something Gateway Studio could not read.'
    )
    expect(problemWords(en, 'folder', { ...check, problem: 'missing', status: null })).toBe(
      'There is no such folder on this computer. Check the path, and that the drive is connected.'
    )
    expect(problemWords(zh, 's3', { ...check, problem: 'full', status: 507 })).toBe('这个位置的空间已满。')
  })

  it('says how long ago in each language’s own words', () => {
    const now = 1_800_000_000_000
    expect(agoWords(en, 'en', now - 20_000, now)).toBe('just now')
    expect(agoWords(en, 'en', now - 2 * 60_000, now)).toBe('2 minutes ago')
    expect(agoWords(en, 'en', now - 3 * 3_600_000, now)).toBe('3 hours ago')
    expect(agoWords(en, 'en', now - 86_400_000, now)).toBe('yesterday')
    expect(
      zh('settings.locations.state.reached', { ago: agoWords(zh, 'zh-CN', now - 2 * 60_000, now) })
    ).toBe('2分钟前连接成功')
    expect(zh('settings.locations.state.reached', { ago: agoWords(zh, 'zh-CN', now, now) })).toBe(
      '刚刚连接成功'
    )
  })
})
