import { z } from 'zod'

/** §2.6 image task and §2.7 video task. Status is read as text so an unexpected value is shown, not fatal. */

export const ImageTask = z.looseObject({
  id: z.string(),
  object: z.string().optional(),
  model: z.string().optional(),
  status: z.string(),
  created_at: z.number().nullish(),
  completed_at: z.number().nullish()
})
export type ImageTask = z.output<typeof ImageTask>

export const VideoTask = z.looseObject({
  id: z.string(),
  object: z.string().optional(),
  status: z.string(),
  result: z.unknown().optional(),
  error: z.unknown().optional(),
  usage: z.looseObject({}).nullish()
})
export type VideoTask = z.output<typeof VideoTask>
