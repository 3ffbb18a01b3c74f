import { useEffect } from 'react'
import { JobRequest } from '@shared/schemas/jobs'
import { UNFINISHED_JOB_STATUSES } from '@shared/schemas/jobStatuses'
import { useJobsStore } from '../../store/jobs'
import { useEditStore } from './store'

/**
 * Watches the edit just sent: once its job has finished and its images are in the library (not merely
 * done at the gateway), they replace the canvas, compared with the image they were made from. A job that
 * ends with nothing stored (failed, cancelled) lets go; its card in the list below says why.
 */
export function useEditResult(): void {
  const awaiting = useEditStore((state) => state.awaiting)
  const job = useJobsStore((state) => (awaiting ? state.byId[awaiting] : undefined))
  useEffect(() => {
    if (!job || UNFINISHED_JOB_STATUSES.includes(job.status)) return
    const store = useEditStore.getState()
    // Compared with the image the edit was made from, even if the canvas has moved on since.
    const parsed = JobRequest.safeParse(job.request)
    const sent =
      parsed.success && parsed.data.endpoint === 'imageEdits' ? parsed.data.images[0]?.mediaId : undefined
    const before = store.chain.find((version) => version.mediaId === sent) ?? store.source
    const results = job.results.flatMap((result) =>
      result.status === 'stored' && result.mediaId && result.width && result.height
        ? [{ mediaId: result.mediaId, width: result.width, height: result.height, resultId: result.id }]
        : []
    )
    // A job can be done at the gateway while its images are still being downloaded: wait for them.
    const downloading =
      job.results.some((result) => result.status === 'pending') ||
      (job.status === 'succeeded' && job.results.length === 0)
    if (downloading) return
    if (results.length > 0 && before) {
      store.showCompare({ jobId: job.id, before, results, pick: 0 })
      store.setNotice({ key: 'arrived' })
    } else if (job.status !== 'needs_attention') store.setAwaiting(null)
  }, [job])
}
