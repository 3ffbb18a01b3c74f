import type { TFunction } from 'i18next'
import { preflightJob } from '@shared/schemas/jobPreflight'
import { JobRequest } from '@shared/schemas/jobs'
import type { ModelView } from '@shared/schemas/profiles'
import type { EditInput } from './chain'
import type { EditMode, EditOptions, EditSource } from './store'
import { issueWords } from '../../ui/issueWords'

export interface EditIssue {
  field: 'source' | 'prompt' | 'model' | 'mask' | 'n' | 'outputFormat'
  message: string
}

export const EDIT_OUTPUT_FORMATS = ['png', 'webp', 'jpeg'] as const
/** Stands in for the mask until it is exported at send time; only its presence matters to the checks. */
const MASK_PLACEHOLDER = '0'.repeat(32)

/**
 * The edit request for the current screen state (painting a mask, or the whole image without one), with a
 * mask id placeholder (the mask is exported and
 * imported at send time), and every issue that stops it, in the order a user fixes them. `t` speaks this
 * screen's own issues; the shared checks (`preflightJob`) say theirs in their own words.
 */
export function buildEdit(
  input: {
    source: EditSource | null
    prompt: string
    model: Pick<ModelView, 'id' | 'supportedEndpoints'> | undefined
    options: EditOptions
    maskEmpty: boolean
    /** Default 'painted': a mask must be painted. 'whole' sends no mask at all. */
    mode?: EditMode
    /** Further images after the source, in order (`image[]`). */
    inputs?: EditInput[]
  },
  t: TFunction
): { request: Extract<JobRequest, { endpoint: 'imageEdits' }> | null; issues: EditIssue[] } {
  const issues: EditIssue[] = []
  if (!input.source) issues.push({ field: 'source', message: t('edit.issues.source') })
  if (input.prompt.trim() === '') issues.push({ field: 'prompt', message: t('edit.issues.prompt') })
  if (!input.model) issues.push({ field: 'model', message: t('edit.issues.model') })
  const whole = input.mode === 'whole'
  if (input.source && !whole && input.maskEmpty)
    issues.push({ field: 'mask', message: t('edit.issues.mask') })
  const fields: Record<string, string | number> = {}
  const n = input.options.n.trim()
  if (n !== '') {
    if (!/^\d+$/.test(n) || Number(n) < 1 || Number(n) > 10)
      issues.push({ field: 'n', message: t('edit.issues.n') })
    else fields['n'] = Number(n)
  }
  if (input.options.outputFormat) fields['output_format'] = input.options.outputFormat
  if (!input.source || !input.model) return { request: null, issues }
  const request = {
    endpoint: 'imageEdits' as const,
    body: {
      model: input.model.id,
      prompt: input.prompt,
      ...(Object.keys(fields).length > 0 ? { fields } : {})
    },
    images: [input.source, ...(input.inputs ?? [])].map((image) => ({ mediaId: image.mediaId })),
    ...(whole ? {} : { mask: { mediaId: MASK_PLACEHOLDER } })
  }
  const known = new Set(issues.map((issue) => issue.field))
  for (const issue of preflightJob(request, {
    id: input.model.id,
    supported_endpoints: input.model.supportedEndpoints
  })) {
    const field = issue.field === 'prompt' ? 'prompt' : issue.field === 'model' ? 'model' : 'source'
    if (!known.has(field)) issues.push({ field, message: issueWords(t, issue) })
  }
  const parsed = JobRequest.safeParse(request)
  return {
    request:
      issues.length === 0 && parsed.success && parsed.data.endpoint === 'imageEdits' ? parsed.data : null,
    issues
  }
}
