import { mkdirSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import type { SafeStorage } from 'electron'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator, TEST_TIMING, type RunningEmulator } from '../../../src/emulator'
import { createBackend } from '../../../src/main/backend'
import { createSafeStorageCipher } from '../../../src/main/electron/cipher'
import { createKeyFileCipher, type SecretCipher } from '../../../src/main/secrets/cipher'
import { createApiClient, type ApiClient } from '../../../src/shared/client'
import type { CommandName } from '../../../src/shared/contract'
import { makeTempDir } from '../../helpers/tempDir'

/**
 * Issue 11, finding 3: a client holding the session value opened the contract socket, pointed a profile at
 * its own server and pressed "Test connection"; the stored key went there in the Authorization header.
 * A key now belongs to the origin it was entered for, in both shells (their ciphers differ, the binding
 * lives in the shared backend).
 */

interface Recorded {
  method: string
  url: string
  authorization: string | undefined
}

/** A stranger's server on another loopback port: answers like a gateway and writes down every header. */
async function startRecorder(): Promise<{ origin: string; seen: Recorded[]; stop: () => Promise<void> }> {
  const seen: Recorded[] = []
  const server: Server = createServer((req, res) => {
    const headers: IncomingHttpHeaders = req.headers
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: headers.authorization })
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ object: 'list', data: [{ id: 'bait', supported_endpoints: [] }] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    stop: () => new Promise((resolve) => server.close(() => resolve()))
  }
}

/** Electron's safeStorage as the shell sees it, with a reversible stand-in for the OS keychain. */
function fakeSafeStorage(): SafeStorage {
  const seal = (plain: string): Buffer => Buffer.from(`os:${Buffer.from(plain).toString('base64')}`)
  return {
    getSelectedStorageBackend: () => 'gnome_libsecret',
    encryptStringAsync: (plain: string) => Promise.resolve(seal(plain)),
    decryptStringAsync: (sealed: Buffer) =>
      Promise.resolve({
        shouldReEncrypt: false,
        result: Buffer.from(sealed.toString().slice(3), 'base64').toString()
      })
  } as unknown as SafeStorage
}

const shells: {
  name: 'web host' | 'Electron'
  host: 'web' | 'electron'
  cipher: (dir: string) => SecretCipher
}[] = [
  { name: 'web host', host: 'web', cipher: (dir) => createKeyFileCipher(dir) },
  { name: 'Electron', host: 'electron', cipher: () => createSafeStorageCipher(fakeSafeStorage(), 'linux') }
]

