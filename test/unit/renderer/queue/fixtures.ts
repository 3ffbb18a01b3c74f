import { screen, within } from '@testing-library/react'
import { vi } from 'vitest'
import { createApiClient, type Transport } from '@shared/client'
import type { JobView } from '@shared/schemas/jobs'
import type { ProfileView } from '@shared/schemas/profiles'
import { defaultFieldMap } from '@shared/gateway/fieldMap'
import type { Connection } from '@renderer/api'
import { useAppStore } from '@renderer/store/app'
import { useJobsStore } from '@renderer/store/jobs'
import { useProfilesStore } from '@renderer/store/profiles'
import { useQueueStore } from '@renderer/features/queue/store'
import { useTeamWorkStore } from '@renderer/features/queue/teamWork'
import { useNotificationsStore } from '@renderer/store/notifications'
import { job, task } from '../../../helpers/jobViews'
import { testInfo, testSettings } from '../connection'

export { job, result, task } from '../../../helpers/jobViews'

export const runningVideo = (patch: Partial<JobView> = {}): JobView =>
  job({
    id: 'video',
    kind: 'video',
    endpoint: '/v1/videos/generations',
    model: 'seedance-video',
    prompt: 'waves at night',
    request: { endpoint: 'videos', body: { model: 'seedance-video', prompt: 'waves at night', duration: 2 } },
    status: 'running',
    finishedAt: null,
    tasks: [
      task({ status: 'running', remoteId: 'vtask_1', pollCount: 2, lastPolledAt: 900, nextPollAt: 5_000 })
    ],
    results: [],
    ...patch
  })

export const profile = (patch: Partial<ProfileView> = {}): ProfileView => ({
  id: 'demo',
  kind: 'demo',
  name: 'Demo gateway',
  baseUrl: 'http://127.0.0.1:1',
  fieldMap: defaultFieldMap(),
  extraFields: {},
  active: true,
  hasKey: false,
  keyLast4: null,
  keyRemoved: null,
  ...patch
})

type Handler = (input: unknown) => unknown

/**
 * A connection whose commands answer from `handlers` (anything else fails loudly) and whose events the
 * test pushes with `emit`, exactly as a transport would deliver them.
 */
export function connect(handlers: Record<string, Handler> = {}): {
  connection: Connection
  invoke: ReturnType<typeof vi.fn>
  emit: (name: string, payload: unknown) => void
} {
  const listeners = new Set<(name: string, payload: unknown) => void>()
  const invoke = vi.fn((name: string, input: unknown) => {
    const handler = handlers[name]
    if (!handler)
      return Promise.resolve({ ok: false, error: { code: 'test', message: `${name} not stubbed` } })
    try {
      return Promise.resolve({ ok: true, value: handler(input) })
    } catch (error) {
      return Promise.resolve({ ok: false, error: { code: 'test', message: (error as Error).message } })
    }
  })
  const transport: Transport = {
    invoke,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
  const connection: Connection = {
    api: createApiClient(transport),
    host: 'web',
    mediaUrl: (id) => `/media/${id}`
  }
  useAppStore.getState().setConnection(connection, testInfo({ version: '0', dataDir: '/d' }), testSettings())
  return { connection, invoke, emit: (name, payload) => listeners.forEach((l) => l(name, payload)) }
}

/** Fresh stores for every test: they are module singletons. */
export function resetStores(): void {
  useJobsStore.setState({ byId: {}, order: [], change: null })
  useQueueStore.setState({
    filter: { status: 'all', kind: 'all', profileId: 'all' },
    expanded: {},
    pages: {},
    dialog: null,
    actionErrors: {},
    line: null
  })
  useNotificationsStore.setState({ items: [], toasts: [], passing: {}, listOpen: false })
  useTeamWorkStore.setState({ byLocation: {} })
  useProfilesStore.setState({ profiles: [profile()], catalogs: {} })
  useAppStore.setState({ screen: 'queue' })
}

/** happy-dom does no layout: give the virtualized list a viewport so it renders rows. */
export function stubLayout(): () => void {
  const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
  const width = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth')
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 })
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 })
  return () => {
    if (height) Object.defineProperty(HTMLElement.prototype, 'clientHeight', height)
    if (width) Object.defineProperty(HTMLElement.prototype, 'clientWidth', width)
  }
}

export const seed = (...jobs: JobView[]): void => useJobsStore.getState().upsertMany(jobs)

/** The Queue row of the job with this prompt, in the job list named `list` (its name in the language shown). */
export function rowOf(prompt: string, list = 'Jobs'): HTMLElement {
  const row = within(screen.getByRole('list', { name: list }))
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(prompt) && item.classList.contains('tq-row'))
  if (!row) throw new Error(`no row for ${prompt}`)
  return row
}
