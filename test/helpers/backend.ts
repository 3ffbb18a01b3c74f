import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { TEST_TIMING } from '../../src/emulator'
import { createBackend, type Backend, type BackendOptions } from '../../src/main/backend'
import { createKeyFileCipher } from '../../src/main/secrets/cipher'
import type { PartialPolicy } from '../../src/main/jobs/policy'
import { createApiClient, type ApiClient } from '../../src/shared/client'
import type { CommandName } from '../../src/shared/contract'
import type { ExportProgress } from '../../src/shared/schemas/gallery'

export interface TestBackend {
  backend: Backend
  api: ApiClient
  dataDir: string
  /** Every command result and event that crossed the contract, as JSON text (for leak checks). */
  wire: string[]
}

/** A real backend on a temp data dir, driven through the typed client exactly as a shell would. */
/** Polls and download retries in milliseconds rather than seconds, so tests finish quickly. */
export const FAST_POLICY = {
  poll: { initialMs: 15, factor: 1.5, maxMs: 60, jitter: 0.2 },
  download: { initialMs: 10, maxMs: 50 },
  afterFaultMs: 200
}

export function startTestBackend(
  root: string,
  name = 'data',
  policy: PartialPolicy = FAST_POLICY,
  /** Anything else the test must set (a clock it steps, say). */
  extra: Partial<BackendOptions> = {}
): TestBackend {
  const dataDir = join(root, name)
  mkdirSync(dataDir, { recursive: true })
  const backend = createBackend({
    dataDir,
    host: 'web',
    secretCipher: createKeyFileCipher(dataDir),
    demoTiming: TEST_TIMING,
    enginePolicy: policy,
    ...extra
  })
  const wire: string[] = []
  const api = createApiClient({
    invoke: async (commandName: CommandName, input: unknown) => {
      const result = await backend.dispatch(commandName, input)
      wire.push(JSON.stringify(result))
      return result
    },
    subscribe: (listener) =>
      backend.subscribe((eventName, payload) => {
        wire.push(JSON.stringify({ eventName, payload }))
        listener(eventName, payload)
      })
  })
  return { backend, api, dataDir, wire }
}

/** A backend whose active profile is the given emulator tenant, keyed and with its catalog loaded. */
export async function connectToEmulator(
  studio: TestBackend,
  baseUrl: string,
  apiKey: string
): Promise<string> {
  const profile = await studio.api.invoke('profiles.create', { name: 'Emulator', baseUrl, activate: true })
  await studio.api.invoke('secrets.setKey', { profileId: profile.id, apiKey, acceptWeakProtection: true })
  await studio.api.invoke('models.refresh', { profileId: profile.id })
  return profile.id
}

/** The export's last progress (succeeded, failed or cancelled), as the events tell it. */
export function exportFinished(studio: TestBackend, exportId: string): Promise<ExportProgress> {
  return new Promise((resolve) => {
    const off = studio.api.on('gallery.exportProgress', (progress) => {
      if (progress.exportId === exportId && progress.status !== 'running') {
        off()
        resolve(progress)
      }
    })
  })
}
