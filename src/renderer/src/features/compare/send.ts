import type { ApiClient } from '@shared/client'
import { useJobsStore } from '../../store/jobs'
import { recall, remember } from './memory'
import { JobRequest, type JobView } from '@shared/schemas/jobs'
import { GEN_ENDPOINTS } from '../../jobs/imageForm/form'
import { choiceKey, type PlannedJob } from './plan'
import { useCompareStore, type CompareCell } from './store'

/** The most characters a job group's name has (JobGroupSubmitInput). */
const NAME_MAX = 200

/**
 * A compare's group is named by its prompt: cut, where longer, to what a group's name may hold (counted as
 * the schema counts, in UTF-16 units, never splitting a character), ending with "…".
 */
export function groupName(prompt: string): string {
  const whole = prompt.trim()
  if (whole.length <= NAME_MAX) return whole
  let name = ''
  for (const char of whole) {
    if (name.length + char.length > NAME_MAX - 1) break
    name += char
  }
  return `${name.trimEnd()}…`
}

/**
 * Sends one compare as one job group (`jobs.submitGroup`): one job per model, each the same job the Images
 * screen sends (its own row before anything goes out, resumed after a restart), committed together, and
 * each column answered with its job or why it was not made. The grid shows every column at once; the
 * group's id is the run's, so the backend, not this screen, knows which jobs belong together.
 */
export async function sendCompare(
  api: ApiClient,
  /** The prompt as every column is sent it (its style put around it). */
  prompt: string,
  plans: readonly PlannedJob[]
): Promise<void> {
  const store = useCompareStore.getState()
  if (store.sending) return
  const sendable = plans.filter(
    (plan): plan is PlannedJob & { request: NonNullable<PlannedJob['request']> } => plan.request !== null
  )
  if (sendable.length === 0) return
  const cells = sendable.map(({ model, endpoint }) => ({ model, endpoint, jobId: null, error: null }))
  store.setRun({ id: '', prompt, startedAt: Date.now(), cells })
  store.setSending(true)
  const result = await api.call('jobs.submitGroup', {
    name: groupName(prompt),
    screen: 'compare',
    settings: { shape: store.shape },
    requests: sendable.map((plan) => plan.request)
  })
  const settle = useCompareStore.getState().settle
  if (result.ok) {
    useCompareStore.getState().setRun({
      id: result.value.group.id,
      prompt,
      startedAt: result.value.group.createdAt,
      cells
    })
    result.value.items.forEach((item, index) => {
      const plan = sendable[index]
      if (!plan) return
      if (item.ok) {
        useJobsStore.getState().upsert(item.job)
        settle(choiceKey(plan), { jobId: item.job.id, error: null })
      } else settle(choiceKey(plan), { error: item.error })
    })
  } else {
    for (const plan of sendable) settle(choiceKey(plan), { error: result.error })
  }
  const after = useCompareStore.getState()
  after.setSending(false)
  await remember(api, {
    prompt: after.prompt,
    shape: after.shape,
    chosen: after.chosen,
    runId: after.run?.id ?? null
  })
}

/** The column a job of a compare group fills: its model, on the endpoint it was sent to. */
function cellOf(job: JobView): CompareCell | null {
  const request = JobRequest.safeParse(job.request)
  if (!request.success || !GEN_ENDPOINTS.includes(request.data.endpoint)) return null
  return { model: job.model, endpoint: request.data.endpoint, jobId: job.id, error: null }
}

/**
 * Puts the last compare back once per session: the form as it was and the grid of its group's jobs, read
 * afresh. Not over anything the user already did on the screen (a prompt typed, a run sent) before it came
 * back.
 */
export async function restoreLast(api: ApiClient): Promise<void> {
  if (useCompareStore.getState().restored) return
  const recalled = await recall(api)
  const group = recalled?.runId ? await api.call('groups.get', { id: recalled.runId }) : null
  const jobs = group?.ok
    ? await Promise.all(group.value.jobIds.map((id) => api.call('jobs.get', { id })))
    : []
  const store = useCompareStore.getState()
  const pristine = !store.restored && store.run === null && store.prompt === '' && store.chosen.length === 0
  if (!recalled || !pristine) {
    store.restore({ prompt: store.prompt, chosen: store.chosen, shape: store.shape, run: store.run })
    return
  }
  const kept = jobs.flatMap((result) => (result.ok ? [result.value] : []))
  for (const job of kept) useJobsStore.getState().upsert(job)
  // A job deleted since is left out; a group with none left is not shown.
  const cells = kept.map(cellOf).filter((cell): cell is CompareCell => cell !== null)
  const run =
    group?.ok && cells.length > 0
      ? { id: group.value.id, prompt: group.value.name, startedAt: group.value.createdAt, cells }
      : null
  store.restore({ prompt: recalled.prompt, chosen: recalled.chosen, shape: recalled.shape, run })
}
