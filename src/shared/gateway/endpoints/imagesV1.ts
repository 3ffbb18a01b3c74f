import { z } from 'zod'
import { requireModelAndPrompt, type Loose, type PreflightIssue } from '../checks'
import { preflightMerged } from '../extraFields'
import { defineSync } from './descriptor'
import { ImageResultSet, resultOf } from './imageResults'

/**
 * docs/GATEWAY.md §2.3: synchronous compatible generation; the body is passed through (the interface does
 * not show its other fields).
 */

const PATH = '/v1/images/generations'

export const COMPAT_SIZES = [
  '256x256',
  '512x512',
  '1024x1024',
  '1536x1024',
  '1024x1536',
  '1792x1024',
  '1024x1792'
] as const

export const ImagesV1Request = z.looseObject({ model: z.string(), prompt: z.string() })
export type ImagesV1Request = z.output<typeof ImagesV1Request>

export const preflightImagesV1 = (input: Loose<ImagesV1Request>): PreflightIssue[] =>
  requireModelAndPrompt(input)

export const imagesV1 = defineSync({
  key: 'imagesV1',
  label: 'Compatible',
  path: PATH,
  jobKind: 'image',
  kind: 'sync',
  extras: true,
  names: undefined,
  job: z.object({ endpoint: z.literal('imagesV1'), body: ImagesV1Request }),
  imagesOf: (job) => (typeof job.body['n'] === 'number' ? job.body['n'] : 1),
  toRequest: (job) => job.body,
  check: (request, { profile }) =>
    preflightMerged(
      { key: 'imagesV1', path: PATH, hidden: {} },
      request,
      undefined,
      profile,
      preflightImagesV1
    ),
  body: (request) => ({ fields: request }),
  response: ImageResultSet,
  result: (answer) => resultOf(answer),
  form: {
    blurb: 'OpenAI-compatible generation; the gateway decides the other fields.',
    order: 5,
    fields: [
      {
        kind: 'select',
        key: 'size',
        wire: 'size',
        label: 'Size',
        hint: 'Not part of the spec; the gateway may ignore it.',
        options: COMPAT_SIZES,
        empty: 'Gateway default',
        default: ''
      },
      { kind: 'extra', key: 'extra', placement: 'spread' }
    ]
  }
})
