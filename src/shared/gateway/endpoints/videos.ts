import { z } from 'zod'
import {
  broken,
  intInRange,
  parseWxH,
  requireModelAndPrompt,
  type Loose,
  type PreflightIssue
} from '../checks'
import { preflightMerged } from '../extraFields'
import { ExtraFieldValues, JsonPath, TaskPath } from '../fieldNames'
import { defineTask } from './descriptor'
import { ImageRef, referenceInputs, urisOf } from './media'

/**
 * docs/GATEWAY.md §2.8: a video task (billed at creation; never re-sent on an ambiguous failure). Its query
 * path, result address and cancel call are hidden by the spec and come from the profile's field map
 * (docs/GATEWAY.md §6). The Video screen has its own form.
 */

const PATH = '/v1/videos/generations'

export const VIDEO_MIN_DURATION = 1

/** Where a succeeded task's video URL may be, after the profile's own: docs/GATEWAY.md §6, in its order. */
export const VIDEO_RESULT_URL_PATHS = [
  'result.video_url',
  'result.url',
  'result.videos[0].url',
  'result.data[0].url',
  'content.video_url',
  'url',
  'video_url'
] as const

export const VideoFieldMap = z.object({
  queryPath: TaskPath.default(`${PATH}/{id}`),
  /** Tried first; the built-in alternatives of docs/GATEWAY.md §6 follow. */
  resultUrlPath: JsonPath.default('result.video_url'),
  /** Absent: the gateway offers no cancel we know of, so the UI hides the button. */
  cancel: z
    .object({
      method: z.enum(['DELETE', 'POST']).default('DELETE'),
      path: TaskPath
    })
    .optional()
})

export const VideoRequest = z.object({
  model: z.string(),
  prompt: z.string(),
  duration: z.number(),
  size: z.string().optional(),
  extra: ExtraFieldValues.optional()
})
export type VideoRequest = z.output<typeof VideoRequest>

/** docs/GATEWAY.md §2.10: the task. Status is read as text so an unexpected value is shown, not fatal. */
export const VideoTask = z.looseObject({
  id: z.string(),
  object: z.string().optional(),
  status: z.string(),
  result: z.unknown().optional(),
  error: z.unknown().optional(),
  usage: z.looseObject({}).nullish()
})
export type VideoTask = z.output<typeof VideoTask>

export function preflightVideo(
  input: Loose<{ model: string; prompt: string; duration: number; size: string }>
): PreflightIssue[] {
  const issues = requireModelAndPrompt(input)
  if (input['duration'] === undefined) {
    issues.push(
      broken({
        field: 'duration',
        rule: 'required_seconds_at_least',
        words: `Required: a whole number of seconds, at least ${VIDEO_MIN_DURATION}`,
        values: { min: VIDEO_MIN_DURATION }
      })
    )
  } else {
    intInRange(issues, 'duration', input['duration'], VIDEO_MIN_DURATION)
  }
  const size = input['size']
  if (size !== undefined && (typeof size !== 'string' || !parseWxH(size))) {
    issues.push(
      broken({ field: 'size', rule: 'size_wxh', words: 'Use <width>x<height>, e.g. 1280x720', value: size })
    )
  }
  return issues
}

export const videos = defineTask({
  key: 'videos',
  label: 'Video',
  path: PATH,
  jobKind: 'video',
  kind: 'task',
  extras: true,
  names: { key: 'video', schema: VideoFieldMap },
  job: z.object({
    endpoint: z.literal('videos'),
    body: VideoRequest,
    /** A first frame from the library (or an address): sent as the `image` field (docs/GATEWAY.md §2.8). */
    firstFrame: ImageRef.optional()
  }),
  imagesOf: () => 1,
  media: (job) => referenceInputs(job.firstFrame ? [job.firstFrame] : []),
  toRequest: (job, media): VideoRequest => {
    const [image] = urisOf(media)
    return image ? { ...job.body, extra: { ...job.body.extra, image } } : job.body
  },
  check: (request, { profile }) =>
    preflightMerged(
      { key: 'videos', path: PATH, hidden: {} },
      request,
      request.extra,
      profile,
      preflightVideo
    ),
  body: (request) => ({
    fields: {
      model: request.model,
      prompt: request.prompt,
      duration: request.duration,
      size: request.size
    },
    extra: request.extra
  }),
  response: VideoTask,
  task: {
    pollPath: (names) => names.queryPath,
    resultUrlPath: (names) => names.resultUrlPath,
    resultUrlPaths: VIDEO_RESULT_URL_PATHS,
    cancel: (names) => names.cancel
  }
})
