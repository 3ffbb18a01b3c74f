import type { JobView, ResultView } from '@shared/schemas/jobs'
import { createApiClient, type ApiClient, type Transport } from '@shared/client'
import type { CommandName } from '@shared/contract'
import { bridgeImages } from '@renderer/features/images/bridge'
import { emptyDraft } from '@renderer/jobs/imageForm/form'
import { useImagesStore } from '@renderer/features/images/store'
import { useAppStore } from '@renderer/store/app'
import { useJobsStore } from '@renderer/store/jobs'
import { useProfilesStore } from '@renderer/store/profiles'
import { testInfo, testSettings } from '../connection'

type Handler = (input: unknown) => unknown

export const profile = {
  id: 'p1',
  kind: 'demo' as const,
  name: 'Demo gateway',
  baseUrl: 'http://127.0.0.1:1/t/acme',
  fieldMap: {
    imagesV2: { size: 'size', resolution: 'resolution', referenceImages: 'image_urls' },
    imagesV3: { moderation: 'moderation', compression: 'output_compression' },
    partnerB: { count: 'n', size: 'size', seed: 'seed', watermark: 'watermark', referenceImages: 'image' },
    video: { queryPath: '/v1/videos/generations/{id}', resultUrlPath: 'result.video_url' }
  },
  extraFields: {},
  active: true,
  hasKey: true,
  keyLast4: null,
  keyRemoved: null
}

export const catalog = {
  profileId: 'p1',
  fetchedAt: 1,
  models: [
    {
      id: 'gpt-image',
      ownedBy: null,
      supportedEndpoints: ['/v3/images/generations', '/v1/images/edits'],
      billingUnit: 'image'
    },
    {
      id: 'compat',
      ownedBy: null,
      supportedEndpoints: ['/v1/images/generations', '/v1/images/edits'],
      billingUnit: 'token'
    },
    {
      id: 'seedream-stream',
      ownedBy: null,
      supportedEndpoints: ['/partner-a/v3/images/generations'],
      billingUnit: 'image'
    },
    {
      id: 'multi',
      ownedBy: null,
      supportedEndpoints: ['images_generations_v3', '/partner-a/v3/images/generations'],
      billingUnit: null
    },
    { id: 'chat', ownedBy: null, supportedEndpoints: ['/v1/chat/completions'], billingUnit: 'token' }
  ]
}

export interface FakeBackend {
  api: ApiClient
  calls: { name: string; input: unknown }[]
  emit: (name: string, payload: unknown) => void
}

/** The renderer wired to a scripted backend: commands answer from `handlers`, events are pushed by `emit`. */
export function fakeBackend(handlers: Partial<Record<CommandName, Handler>> = {}): FakeBackend {
  const listeners = new Set<(name: string, payload: unknown) => void>()
  const calls: { name: string; input: unknown }[] = []
  const all: Partial<Record<CommandName, Handler>> = {
    'models.list': () => catalog,
    'jobs.list': () => [],
    'library.recent': () => ({ items: [], hasMore: false }),
    ...handlers
  }
  const transport: Transport = {
    invoke: async (name, input) => {
      calls.push({ name, input })
      const handler = all[name]
      if (!handler) return { ok: false, error: { code: 'unknown_command', message: name } }
      try {
        return { ok: true, value: await handler(input) }
      } catch (error) {
        return { ok: false, error: error as { code: string; message: string } }
      }
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
  const api = createApiClient(transport)
  const connection = { api, host: 'web' as const, mediaUrl: (id: string) => `/media/${id}` }
  useAppStore
    .getState()
    .setConnection(
      connection,
      testInfo({ version: '0', dataDir: '/d' }),
      testSettings({ notifyOnJobFinish: false, exportNameTemplate: '{date}' })
    )
  useProfilesStore.setState({ profiles: [profile], catalogs: {} })
  useJobsStore.setState({ byId: {}, order: [], change: null })
  api.on('jobs.updated', (job) => useJobsStore.getState().upsert(job))
  api.on('jobs.partial', ({ job }) => useJobsStore.getState().upsert(job))
  bridgeImages(connection)
  return { api, calls, emit: (name, payload) => listeners.forEach((listener) => listener(name, payload)) }
}

export function jobView(patch: Partial<JobView> & Pick<JobView, 'id' | 'request'>): JobView {
  return {
    kind: 'image',
    endpoint: '/partner-a/v3/images/generations',
    profileId: 'p1',
    model: 'seedream-stream',
    prompt: 'a kite',
    status: 'running',
    error: null,
    usage: null,
    billingUnit: 'image',
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    finishedAt: null,
    groupId: null,
    tasks: [
      {
        id: 't1',
        seq: 0,
        status: 'running',
        remoteId: null,
        remoteStatus: null,
        pollCount: 0,
        lastPolledAt: null,
        nextPollAt: null,
        progress: null,
        error: null,
        usage: null
      }
    ],
    results: [],
    ...patch
  }
}

export function resultView(patch: Partial<ResultView> & Pick<ResultView, 'id' | 'index'>): ResultView {
  return {
    jobId: 'j1',
    taskId: 't1',
    kind: 'image',
    status: 'stored',
    mediaId: `${'a'.repeat(31)}${patch.index}`,
    mime: 'image/png',
    width: 2048,
    height: 2048,
    bytes: 1000,
    durationMs: null,
    sizeLabel: '2048x2048',
    revisedPrompt: null,
    sourceExpiresAt: null,
    error: null,
    favorite: false,
    createdAt: 1_700_000_000_000,
    ...patch
  }
}

/** A fresh Images screen: an empty form, no remembered stream refusals, no notice, error or open viewer. */
export function resetImagesScreen(): void {
  localStorage.clear()
  useImagesStore.setState({
    draft: emptyDraft(),
    noStream: [],
    submitError: null,
    notice: null,
    viewer: null
  })
}
