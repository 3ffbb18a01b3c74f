import { describe, expect, it } from 'vitest'
import type { PreflightIssue } from '../../../../../src/shared/gateway/checks'
import { preflightVideo, VideoFieldMap, videos } from '../../../../../src/shared/gateway/endpoints/videos'

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

describe('video descriptor', () => {
  const names = VideoFieldMap.parse({ cancel: { path: '/v1/videos/{id}/cancel', method: 'POST' } })

  it('sends a first frame as the extra field `image`', () => {
    const job = videos.job.parse({
      endpoint: 'videos',
      body: { model: 'm', prompt: 'p', duration: 5, extra: { seed: 1 } },
      firstFrame: { url: 'https://x.test/f.png' }
    })
    const request = videos.toRequest(job, [{ as: 'uri', uri: 'https://x.test/f.png' }], 'send')
    expect(videos.body(request, names, false).extra).toEqual({ seed: 1, image: 'https://x.test/f.png' })
  })

  it('polls, reads and cancels where the profile says', () => {
    expect(videos.task.pollPath(names)).toBe('/v1/videos/generations/{id}')
    expect(videos.task.resultUrlPath(names)).toBe('result.video_url')
    expect(videos.task.cancel?.(names)).toEqual({ method: 'POST', path: '/v1/videos/{id}/cancel' })
    expect(videos.task.cancel?.(VideoFieldMap.parse({}))).toBeUndefined()
  })
})
