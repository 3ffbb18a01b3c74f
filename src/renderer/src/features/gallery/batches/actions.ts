import type { ApiClient } from '@shared/client'
import type { Verdict } from '@shared/schemas/batches'
import type { AppError } from '@shared/result'
import { useBatchSheetStore } from './store'

const store = useBatchSheetStore

/** Every batch and compare run, newest first: the list the batch view picks from. */
export async function loadBatches(api: ApiClient): Promise<void> {
  const result = await api.call('groups.list', { limit: 500 })
  if (result.ok) store.getState().setBatches(result.value)
  else store.getState().setBatches(store.getState().batches, result.error)
}

/** The open batch's sheet, read again (after a change of its jobs, or on opening it). */
export async function loadSheet(api: ApiClient): Promise<void> {
  const id = store.getState().openId
  if (id === null) return
  store.getState().setLoading(true)
  const result = await api.call('batches.sheet', { id })
  if (store.getState().openId !== id) return
  if (result.ok) store.getState().setSheet(result.value)
  else store.getState().setSheet(null, result.error)
}

/**
 * Keeps, rejects or clears images: shown at once, then told to the backend; if it refuses, the marks go
 * back to what they were and the refusal is returned for the sheet to show.
 */
export async function setVerdict(
  api: ApiClient,
  ids: readonly string[],
  verdict: Verdict | null
): Promise<AppError | null> {
  if (ids.length === 0) return null
  const before = new Map<string, Verdict | null>()
  for (const job of store.getState().sheet?.jobs ?? [])
    for (const result of job.results) if (ids.includes(result.id)) before.set(result.id, result.verdict)
  store.getState().markVerdicts(ids, verdict)
  const result = await api.call('results.setVerdict', { ids: [...ids], verdict })
  if (result.ok) return null
  for (const [id, was] of before) store.getState().markVerdicts([id], was)
  return result.error
}
