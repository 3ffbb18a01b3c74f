import { expect } from '@playwright/test'
import { createApiClient, type ApiClient } from '../../../src/shared/client'
import type { JobView } from '../../../src/shared/schemas/jobs'
import { connectWebSocket } from '../../helpers/wsClient'
import type { EmulatorProcess } from './emulatorProcess'
import type { RunningWebHost } from './webHost'

/**
 * The contract spoken over the web host's WebSocket from the test process (what the page does), for the
 * parts of a scenario that have no screen of their own yet (v2 image groups) and for reading job state.
 */
export async function contractClient(host: RunningWebHost): Promise<{ api: ApiClient; close: () => void }> {
  const token = /#token=([A-Za-z0-9_-]+)/.exec(host.url)?.[1] ?? ''
  const transport = await connectWebSocket(host.origin, token)
  return { api: createApiClient(transport), close: () => transport.close() }
}

/** Adds the emulator's acme tenant as a profile with the ordinary key and makes it the one in use. */
export async function useEmulatorProfile(api: ApiClient, emulator: EmulatorProcess): Promise<string> {
  const key = emulator.keys.find((entry) => entry.role === 'ordinary')?.key ?? ''
  const profile = await api.invoke('profiles.create', {
    name: 'Emulator (separate process)',
    baseUrl: emulator.tenants.acme ?? '',
    activate: true
  })
  await api.invoke('secrets.setKey', { profileId: profile.id, apiKey: key, acceptWeakProtection: true })
  await api.invoke('models.refresh', { profileId: profile.id })
  return profile.id
}

export function submitV2Group(api: ApiClient, prompt: string, count = 2): Promise<JobView> {
  return api.invoke('jobs.submit', {
    request: {
      endpoint: 'imagesV2',
      body: { model: 'studio-image-async', prompt, size: '16:9', resolution: '1K' },
      count
    }
  })
}

/** Waits until every task of the jobs is held by the gateway (has a remote id): safe to stop the host. */
export async function waitUntilAccepted(api: ApiClient, ids: string[]): Promise<JobView[]> {
  let jobs: JobView[] = []
  await expect
    .poll(
      async () => {
        jobs = await Promise.all(ids.map((id) => api.invoke('jobs.get', { id })))
        return jobs.every((job) => job.tasks.every((task) => task.remoteId !== null))
      },
      { timeout: 20_000 }
    )
    .toBe(true)
  return jobs
}

export interface LoggedRequest {
  method: string
  path: string
  idempotencyKey: string | null
  status: number | null
  /** The body's shape: its top-level field names and model, never their values. */
  bodySummary?: { fields?: string[]; model?: string }
}

/** The separately started emulator's control API (src/emulator/README.md, "Control over HTTP"). */
export function emulatorControl(emulator: EmulatorProcess) {
  const control = `${emulator.origin}/__emulator`
  return {
    async script(path: string, steps: unknown): Promise<void> {
      const res = await fetch(`${control}/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path, steps })
      })
      expect(res.status).toBe(200)
    },
    async clearFaults(): Promise<void> {
      await fetch(`${control}/faults`, { method: 'DELETE' })
    },
    async log(): Promise<LoggedRequest[]> {
      return (await (await fetch(`${control}/log`)).json()) as LoggedRequest[]
    },
    async clearLog(): Promise<void> {
      await fetch(`${control}/log`, { method: 'DELETE' })
    }
  }
}
