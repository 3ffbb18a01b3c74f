import { describe, expect, it } from 'vitest'
import type { PreflightIssue } from '../../../../../src/shared/gateway/checks'
import { preflightVideo } from '../../../../../src/shared/gateway/endpoints/videos'

const fields = (issues: PreflightIssue[]): string[] => issues.map((i) => i.field)

describe('video pre-flight', () => {
  const base = { model: 'm', prompt: 'p' }
  it('duration is a whole number of at least 1', () => {
    expect(preflightVideo({ ...base, duration: 1 })).toEqual([])
    expect(fields(preflightVideo({ ...base, duration: 0 }))).toEqual(['duration'])
    expect(fields(preflightVideo({ ...base, duration: 1.5 }))).toEqual(['duration'])
    expect(fields(preflightVideo(base))).toEqual(['duration'])
  })

  it('size is WxH', () => {
    expect(preflightVideo({ ...base, duration: 5, size: '1280x720' })).toEqual([])
    expect(fields(preflightVideo({ ...base, duration: 5, size: '16:9' }))).toEqual(['size'])
    expect(fields(preflightVideo({ ...base, duration: 5, size: '1280x' }))).toEqual(['size'])
  })
})
