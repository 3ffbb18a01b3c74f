import { describe, expect, it } from 'vitest'
import { advancedProblem, type AdvancedSection } from '../../../../src/main/profiles/inputWords'
import { ExtraFields, FieldMap } from '../../../../src/shared/gateway/fieldMap'
import { say, type Said } from '../../../../src/shared/sentences'

/** The sentence an advanced setting is refused with, as profiles.create/update find it. */
function problem(section: AdvancedSection, value: unknown): Said {
  const parsed = (section === 'fieldNames' ? FieldMap : ExtraFields).safeParse(value)
  expect(parsed.success).toBe(false)
  return advancedProblem(section, parsed.success ? undefined : parsed.error.issues[0])
}

describe('a gateway’s advanced settings are refused by entry, in words of what they should be', () => {
  it('says which field name is wrong and which kind of name it wants', () => {
    expect(problem('fieldNames', { imagesV2: { size: '' } })).toEqual(
      say('fieldNameEmpty', { path: 'imagesV2.size' })
    )
    expect(problem('fieldNames', { imagesV2: { size: 'two words' } })).toEqual(
      say('fieldNameForm', { path: 'imagesV2.size' })
    )
    expect(problem('fieldNames', { video: { queryPath: '/v1/videos' } })).toEqual(
      say('fieldNameTaskPath', { path: 'video.queryPath' })
    )
    expect(problem('fieldNames', { video: { resultUrlPath: 'result..url' } })).toEqual(
      say('fieldNameJsonPath', { path: 'video.resultUrlPath' })
    )
    expect(problem('fieldNames', { imagesV2: { size: 42 } })).toEqual(
      say('fieldNamesUnreadable', { path: 'imagesV2.size' })
    )
  })

  it('says which extra field or endpoint is wrong', () => {
    expect(problem('extraFields', { nowhere: {} })).toEqual(say('extraFieldsEndpoint', { path: 'nowhere' }))
    expect(problem('extraFields', { messages: { 'bad name': 1 } })).toEqual(
      say('extraFieldsName', { path: 'messages.bad name' })
    )
    expect(problem('extraFields', { messages: 3 })).toEqual(
      say('extraFieldsUnreadable', { path: 'messages' })
    )
  })
})
