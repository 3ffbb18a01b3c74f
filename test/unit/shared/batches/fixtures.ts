import { BatchSpec, type BatchContext, type BatchSpecInput } from '../../../../src/shared/batches'
import { JobRequest } from '../../../../src/shared/schemas/jobs'

/** Two real endpoints with different fields: v3 has sizes from a list and no seed; partner-a has both. */
export const V3 = JobRequest.parse({
  endpoint: 'imagesV3',
  body: { model: 'gpt-image', prompt: '', size: '1024x1024', output_format: 'png' }
})
export const PARTNER_A = JobRequest.parse({
  endpoint: 'partnerA',
  body: { model: 'seedream', prompt: '', size: '2K', seed: 100 }
})
export const PARTNER_A_NO_SEED = JobRequest.parse({
  endpoint: 'partnerA',
  body: { model: 'seedream', prompt: '' }
})

const LISTING: Record<string, readonly string[]> = {
  'gpt-image': ['/v3/images/generations'],
  seedream: ['/partner-a/v3/images/generations']
}

export const context: BatchContext = {
  lookupModel: (id) => (LISTING[id] ? { id, supported_endpoints: LISTING[id] } : undefined)
}

export const spec = (input: Partial<BatchSpecInput>): BatchSpec =>
  BatchSpec.parse({ bases: [V3], prompts: { kind: 'lines', text: 'a cat' }, ...input })

/** What a row's issues are, by code or pre-flight rule. */
export const codes = (issues: readonly object[]): string[] =>
  issues.map((issue) => ('rule' in issue ? String(issue.rule) : String((issue as { code: string }).code)))
