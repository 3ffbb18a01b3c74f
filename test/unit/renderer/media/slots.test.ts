import { describe, expect, it } from 'vitest'
import { expectedImages, imageUsageOf, slotsOf, usageSummary } from '@renderer/media/slots'
import { jobView, resultView } from '../images/harness'

const task = (id: string, seq: number, status: 'running' | 'succeeded' | 'incomplete' | 'failed') => ({
  ...jobView({ id: 'x', request: null }).tasks[0]!,
  id,
  seq,
  status
})

describe('slots of a job', () => {
  it('shows a v2 group as one slot per task, in task order, whatever order they finish in', () => {
    const job = jobView({
      id: 'j',
      endpoint: '/v2/images/generations',
      request: { endpoint: 'imagesV2', body: { model: 'm', prompt: 'p' }, count: 3 },
      tasks: [task('b', 1, 'succeeded'), task('a', 0, 'running'), task('c', 2, 'running')],
      results: [resultView({ id: 'r', index: 0, taskId: 'b' })]
    })
    expect(slotsOf(job).map((s) => [s.kind, s.position])).toEqual([
      ['waiting', 1],
      ['image', 2],
      ['waiting', 3]
    ])
  })

  it('keeps what a cut stream delivered and marks the rest as never arrived; a failed task has no slots', () => {
    const request = {
      endpoint: 'partnerA',
      body: {
        model: 'm',
        prompt: 'p',
        sequential_image_generation: 'auto',
        sequential_image_generation_options: { max_images: 3 }
      },
      stream: true
    }
    const cut = jobView({
      id: 'j',
      request,
      status: 'incomplete',
      tasks: [task('t1', 0, 'incomplete')],
      results: [
        resultView({ id: 'r0', index: 0 }),
        resultView({ id: 'r1', index: 1, status: 'pending', mediaId: null })
      ]
    })
    expect(slotsOf(cut).map((s) => s.kind)).toEqual(['image', 'downloading', 'missing'])
    const failed = jobView({ id: 'j', request, status: 'failed', tasks: [task('t1', 0, 'failed')] })
    expect(slotsOf(failed)).toEqual([])
  })

  it('sums up whichever usage the endpoint reported', () => {
    expect(usageSummary({ generated_images: 4, output_tokens: 65536, total_tokens: 65536 })).toBe(
      '4 images · 65,536 tokens'
    )
    expect(usageSummary({ output_tokens: 12 })).toBe('12 output tokens')
    expect(usageSummary(null)).toBeNull()
    expect(usageSummary({ other: 1 })).toBeNull()
  })
})

describe('usage of one image', () => {
  const group = jobView({
    id: 'j',
    status: 'succeeded',
    request: { endpoint: 'imagesV3', body: { model: 'm', prompt: 'p', n: 3 } },
    tasks: [{ ...task('t1', 0, 'succeeded'), usage: { total_tokens: 783 } }],
    usage: { total_tokens: 783 },
    results: [0, 1, 2].map((index) => resultView({ id: `r${index}`, index }))
  })

  it('is none of a group whose usage the gateway reported for all its images together', () => {
    for (const result of group.results) expect(imageUsageOf(group, result)).toBeNull()
  })

  it('is the job’s for a job of one image, and a task’s own when each task made one image', () => {
    const one = { ...group, results: [resultView({ id: 'r0', index: 0 })] }
    expect(imageUsageOf(one, one.results[0]!)).toEqual({ usage: { total_tokens: 783 } })
    const v2 = jobView({
      id: 'j',
      status: 'succeeded',
      request: { endpoint: 'imagesV2', body: { model: 'm', prompt: 'p' }, count: 2 },
      tasks: [
        { ...task('a', 0, 'succeeded'), usage: { total_tokens: 300 } },
        { ...task('b', 1, 'succeeded'), usage: null }
      ],
      usage: { total_tokens: 300 },
      results: [
        resultView({ id: 'ra', index: 0, taskId: 'a' }),
        resultView({ id: 'rb', index: 0, taskId: 'b' })
      ]
    })
    expect(imageUsageOf(v2, v2.results[0]!)).toEqual({ usage: { total_tokens: 300 } })
    // The second task reported nothing: the job's 300 tokens are not this image's.
    expect(imageUsageOf(v2, v2.results[1]!)).toBeNull()
  })
})

describe('expected images', () => {
  it('knows how many images a stored request asks for', () => {
    expect(expectedImages({ endpoint: 'imagesV3', body: { model: 'm', prompt: 'p', n: 4 } })).toBe(4)
    expect(expectedImages({ endpoint: 'imagesV2', body: { model: 'm', prompt: 'p' }, count: 3 })).toBe(3)
    expect(
      expectedImages({
        endpoint: 'partnerA',
        body: {
          model: 'm',
          prompt: 'p',
          sequential_image_generation: 'auto',
          sequential_image_generation_options: { max_images: 5 }
        },
        stream: true
      })
    ).toBe(5)
    expect(expectedImages({ endpoint: 'partnerB', body: { model: 'm', prompt: 'p' } })).toBe(1)
    expect(expectedImages(null)).toBe(1)
  })
})
