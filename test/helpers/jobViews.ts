import type { JobView, ResultView, TaskView } from '../../src/shared/schemas/jobs'
import type { JobGroupView } from '../../src/shared/schemas/jobGroups'
import type { SheetJob, SheetResult } from '../../src/shared/schemas/batches'

/** JobView factories for the queue's tests (backend notices and renderer alike): a finished v3 image job. */
export const task = (patch: Partial<TaskView> = {}): TaskView => ({
  id: 't1',
  seq: 0,
  status: 'succeeded',
  remoteId: null,
  remoteStatus: null,
  pollCount: 0,
  lastPolledAt: null,
  nextPollAt: null,
  progress: null,
  error: null,
  usage: null,
  ...patch
})

export const result = (patch: Partial<ResultView> = {}): ResultView => ({
  id: 'r1',
  jobId: 'j1',
  taskId: 't1',
  index: 0,
  kind: 'image',
  status: 'stored',
  mediaId: 'a'.repeat(32),
  mime: 'image/png',
  width: 1024,
  height: 1024,
  bytes: 2048,
  durationMs: null,
  sizeLabel: null,
  revisedPrompt: null,
  sourceExpiresAt: null,
  error: null,
  favorite: false,
  createdAt: 0,
  ...patch
})

export const job = (patch: Partial<JobView> = {}): JobView => ({
  id: 'j1',
  kind: 'image',
  endpoint: '/v3/images/generations',
  profileId: 'demo',
  model: 'studio-image-v3',
  prompt: 'a red fox',
  request: { endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt: 'a red fox' } },
  status: 'succeeded',
  error: null,
  usage: null,
  billingUnit: null,
  createdAt: 1_000,
  updatedAt: 2_000,
  finishedAt: 2_000,
  groupId: null,
  tasks: [task()],
  results: [result()],
  ...patch
})

/** The stored request of a partner-a group of `maxImages` images. */
export const groupOfImages = (maxImages: number) => ({
  endpoint: 'partnerA',
  body: {
    model: 'm',
    prompt: 'p',
    sequential_image_generation: 'auto',
    sequential_image_generation_options: { max_images: maxImages }
  }
})

/** A batch as `groups.*` answers it: empty and running unless patched. */
export const groupView = (patch: Partial<JobGroupView> = {}): JobGroupView => ({
  id: 'g1',
  name: 'batch',
  screen: 'images',
  settings: null,
  createdAt: 1,
  pausedAt: null,
  pauseReason: null,
  jobIds: [],
  counts: {},
  waitingForBudget: 0,
  ...patch
})

/** A contact sheet's stored image (Gallery › Batches), not yet marked unless `verdict` says. */
export const sheetImage = (id: string, verdict: SheetResult['verdict'] = null): SheetResult => ({
  id,
  kind: 'image',
  mediaId: `m-${id}`,
  status: 'stored',
  width: 1024,
  height: 1024,
  verdict
})

/** A contact sheet's job: a finished v3 image job of `prompt` on `model`, without images unless patched. */
export const sheetJob = (
  id: string,
  prompt: string,
  model: string,
  patch: Partial<SheetJob> = {}
): SheetJob => ({
  id,
  prompt,
  model,
  endpoint: '/v3/images/generations',
  status: 'succeeded',
  error: null,
  seed: null,
  size: null,
  costMicros: null,
  currency: null,
  results: [],
  ...patch
})
