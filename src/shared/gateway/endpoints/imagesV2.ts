import { z } from 'zod'
import {
  broken,
  isHttpUrl,
  oneOf,
  refuseN,
  requireModelAndPrompt,
  stringList,
  type Loose,
  type PreflightIssue
} from '../checks'
import { ExtraFieldValues, FieldName, JsonPath } from '../fieldNames'
import { defineTask, withHiddenNames } from './descriptor'
import { imageRefs, referenceInputs, withReferenceImages } from './media'

/**
 * docs/GATEWAY.md §2.5: an asynchronous image task (billed at creation), polled until it ends. No `n`:
 * "Images: N" is N tasks.
 * The three hidden field names come from the profile's field map.
 */

const PATH = '/v2/images/generations'

export const V2_RESOLUTIONS = ['1K', '2K', '4K'] as const
export const V2_MAX_REFERENCE_IMAGES = 8
export const V2_RATIOS = [
  '1:1',
  '2:3',
  '3:2',
  '3:4',
  '4:3',
  '4:5',
  '5:4',
  '9:16',
  '16:9',
  '21:9',
  '9:21'
] as const

/** Where a succeeded task's result URL may be, in the order docs/GATEWAY.md §6 gives. */
export const V2_RESULT_URL_PATHS = [
  'data[0].url',
  'result_url',
  'image_url',
  'result.data[0].url',
  'results[0]',
  'results[0].url',
  'url'
] as const

export const ImagesV2FieldMap = z.object({
  /** The "ratio/size field" of docs/GATEWAY.md §6 (ratio values like `16:9`). */
  size: FieldName.default('size'),
  resolution: FieldName.default('resolution'),
  referenceImages: FieldName.default('image_urls'),
  /** Tried before the built-in list of result URL names when set. */
  resultUrlPath: JsonPath.optional()
})

export const ImagesV2Request = z.object({
  model: z.string(),
  prompt: z.string(),
  /** Ratio-like value such as `16:9` (the spec's "ratio/size field"). */
  size: z.string().optional(),
  resolution: z.string().optional(),
  referenceImages: z.array(z.string()).optional(),
  extra: ExtraFieldValues.optional()
})
export type ImagesV2Request = z.output<typeof ImagesV2Request>

/** docs/GATEWAY.md §2.10: the task. Status is read as text so an unexpected value is shown, not fatal. */
export const ImageTask = z.looseObject({
  id: z.string(),
  object: z.string().optional(),
  model: z.string().optional(),
  status: z.string(),
  created_at: z.number().nullish(),
  completed_at: z.number().nullish()
})
export type ImageTask = z.output<typeof ImageTask>

export function preflightImagesV2(
  input: Loose<{ model: string; prompt: string; size: string; resolution: string; referenceImages: string[] }>
): PreflightIssue[] {
  const issues = requireModelAndPrompt(input)
  refuseN(issues, input, 'no_count_one_task_per_image')
  const size = input['size']
  if (size !== undefined && (typeof size !== 'string' || size.trim() === '')) {
    issues.push(
      broken({ field: 'size', rule: 'ratio', words: 'Use a ratio such as 1:1 or 16:9', value: size })
    )
  }
  oneOf(issues, 'resolution', input['resolution'], V2_RESOLUTIONS)
  stringList(
    issues,
    'referenceImages',
    input['referenceImages'],
    V2_MAX_REFERENCE_IMAGES,
    isHttpUrl,
    'image_http_url'
  )
  return issues
}

const MODEL_DEFAULT = 'Model default'
/** The fields whose names the spec hides, sent under the profile's names. */
const HIDDEN = ['size', 'resolution', 'referenceImages'] as const

export const imagesV2 = defineTask({
  key: 'imagesV2',
  label: 'Async task',
  path: PATH,
  jobKind: 'image',
  kind: 'task',
  extras: true,
  names: { key: 'imagesV2', schema: ImagesV2FieldMap },
  references: {
    max: V2_MAX_REFERENCE_IMAGES,
    urlOnly: 'The async endpoint fetches references itself: use web addresses (URLs), not library images.'
  },
  job: z.object({
    endpoint: z.literal('imagesV2'),
    body: ImagesV2Request.omit({ referenceImages: true }),
    references: imageRefs(V2_MAX_REFERENCE_IMAGES).optional(),
    /** "Images: N": the spec refuses `n`, so N tasks are created and grouped under this job. */
    count: z.number().int().min(1).max(10).default(1)
  }),
  imagesOf: (job) => job.count,
  tasksOf: (job) => job.count,
  media: (job) => referenceInputs(job.references),
  toRequest: (job, media) => withReferenceImages(job.body, media),
  ...withHiddenNames<ImagesV2Request, z.output<typeof ImagesV2FieldMap>>(
    { key: 'imagesV2', path: PATH },
    HIDDEN,
    preflightImagesV2
  ),
  response: ImageTask,
  task: {
    pollPath: () => `${PATH}/{id}`,
    resultUrlPath: (names) => names.resultUrlPath,
    resultUrlPaths: V2_RESULT_URL_PATHS
  },
  form: {
    blurb: 'Runs as a task on the gateway; each image is its own task.',
    order: 4,
    fields: [
      {
        kind: 'select',
        key: 'ratio',
        wire: 'size',
        label: 'Ratio',
        options: V2_RATIOS,
        empty: MODEL_DEFAULT,
        default: ''
      },
      {
        kind: 'select',
        key: 'resolution',
        wire: 'resolution',
        label: 'Resolution',
        options: V2_RESOLUTIONS,
        empty: MODEL_DEFAULT,
        default: ''
      },
      {
        kind: 'number',
        key: 'count',
        wire: 'count',
        target: 'job',
        label: 'Images',
        hint: 'Each image is its own task, shown together.',
        whole: true,
        min: 1,
        max: 10,
        default: '1'
      },
      { kind: 'extra', key: 'extra', placement: 'nested' }
    ]
  }
})
