import { describe, expect, it } from 'vitest'
import { presetsFileProblem } from '../../../../src/main/presets/fileProblem'
import { PresetsFile } from '../../../../src/shared/schemas/presets'
import { say, type Said } from '../../../../src/shared/sentences'

const base = { format: 'gateway-studio-presets', version: 1, presets: [], styles: [] }
const poster = { screen: 'images', name: 'Poster', payload: { prompt: 'a poster' } }
const film = { name: 'Film', prefix: 'Film still of', suffix: '' }

/** The sentence a file is refused with, as the import handler finds it. */
function problem(json: unknown): Said {
  const parsed = PresetsFile.safeParse(json)
  expect(parsed.success).toBe(false)
  return presetsFileProblem(json, parsed.success ? undefined : parsed.error.issues[0])
}

describe('a presets file that cannot be read says which preset or style, and what about it', () => {
  it('names the file itself when it is not one of ours, or of another version, or too long', () => {
    expect(problem({ format: 'other' })).toEqual(say('presetsFileInvalid'))
    expect(problem([1, 2])).toEqual(say('presetsFileInvalid'))
    expect(problem({ ...base, presets: 'all' })).toEqual(say('presetsFileInvalid'))
    expect(problem({ ...base, version: 2 })).toEqual(say('presetsFileVersion', { version: '2' }))
    expect(problem({ ...base, styles: Array.from({ length: 1001 }, () => film) })).toEqual(
      say('presetsFileTooMany')
    )
  })

  it('names a preset by its name, or by its place when it has no usable name', () => {
    expect(problem({ ...base, presets: [poster, { ...poster, name: ' ' }] })).toEqual(
      say('presetInFileNoName', { number: 2 })
    )
    expect(problem({ ...base, presets: [{ ...poster, screen: 'audio' }] })).toEqual(
      say('presetInFileScreen', { name: 'Poster' })
    )
    expect(problem({ ...base, presets: [{ ...poster, payload: 'big' }] })).toEqual(
      say('presetInFileSettings', { name: 'Poster' })
    )
    expect(problem({ ...base, presets: [{ ...poster, payload: { x: 'y'.repeat(70_000) } }] })).toEqual(
      say('presetInFileSettings', { name: 'Poster' })
    )
    expect(problem({ ...base, presets: [{ ...poster, owner: 'me' }] })).toEqual(
      say('presetInFileUnknown', { name: 'Poster', field: 'owner' })
    )
  })

  it('names a style by its name, or by its place', () => {
    expect(problem({ ...base, styles: [{ ...film, name: 'x'.repeat(81) }] })).toEqual(
      say('styleInFileNoName', { number: 1 })
    )
    expect(problem({ ...base, styles: [film, { ...film, suffix: 'z'.repeat(2001) }] })).toEqual(
      say('styleInFileTooLong', { name: 'Film' })
    )
    expect(problem({ ...base, styles: [{ ...film, prefix: 3 }] })).toEqual(
      say('styleInFileUnreadable', { name: 'Film' })
    )
    expect(problem({ ...base, styles: [{ ...film, colour: 'red' }] })).toEqual(
      say('styleInFileUnknown', { name: 'Film', field: 'colour' })
    )
  })
})
