import type { ProvenanceRecord } from '../../src/main/provenance/record'
import type { FileSettings } from '../../src/shared/schemas/fileSettings'

/** A full record as an export writes it: a prompt with newlines, quotes and Chinese, an edit chain. */
export const SAMPLE_RECORD: ProvenanceRecord = {
  profile: 'full',
  app: 'Gateway Studio 0.1.0',
  prompt: 'a red fox in snow,\nlooking back — 雪中的狐狸 "quoted" 100% sure',
  revisedPrompt: 'A red fox standing in fresh snow, looking back over its shoulder.',
  model: 'img-pro',
  endpoint: 'imagesV3',
  parameters: { size: '1024x1024', quality: 'high', fields: { steps: 30, style: 'photo' } },
  seed: 424242,
  gatewayHost: 'gateway.example.test',
  jobId: 'job-0001',
  resultId: 'res-0001',
  batchId: 'batch-07',
  editOf: ['media-a', 'media-mask'],
  created: '2026-11-28T10:00:00.000Z'
}

/** Every field null but the source: what a reader gives when it knows who made a file and nothing more. */
export const noSettings = (source: FileSettings['source']): FileSettings => ({
  source,
  prompt: null,
  negativePrompt: null,
  model: null,
  endpoint: null,
  body: null,
  seed: null,
  width: null,
  height: null,
  steps: null,
  guidance: null,
  sampler: null,
  scheduler: null,
  revisedPrompt: null,
  jobId: null,
  resultId: null,
  batchId: null,
  gatewayHost: null
})
