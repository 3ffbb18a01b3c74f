import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../src/main/db/connection'
import { migrate } from '../../../../src/main/db/migrate'
import { migrations } from '../../../../src/main/db/migrations'
import { AppFailure } from '../../../../src/main/contract/failure'
import { ProfileRepository } from '../../../../src/main/profiles/repository'
import { ApiKeyStore } from '../../../../src/main/secrets/apiKeys'
import type { SecretCipher } from '../../../../src/main/secrets/cipher'
import { defaultFieldMap } from '../../../../src/shared/gateway/fieldMap'
import { say } from '../../../../src/shared/sentences'
import { makeTempDir } from '../../../helpers/tempDir'

const KEY = 'sk-live-abcdef-1234'
const GATEWAY = 'https://gw.example.com'
const STRANGER = 'https://stranger.example.net'

/** Counts decryptions, and can hold an encryption open to let something happen in between. */
function testCipher(): SecretCipher & { decrypted: number; hold: (() => void) | null; holding: boolean } {
  const cipher = {
    protection: 'os' as const,
    description: say('keysKeychain', { backend: 'test' }),
    decrypted: 0,
    holding: false,
    hold: null as (() => void) | null,
    encrypt: async (plain: string): Promise<Buffer> => {
      if (cipher.holding) await new Promise<void>((resolve) => (cipher.hold = resolve))
      return Buffer.from(`sealed:${plain}:${Math.random()}`)
    },
    decrypt: (sealed: Buffer): Promise<string> => {
      cipher.decrypted++
      return Promise.resolve(sealed.toString().split(':')[1] ?? '')
    }
  }
  return cipher
}

describe('API keys are bound to the origin they were entered for', () => {
  const temp = makeTempDir()
  let db: Db
  let profiles: ProfileRepository
  let cipher: ReturnType<typeof testCipher>
  let keys: ApiKeyStore
  let id: string
  let run = 0

  beforeEach(() => {
    db = openDatabase(`${temp.dir}/keys-${run++}.db`)
    migrate(db, migrations)
    profiles = new ProfileRepository(db, Date.now)
    cipher = testCipher()
    keys = new ApiKeyStore(db, cipher, Date.now)
    id = profiles.create(
      { name: 'Acme', baseUrl: `${GATEWAY}/t/acme`, fieldMap: defaultFieldMap(), extraFields: {} },
      false
    ).id
  })
  afterEach(() => db.close())
  afterAll(() => temp.cleanup())

  const refusal = async (promise: Promise<unknown>): Promise<AppFailure> => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e
    )
    expect(error).toBeInstanceOf(AppFailure)
    return error as AppFailure
  }

  it('[P11] gives the header only for the origin the key is bound to, cached or not', async () => {
    await keys.set(id, KEY, GATEWAY)
    expect(await keys.authorization(id, GATEWAY)).toBe(`Bearer ${KEY}`)
    // The plaintext is cached now; the cache must not widen where it may go.
    const cached = await refusal(keys.authorization(id, STRANGER))
    expect(cached.code).toBe('secrets.key_needed')
    expect(cached.message).not.toContain(KEY)

    keys.forget(id)
    const fresh = await refusal(keys.authorization(id, `${STRANGER}:8443`))
    expect(fresh.code).toBe('secrets.key_needed')
  })

  it('[P11] an address moved to another origin removes the key in the same step, and says why', async () => {
    await keys.set(id, KEY, GATEWAY)
    expect(await keys.authorization(id, GATEWAY)).toBe(`Bearer ${KEY}`)
    const moved = profiles.update(id, { baseUrl: `${STRANGER}/t/acme` }, keys)
    expect(moved.keyRemoved).toBe('origin_changed')
    expect(keys.status(id)).toEqual({ hasKey: false, last4: null })
    const refused = await refusal(keys.authorization(id, STRANGER))
    expect(refused.message).toBe(
      `The key was removed because the gateway address moved to another server. Enter the key for ${STRANGER}.`
    )
    // Even the old origin no longer gets the (cached) key: it is gone, not hidden.
    await expect(keys.authorization(id, GATEWAY)).rejects.toBeInstanceOf(AppFailure)

    await keys.set(id, 'sk-new-key-for-stranger', STRANGER)
    expect(await keys.authorization(id, STRANGER)).toBe('Bearer sk-new-key-for-stranger')
  })

  it('[P11] a path change on the same origin keeps the key', async () => {
    await keys.set(id, KEY, GATEWAY)
    const moved = profiles.update(id, { baseUrl: `${GATEWAY}:443/t/other` }, keys)
    expect(moved.keyRemoved).toBeNull()
    expect(keys.status(id)).toEqual({ hasKey: true, last4: '1234' })
    expect(await keys.authorization(id, GATEWAY)).toBe(`Bearer ${KEY}`)
  })

  it('[P11] a key being saved while the address moves elsewhere is not stored for the new address', async () => {
    cipher.holding = true
    const saving = keys.set(id, KEY, GATEWAY)
    await new Promise((resolve) => setTimeout(resolve, 0))
    profiles.update(id, { baseUrl: STRANGER }, keys)
    cipher.hold?.()
    const refused = await refusal(saving)
    expect(refused.code).toBe('secrets.address_changed')
    expect(keys.status(id)).toEqual({ hasKey: false, last4: null })
  })

  it('a profile without a key sends nothing and says there is no key (not "the key was rejected"; issue 15)', async () => {
    const refused = await refusal(keys.authorization(id, GATEWAY))
    expect(refused.code).toBe('secrets.key_needed')
    expect(refused.message).toBe(
      `No API key is set for this gateway. Enter the key for ${GATEWAY} in Settings › Gateways.`
    )
  })
})
