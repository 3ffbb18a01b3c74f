import { describe, expect, it } from 'vitest'
import { aspectOfLabel, requestedAspect, slotAspect } from '@renderer/media/aspect'
import { jobView, resultView } from '../images/harness'

describe('the shape a slot is laid out at', () => {
  it('reads sizes and ratios, and nothing else', () => {
    expect(aspectOfLabel('2048x1152')).toBeCloseTo(16 / 9, 9)
    expect(aspectOfLabel('640×480')).toBeCloseTo(4 / 3, 9)
    expect(aspectOfLabel('9:16')).toBeCloseTo(9 / 16, 9)
    expect(aspectOfLabel('auto')).toBeNull()
    expect(aspectOfLabel('0x10')).toBeNull()
    expect(aspectOfLabel(42)).toBeNull()
  })

  it("takes the stored image's size first, then its label, then what the job asked for", () => {
    const job = jobView({
      id: 'j',
      request: { endpoint: 'imagesV3', body: { model: 'm', prompt: 'p', size: '1024x1536' } }
    })
    expect(requestedAspect(job)).toBeCloseTo(2 / 3, 9)
    const stored = resultView({ id: 'r', index: 0, width: 2048, height: 1152 })
    expect(slotAspect(job, { kind: 'image', key: 'k', position: 1, result: stored })).toBeCloseTo(16 / 9, 9)
    const labelled = resultView({ id: 'r', index: 0, width: null, height: null, sizeLabel: '1:1' })
    expect(slotAspect(job, { kind: 'downloading', key: 'k', position: 1, result: labelled })).toBe(1)
    expect(slotAspect(job, { kind: 'waiting', key: 'k', position: 1 })).toBeCloseTo(2 / 3, 9)
    expect(slotAspect(jobView({ id: 'x', request: null }), { kind: 'missing', key: 'k', position: 1 })).toBe(
      1
    )
  })
})
