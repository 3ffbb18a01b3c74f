import { createApiClient, type ApiClient } from '../../../src/shared/client'
import type { JobView } from '../../../src/shared/schemas/jobs'
import { connectWebSocket } from '../../helpers/wsClient'
import type { RunningWebHost } from './webHost'

/** The contract of a running web host, spoken from the test over the same WebSocket the page uses. */
export async function connectApi(host: RunningWebHost): Promise<{ api: ApiClient; close: () => void }> {
  const token = /#token=([A-Za-z0-9_-]+)/.exec(host.url)?.[1] ?? ''
  const transport = await connectWebSocket(host.origin, token)
  return { api: createApiClient(transport), close: transport.close }
}

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled', 'expired', 'needs_attention', 'incomplete'])

/** Submits image jobs and resolves with their views once every one has finished (from `jobs.updated`). */
export async function generateImages(
  api: ApiClient,
  prompts: readonly string[],
  model = 'studio-image-v3'
): Promise<JobView[]> {
  const done = new Map<string, JobView>()
  let wanted = new Set<string>()
  let resolveAll: () => void = () => undefined
  const all = new Promise<void>((resolve) => (resolveAll = resolve))
  const check = (job: JobView): void => {
    if (TERMINAL.has(job.status)) done.set(job.id, job)
    if (wanted.size > 0 && [...wanted].every((id) => done.has(id))) resolveAll()
  }
  const off = api.on('jobs.updated', check)
  const jobs: JobView[] = []
  for (const prompt of prompts) {
    jobs.push(
      await api.invoke('jobs.submit', {
        request: {
          endpoint: 'imagesV3',
          body: { model, prompt, n: 1, size: '1024x1024', output_format: 'png' }
        }
      })
    )
  }
  wanted = new Set(jobs.map((job) => job.id))
  for (const job of jobs) check(await api.invoke('jobs.get', { id: job.id }))
  await all
  off()
  return jobs.map((job) => done.get(job.id) ?? job)
}

/** A gallery with one finished image per prompt, made on the demo gateway before the page opens. */
export async function withImages(host: RunningWebHost, prompts: readonly string[]): Promise<void> {
  const { api, close } = await connectApi(host)
  try {
    await api.invoke('models.refresh', { profileId: 'demo' })
    await generateImages(api, prompts)
  } finally {
    close()
  }
}