describe.each(shells)('[P11] a stored key stays with the server it was entered for ($name)', (shell) => {
  const temp = makeTempDir()
  let emulator: RunningEmulator
  let recorder: Awaited<ReturnType<typeof startRecorder>>
  let api: ApiClient
  let dataDir: string
  let close: () => Promise<void>
  let run = 0

  beforeAll(async () => {
    emulator = await startEmulator()
    recorder = await startRecorder()
  })
  afterAll(async () => {
    await recorder.stop()
    await emulator.stop()
    temp.cleanup()
  })
  beforeEach(() => {
    dataDir = join(temp.dir, `data-${run++}`)
    mkdirSync(dataDir, { recursive: true })
    const backend = createBackend({
      dataDir,
      host: shell.host,
      secretCipher: shell.cipher(dataDir),
      demoTiming: TEST_TIMING
    })
    api = createApiClient({
      invoke: (name: CommandName, input: unknown) => backend.dispatch(name, input),
      subscribe: (listener) => backend.subscribe(listener)
    })
    close = () => backend.close()
    recorder.seen.length = 0
  })
  afterEach(() => close())

  const keyed = async (): Promise<string> => {
    const profile = await api.invoke('profiles.create', { name: 'Acme', baseUrl: emulator.baseUrl })
    await api.invoke('secrets.setKey', {
      profileId: profile.id,
      apiKey: emulator.keys.ordinary,
      acceptWeakProtection: true
    })
    // The key works where it was entered: the emulator lists models with it.
    await api.invoke('profiles.testConnection', { id: profile.id })
    return profile.id
  }
  const keyReachedRecorder = (): boolean =>
    recorder.seen.some((request) => request.authorization?.includes(emulator.keys.ordinary) ?? false)

  it('[P11] moving the address to another port removes the key; "Test connection" never sends it there', async () => {
    const id = await keyed()
    const moved = await api.invoke('profiles.update', { id, baseUrl: `${recorder.origin}/v1-gateway` })

    const test = await api.call('profiles.testConnection', { id })
    expect(keyReachedRecorder(), 'the other server received the key').toBe(false)
    // Nothing is sent without a key: the user is told to enter the key for the new server instead.
    expect(recorder.seen).toEqual([])
    expect(test.ok).toBe(false)
    if (!test.ok) {
      expect(test.error.code).toBe('secrets.key_needed')
      expect(test.error.message).toBe(
        `The key was removed because the gateway address moved to another server. Enter the key for ${recorder.origin}.`
      )
    }

    // The command's own answer and every later view say so.
    expect(moved).toMatchObject({ hasKey: false, keyLast4: null })
    expect(moved.keyRemoved).toEqual({ reason: 'origin_changed', origin: recorder.origin })
    const listed = (await api.invoke('profiles.list', {})).find((profile) => profile.id === id)
    expect(listed).toMatchObject({ hasKey: false, keyRemoved: { origin: recorder.origin } })
  })

  it('[P11] a key entered for the new server clears the notice and is used there, and only there', async () => {
    const id = await keyed()
    await api.invoke('profiles.update', { id, baseUrl: recorder.origin })
    const rekeyed = await api.invoke('secrets.setKey', {
      profileId: id,
      apiKey: 'sk-recorder-key-9876',
      acceptWeakProtection: true
    })
    expect(rekeyed).toMatchObject({ hasKey: true, keyLast4: '9876', keyRemoved: null })
    await api.invoke('profiles.testConnection', { id })
    expect(recorder.seen.map((request) => request.authorization)).toEqual(['Bearer sk-recorder-key-9876'])
    expect(keyReachedRecorder()).toBe(false)
  })

  it('[P11] a path-only change on the same server keeps the key, however the address is spelled', async () => {
    const id = await keyed()
    const elsewhere = await api.invoke('profiles.update', { id, baseUrl: `${emulator.origin}/t/other-path` })
    expect(elsewhere).toMatchObject({
      hasKey: true,
      keyLast4: emulator.keys.ordinary.slice(-4),
      keyRemoved: null
    })
    // Same origin in capitals: the URL parser lower-cases scheme and host before comparing.
    const back = await api.invoke('profiles.update', {
      id,
      baseUrl: emulator.baseUrl.replace('http://127.0.0.1', 'HTTP://127.0.0.1')
    })
    expect(back).toMatchObject({ hasKey: true, keyRemoved: null })
    const test = await api.invoke('profiles.testConnection', { id })
    expect(test.modelCount).toBe(emulator.models.length)
  })

  it('[P11] where the header is built, a key bound to another origin is refused (even if a row slipped past)', async () => {
    const id = await keyed()
    // A bug elsewhere, simulated: the address is changed behind the backend's back, key row untouched.
    const raw = new Database(join(dataDir, 'studio.db'))
    raw.pragma('busy_timeout = 5000')
    raw.prepare('UPDATE profiles SET base_url = ? WHERE id = ?').run(recorder.origin, id)
    raw.close()
    // A rename drops the cached client, so the next call builds one for the address now stored.
    await api.invoke('profiles.update', { id, name: 'Acme renamed' })
    const test = await api.call('profiles.testConnection', { id })
    expect(keyReachedRecorder(), 'the other server received the key').toBe(false)
    expect(recorder.seen).toEqual([])
    expect(test.ok).toBe(false)
    if (!test.ok) {
      expect(test.error.code).toBe('secrets.key_needed')
      expect(test.error.message).toContain(`Enter the key for ${recorder.origin}`)
    }
    // And the view does not claim a usable key.
    const listed = (await api.invoke('profiles.list', {})).find((profile) => profile.id === id)
    expect(listed?.hasKey).toBe(false)
  })
})
