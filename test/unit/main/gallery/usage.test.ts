import { describe, expect, it } from 'vitest'
import { buildUsageReport } from '../../../../src/main/gallery/usage'
import { UsageReport } from '../../../../src/shared/schemas/gallery'

describe('the usage report by gateway', () => {
  it('sends no English name for a gateway no longer among the profiles: the renderer names it', () => {
    const job = (profileId: string) => ({
      createdAt: Date.UTC(2026, 0, 2),
      model: 'studio-image-v3',
      profileId,
      billingUnit: 'image',
      usage: { generated_images: 1 },
      storedImages: 1
    })
    const report = buildUsageReport([job('demo'), job('gone')], 'UTC', (id) =>
      id === 'demo' ? 'Demo' : null
    )
    expect(UsageReport.parse(report).byProfile.map((row) => [row.key, row.label])).toEqual([
      ['demo', 'Demo'],
      ['gone', null]
    ])
  })
})
