import { descriptorOf } from '@shared/gateway/endpoints'
import { JobRequest, type JobView } from '@shared/schemas/jobs'

/**
 * Whether a job is a stream the gateway refused before any image (a 400 naming the stream: a model without
 * streaming enabled, docs/GATEWAY.md §1). The listing does not say which models stream, so this is the only
 * way to learn it.
 */
export function refusedStream(job: JobView): boolean {
  if (job.status !== 'failed' || job.results.length > 0) return false
  const request = JobRequest.safeParse(job.request)
  if (!request.success || !descriptorOf(request.data.endpoint).stream?.when(request.data)) return false
  const error = job.error
  if (!error || error.view?.status !== 400) return false
  return /stream/i.test(`${error.code} ${error.message} ${error.view.code ?? ''} ${error.view.raw ?? ''}`)
}
