import type { ApiClient } from '@shared/client'
import { useJobsStore } from '../../store/jobs'
import { recall, remember } from './memory'
import { choiceKey, type PlannedJob } from './plan'
import { useCompareStore, type CompareRun } from './store'

const newId = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `compare-${Date.now()}-${Math.random().toString(36).slice(2)}`

/**
 * Sends one compare: one `jobs.submit` per model, the same command the Images screen sends, so each model
 * is an ordinary job (one gateway request, its own row before anything goes out, resumed after a
 * restart). The grid shows every column at once and fills each as the backend takes its job; the run is
 * remembered as soon as the job ids are known. Only sendable plans are sent: the form refuses the rest.
 */
export async function sendCompare(
  api: ApiClient,
  prompt: string,
  plans: readonly PlannedJob[]
): Promise<void> {
  const store = useCompareStore.getState()
  if (store.sending) return
  const sendable = plans.filter((plan) => plan.request !== null)
  if (sendable.length === 0) return
  const run: CompareRun = {
    id: newId(),
    prompt,
    startedAt: Date.now(),
    cells: sendable.map(({ model, endpoint }) => ({ model, endpoint, jobId: null, error: null }))
  }
  store.setRun(run)
  store.setSending(true)
  await Promise.all(
    sendable.map(async (plan) => {
      if (!plan.request) return
      const result = await api.call('jobs.submit', { request: plan.request })
      if (result.ok) {
        useJobsStore.getState().upsert(result.value)
        useCompareStore.getState().settle(choiceKey(plan), { jobId: result.value.id, error: null })
      } else useCompareStore.getState().settle(choiceKey(plan), { error: result.error })
    })
  )
  const after = useCompareStore.getState()
  after.setSending(false)
  await remember(api, { prompt: after.prompt, shape: after.shape, chosen: after.chosen, run: after.run })
}

/**
 * Puts the last compare back once per session: the form as it was and the grid's jobs, read afresh. Not
 * over anything the user already did on the screen (a prompt typed, a run sent) before it came back.
 */
export async function restoreLast(api: ApiClient): Promise<void> {
  if (useCompareStore.getState().restored) return
  const recalled = await recall(api)
  const jobs = await Promise.all(
    (recalled?.run?.cells ?? []).map((cell) =>
      cell.jobId ? api.call('jobs.get', { id: cell.jobId }) : Promise.resolve(null)
    )
  )
  const store = useCompareStore.getState()
  const pristine = !store.restored && store.run === null && store.prompt === '' && store.chosen.length === 0
  if (!recalled || !pristine) {
    store.restore({ prompt: store.prompt, chosen: store.chosen, shape: store.shape, run: store.run })
    return
  }
  for (const result of jobs) if (result?.ok) useJobsStore.getState().upsert(result.value)
  // A column whose job was deleted since is left out; a run with none left is not shown.
  const cells = (recalled.run?.cells ?? []).filter((_, index) => jobs[index]?.ok)
  const run = recalled.run && cells.length > 0 ? { ...recalled.run, cells } : null
  store.restore({ prompt: recalled.prompt, chosen: recalled.chosen, shape: recalled.shape, run })
}
