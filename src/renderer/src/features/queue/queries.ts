import type { ApiClient } from '@shared/client'
import { upsertFresh } from '../../store/jobs'
import { failureLine } from '../../ui/errorWords'
import { currentT } from '../../ui/words'
import { ALL_TASKS, filterKey, PAGE_SIZE, toJobQuery, type TaskFilter } from './model'
import { useQueueStore } from './store'

/** Loads the next page of a filter (newest first) and records how far it reaches. */
export async function loadPage(api: ApiClient, filter: TaskFilter): Promise<void> {
  const key = filterKey(filter)
  const tasks = useQueueStore.getState()
  const page = tasks.pages[key]
  if (page?.loading || page?.exhausted) return
  tasks.setPage(key, { loading: true, error: null })
  const cursor =
    page?.oldest != null && page.oldestId != null ? { createdAt: page.oldest, id: page.oldestId } : undefined
  const result = await api.call('jobs.list', toJobQuery(filter, cursor))
  if (!result.ok) {
    useQueueStore.getState().setPage(key, { loading: false, error: failureLine(currentT, result.error) })
    return
  }
  upsertFresh(result.value)
  const last = result.value.at(-1)
  useQueueStore.getState().setPage(key, {
    loading: false,
    exhausted: result.value.length < PAGE_SIZE,
    oldest: last ? last.createdAt : (page?.oldest ?? null),
    oldestId: last ? last.id : (page?.oldestId ?? null)
  })
}

/**
 * A filter's first page, unless it is here already or on its way (the whole queue's comes at start); asked
 * again if its last ask failed. For the screen's opening: fetching one more page each time was work drawn
 * while the first screen was shown. Older pages come as the list nears its end (`loadPage`).
 */
export function loadFirstPage(api: ApiClient, filter: TaskFilter): Promise<void> {
  const page = useQueueStore.getState().pages[filterKey(filter)]
  // `loadPage` itself leaves a page on its way alone.
  return !page || page.error !== null ? loadPage(api, filter) : Promise.resolve()
}

/**
 * At start: every job still going or waiting for the user (so the navigation badge is right before the
 * Queue screen is ever opened), and the first page of everything.
 */
export async function loadAtStart(api: ApiClient): Promise<void> {
  await loadOpenJobs(api)
  await loadPage(api, ALL_TASKS)
}

/** Every job still going or waiting for the user (also after an outage, when events were missed). */
export async function loadOpenJobs(api: ApiClient): Promise<void> {
  const open = await api.call('jobs.list', { status: ['pending', 'running', 'needs_attention'], limit: 500 })
  if (open.ok) upsertFresh(open.value)
}
