import { JobRequest, type JobView } from '@shared/schemas/jobs'

/**
 * Whether a job is a partner-a stream the gateway refused before any image (spec §4.10: "If the model has
 * no streaming enabled, the response is 400"). The listing does not say which models stream, so this is
 * the only way to learn it.
 */
export function refusedStream(job: JobView): boolean {
  if (job.status !== 'failed' || job.results.length > 0) return false
  const request = JobRequest.safeParse(job.request)
  if (!request.success || request.data.endpoint !== 'partnerA' || !request.data.stream) return false
  const error = job.error
  if (!error || error.view?.status !== 400) return false
  return /stream/i.test(`${error.code} ${error.message} ${error.view.code ?? ''} ${error.view.raw ?? ''}`)
}
