import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/emulator'
import { ApiError } from '../../../src/shared/client'
import type { CommandOutput } from '../../../src/shared/contract'
import { startTestBackend, type TestBackend } from '../../helpers/backend'
import { makeTempDir } from '../../helpers/tempDir'

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

describe('profiles, keys and the model catalog against the emulator', () => {
  const temp = makeTempDir()
  let emulator: RunningEmulator
  let studio: TestBackend

  beforeAll(async () => {
    emulator = await startEmulator()
    studio = startTestBackend(temp.dir)
  })

  afterAll(async () => {
    await studio.backend.close()
    await emulator.stop()
    temp.cleanup()
  })

  it('starts on the demo gateway, which lists models without any key', async () => {
    const profiles = await studio.api.invoke('profiles.list', {})
    expect(profiles).toHaveLength(1)
    expect(profiles[0]).toMatchObject({
      id: 'demo',
      kind: 'demo',
      active: true,
      hasKey: true,
      keyLast4: null
    })
    const catalog = await studio.api.invoke('models.refresh', {})
    expect(catalog.profileId).toBe('demo')
    expect(catalog.models.length).toBeGreaterThan(5)
    expect(catalog.fetchedAt).not.toBeNull()
    const partnerA = await studio.api.invoke('models.list', { endpoint: '/partner-a/v3/images/generations' })
    expect(partnerA.models.length).toBeGreaterThan(0)
    for (const model of partnerA.models)
      expect(model.supportedEndpoints).toContain('/partner-a/v3/images/generations')
  })

  it('refuses addresses that would send the key in clear or are not addresses [P29]', async () => {
    for (const baseUrl of [
      'http://gateway.example.com',
      'ftp://x.example',
      'gateway',
      'https://u:p@x.example',
      'file:///etc'
    ]) {
      const result = await studio.api.call('profiles.create', { name: 'Bad', baseUrl })
      expect(result.ok, baseUrl).toBe(false)
      if (!result.ok) expect(result.error.code).toBe('invalid_input')
    }
  })

  it('adds a profile, asks before storing a key under weak protection, then tests the connection [P12]', async () => {
    const profile = await studio.api.invoke('profiles.create', { name: 'Acme', baseUrl: emulator.baseUrl })
    expect(profile).toMatchObject({ kind: 'remote', hasKey: false, active: false })

    const withoutConsent = await studio.api.call('secrets.setKey', {
      profileId: profile.id,
      apiKey: emulator.keys.ordinary
    })
    expect(withoutConsent.ok).toBe(false)
    if (!withoutConsent.ok) expect(withoutConsent.error.code).toBe('secrets.weak_protection')
    expect((await studio.api.invoke('profiles.list', {})).find((p) => p.id === profile.id)?.hasKey).toBe(
      false
    )

    const stored = await studio.api.invoke('secrets.setKey', {
      profileId: profile.id,
      apiKey: emulator.keys.ordinary,
      acceptWeakProtection: true
    })
    expect(stored).toMatchObject({ hasKey: true, keyLast4: emulator.keys.ordinary.slice(-4) })

    const test = await studio.api.invoke('profiles.testConnection', { id: profile.id })
    expect(test.modelCount).toBe(emulator.models.length)
    expect(test.catalog.models.map((m) => m.id).sort()).toEqual(emulator.models.map((m) => m.id).sort())
    expect(test.catalog.models.every((m) => m.billingUnit !== null)).toBe(true)

    const activated = await studio.api.invoke('profiles.activate', { id: profile.id })
    expect(activated.active).toBe(true)
    const all = await studio.api.invoke('profiles.list', {})
    expect(all.filter((p) => p.active).map((p) => p.id)).toEqual([profile.id])
  })

  it('maps a wrong key to "re-enter the key" and keeps the cached catalog [P36]', async () => {
    const profile = await studio.api.invoke('profiles.create', {
      name: 'Wrong key',
      baseUrl: emulator.baseUrl
    })
    await studio.api.invoke('secrets.setKey', {
      profileId: profile.id,
      apiKey: 'sk-not-a-real-key-0000',
      acceptWeakProtection: true
    })
    const error = await studio.api
      .invoke('profiles.testConnection', { id: profile.id })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).code).toBe('gateway.auth')
    expect((error as ApiError).details).toMatchObject({ action: 're_enter_key', status: 401 })
    expect((error as ApiError).message).not.toContain('sk-not-a-real-key')
  })

  it('a key of another tenant is refused like a wrong key [P36]', async () => {
    const profile = await studio.api.invoke('profiles.create', { name: 'Other', baseUrl: emulator.baseUrl })
    await studio.api.invoke('secrets.setKey', {
      profileId: profile.id,
      apiKey: emulator.keys.otherTenant,
      acceptWeakProtection: true
    })
    const result = await studio.api.call('profiles.testConnection', { id: profile.id })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.code).toBe('gateway.auth')
  })

  it('the catalog belongs to the key: a new key drops the old listing at once and the new one arrives by event (issue 15)', async () => {
    const profile = await studio.api.invoke('profiles.create', { name: 'Keyed', baseUrl: emulator.baseUrl })
    await studio.api.invoke('secrets.setKey', {
      profileId: profile.id,
      apiKey: emulator.keys.noPermission,
      acceptWeakProtection: true
    })
    const limited = await studio.api.invoke('models.refresh', { profileId: profile.id })
    expect(limited.models.map((m) => m.id)).not.toContain('studio-image-v3')

    const seen: CommandOutput<'models.list'>[] = []
    const off = studio.api.on('models.changed', (catalog) => {
      if (catalog.profileId === profile.id) seen.push(catalog)
    })
    await studio.api.invoke('secrets.setKey', {
      profileId: profile.id,
      apiKey: emulator.keys.ordinary,
      acceptWeakProtection: true
    })
    // At once: what the limited key could see is gone, and screens were told.
    expect(seen[0]).toMatchObject({ profileId: profile.id, models: [], fetchedAt: null })
    // Then, without anyone asking, the new key's listing.
    await vi.waitFor(() => expect(seen.at(-1)?.models.map((m) => m.id)).toContain('studio-image-v3'))
    expect((await studio.api.invoke('models.list', { profileId: profile.id })).models).toHaveLength(
      emulator.models.length
    )

    // Clearing the key drops the listing too; with no key nothing is fetched.
    const before = emulator.requestLog.length
    await studio.api.invoke('secrets.clearKey', { id: profile.id })
    expect(seen.at(-1)).toMatchObject({ models: [], fetchedAt: null })
    expect(emulator.requestLog.length).toBe(before)
    off()
  })

  it('switching gateways tells every screen the listing of the gateway now in use (issue 15)', async () => {
    const seen: string[] = []
    const off = studio.api.on('models.changed', (catalog) => seen.push(catalog.profileId))
    await studio.api.invoke('profiles.activate', { id: 'demo' })
    expect(seen).toContain('demo')
    off()
  })

  it('edits names and field maps, refuses a bad field map with a message, and protects the demo profile', async () => {
    const profile = await studio.api.invoke('profiles.create', { name: 'Edit me', baseUrl: emulator.baseUrl })
    const renamed = await studio.api.invoke('profiles.update', {
      id: profile.id,
      name: 'Renamed',
      fieldMap: { imagesV2: { size: 'aspect_ratio' } }
    })
    expect(renamed.name).toBe('Renamed')
    expect(renamed.fieldMap.imagesV2.size).toBe('aspect_ratio')
    const bad = await studio.api.call('profiles.update', {
      id: profile.id,
      fieldMap: { imagesV2: { size: 42 } }
    })
    expect(bad.ok).toBe(false)
    // Which entry and what it should be, by code (issue 16): no zod message about types.
    if (!bad.ok)
      expect(bad.error.words).toEqual({ code: 'fieldNamesUnreadable', values: { path: 'imagesV2.size' } })
    const demoEdit = await studio.api.call('profiles.update', { id: 'demo', name: 'x' })
    expect(demoEdit.ok).toBe(false)
    if (!demoEdit.ok) expect(demoEdit.error.code).toBe('profiles.demo_readonly')
  })

  it('deleting the active profile hands over to the demo gateway', async () => {
    const profile = await studio.api.invoke('profiles.create', {
      name: 'Short-lived',
      baseUrl: emulator.baseUrl,
      activate: true
    })
    await studio.api.invoke('profiles.delete', { id: profile.id })
    const all = await studio.api.invoke('profiles.list', {})
    expect(all.find((p) => p.id === profile.id)).toBeUndefined()
    expect(all.find((p) => p.active)?.id).toBe('demo')
  })

  it('never lets a key appear in the data folder, the contract traffic or the emulator log [P11]', async () => {
    await studio.backend.close()
    const keys: string[] = [
      emulator.keys.ordinary,
      emulator.keys.noPermission,
      emulator.keys.noBalance,
      emulator.keys.otherTenant
    ]
    for (const file of filesUnder(studio.dataDir)) {
      const bytes = readFileSync(file)
      for (const key of keys) expect(bytes.includes(Buffer.from(key)), `${file} holds a key`).toBe(false)
    }
    const traffic = studio.wire.join('\n')
    expect(traffic.length).toBeGreaterThan(1000)
    for (const key of keys) expect(traffic.includes(key)).toBe(false)
    const log = JSON.stringify(emulator.requestLog)
    for (const key of keys) expect(log.includes(key)).toBe(false)
    studio = startTestBackend(temp.dir)
  })
})
