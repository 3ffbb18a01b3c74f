import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { TEST_TIMING } from '../../src/emulator'
import { createBackend, type Backend } from '../../src/main/backend'
import { createKeyFileCipher } from '../../src/main/secrets/cipher'
import { createApiClient, type ApiClient } from '../../src/shared/client'
import type { CommandName } from '../../src/shared/contract'

export interface TestBackend {
  backend: Backend
  api: ApiClient
  dataDir: string
  /** Every command result and event that crossed the contract, as JSON text (for leak checks). */
  wire: string[]
}

/** A real backend on a temp data dir, driven through the typed client exactly as a shell would. */
export function startTestBackend(root: string, name = 'data'): TestBackend {
  const dataDir = join(root, name)
  mkdirSync(dataDir, { recursive: true })
  const backend = createBackend({
    dataDir,
    host: 'web',
    secretCipher: createKeyFileCipher(dataDir),
    demoTiming: TEST_TIMING
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
