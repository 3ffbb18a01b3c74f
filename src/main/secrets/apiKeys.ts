import { z } from 'zod'
import { originOf } from '../../shared/gateway/baseUrl'
import { AppFailure } from '../contract/failure'
import { say, type Said } from '../../shared/sentences'
import { writeTransaction, type Db } from '../db/connection'
import type { SecretCipher } from './cipher'

/** The contract's KeyProtection, with its words' code known to be one of our sentences. */
export interface KeyProtectionWords {
  protection: 'os' | 'weak'
  description: string
  words: Pick<Said, 'code' | 'values'>
}

export interface KeyStatus {
  hasKey: boolean
  last4: string | null
}

/** A profile and its key as one row; rows read back are parsed, never trusted by shape. */
const KeyRow = z.object({
  base_url: z.string(),
  key_removed: z.string().nullable(),
  ciphertext: z.instanceof(Buffer).nullable(),
  last4: z.string().nullable(),
  origin: z.string().nullable()
})
type KeyRow = z.output<typeof KeyRow>

/**
 * API keys per profile: ciphertext in the database, plaintext only inside this module and only on the way
 * into an `Authorization` header. Nothing here logs, and nothing returns the key except `authorization()`.
 *
 * Every key is bound to the origin (scheme, host, port) it was entered for: it is
 * stored with that origin, handed out only for a request to that origin, and reported as present only while
 * the profile still points there. An address change to another origin drops it (`keepOnlyFor`, run inside
 * the profile repository's transaction); the checks on read are the second line, so a bug elsewhere cannot
 * send it away.
 * This lives in the shared backend, so both shells (safeStorage or the web host's key file) get it.
 */
export class ApiKeyStore {
  /** Decrypted keys by profile, each with the ciphertext it came from: valid only while that row is. */
  private readonly cache = new Map<string, { ciphertext: Buffer; apiKey: string }>()

  constructor(
    private readonly db: Db,
    private readonly cipher: SecretCipher,
    /** The backend's one clock (`Clock.now`). */
    private readonly now: () => number
  ) {}

  /** The protection, its English description and the same by code (`words`) for the renderer. */
  get protection(): KeyProtectionWords {
    const { code, values, english } = this.cipher.description
    return {
      protection: this.cipher.protection,
      description: english,
      words: values === undefined ? { code } : { code, values }
    }
  }

  /**
   * Stores the key for `origin`, the origin of the profile's address the user entered it for. Encryption
   * may take a while (a keychain prompt); if the address moved to another origin meanwhile, the key is not
   * stored, so it can never end up bound to an address the user did not enter it for.
   */
  async set(profileId: string, apiKey: string, origin: string): Promise<KeyStatus> {
    const ciphertext = await this.cipher.encrypt(apiKey)
    const last4 = apiKey.slice(-4)
    writeTransaction(this.db, () => {
      const row = this.db.prepare('SELECT base_url FROM profiles WHERE id = ?').get(profileId) as
        { base_url: string } | undefined
      if (!row) throw new AppFailure('not_found', say('profileGone'))
      // Read only: `profiles` is the profile repository's table; this module writes `profile_keys` alone.
      if (originOf(row.base_url) !== origin) {
        throw new AppFailure('secrets.address_changed', say('addressChangedWhileSaving'))
      }
      this.db
        .prepare(
          `INSERT INTO profile_keys (profile_id, ciphertext, last4, protection, origin, updated_at)
           VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT(profile_id) DO UPDATE SET ciphertext = excluded.ciphertext, last4 = excluded.last4,
             protection = excluded.protection, origin = excluded.origin, updated_at = excluded.updated_at`
        )
        .run(profileId, ciphertext, last4, this.cipher.protection, origin, this.now())
    })
    this.cache.set(profileId, { ciphertext, apiKey })
    return { hasKey: true, last4 }
  }

  clear(profileId: string): void {
    this.db.prepare('DELETE FROM profile_keys WHERE profile_id = ?').run(profileId)
    this.cache.delete(profileId)
  }

  /**
   * Drops the profile's key unless it is bound to `origin`; returns whether one was dropped. Synchronous,
   * so the profile repository runs it inside the transaction that changes the address.
   */
  keepOnlyFor(profileId: string, origin: string | null): boolean {
    const dropped =
      this.db
        .prepare('DELETE FROM profile_keys WHERE profile_id = ? AND origin IS NOT ?')
        .run(profileId, origin).changes > 0
    if (dropped) this.cache.delete(profileId)
    return dropped
  }

  forget(profileId: string): void {
    this.cache.delete(profileId)
  }

  /** A key counts only while it is bound to the origin the profile points at now. */
  status(profileId: string): KeyStatus {
    const row = this.row(profileId)
    return row && row.last4 !== null && this.boundTo(row, originOf(row.base_url))
      ? { hasKey: true, last4: row.last4 }
      : { hasKey: false, last4: null }
  }

  /**
   * `Bearer <key>` for a request to `origin`. A profile with no key refuses the request before anything is
   * sent and says so (the gateway's 401 would read as "this key was rejected" when there is none);
   * so do a key bound to another origin and one removed because the address moved: no header goes to a
   * server the key is not for. Null only for a profile that no longer exists.
   */
  async authorization(profileId: string, origin: string | null): Promise<string | null> {
    const row = this.row(profileId)
    if (!row) return null
    const current = originOf(row.base_url) ?? row.base_url
    if (row.ciphertext === null) {
      if (row.key_removed === 'origin_changed') {
        throw new AppFailure('secrets.key_needed', say('keyRemoved', { origin: current }), {
          reason: 'origin_changed',
          origin: current
        })
      }
      throw new AppFailure('secrets.key_needed', say('noKey', { origin: current }), {
        reason: 'no_key',
        origin: current
      })
    }
    if (!this.boundTo(row, origin)) {
      this.cache.delete(profileId)
      throw new AppFailure('secrets.key_needed', say('keyElsewhere', { origin: current }), {
        reason: 'origin_mismatch',
        origin: current
      })
    }
    const cached = this.cache.get(profileId)
    if (cached && cached.ciphertext.equals(row.ciphertext)) return `Bearer ${cached.apiKey}`
    const apiKey = await this.cipher.decrypt(row.ciphertext)
    this.cache.set(profileId, { ciphertext: row.ciphertext, apiKey })
    return `Bearer ${apiKey}`
  }

  private boundTo(row: KeyRow, origin: string | null): boolean {
    return origin !== null && row.origin === origin
  }

  private row(profileId: string): KeyRow | null {
    const raw: unknown = this.db
      .prepare(
        `SELECT p.base_url, p.key_removed, k.ciphertext, k.last4, k.origin
         FROM profiles p LEFT JOIN profile_keys k ON k.profile_id = p.id WHERE p.id = ?`
      )
      .get(profileId)
    return raw === undefined ? null : KeyRow.parse(raw)
  }
}
